import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../services/contract';
import { useEndpointQuery } from '../../services/query';
import { actionLabel, objectLabel } from './actionLabel';

type OptionsEndpoint = Contract['user']['operateLogOptions'] | Contract['projectItemLog']['options'];

const NONE: string[] = [];
const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

/**
 * The audit logs' pickers, in words: who, which action and (`objects`) which object, offered from
 * what the trail holds (the log's options endpoint); the values sent are the recorded ids.
 */
export function AuditPickers({
  endpoint,
  objects = false,
}: {
  endpoint: (c: Contract) => OptionsEndpoint;
  objects?: boolean;
}) {
  const { t: o } = useTranslation('system', { keyPrefix: 'operationLog' });
  const options = useEndpointQuery(endpoint).data?.data;
  const words = (ids: string[], label: (id: string) => string) =>
    ids.map((id) => ({ value: id, label: label(id) })).sort(byLabel);
  const select = { allowClear: true, showSearch: true, optionFilterProp: 'label' } as const;
  return (
    <>
      <Form.Item name="username" label={o('username')}>
        <Select
          {...select}
          style={{ width: 140 }}
          data-testid="audit-user"
          options={(options?.usernames ?? NONE).map((u) => ({ value: u, label: u }))}
        />
      </Form.Item>
      <Form.Item name="action" label={o('action')}>
        <Select
          {...select}
          style={{ width: 220 }}
          popupMatchSelectWidth={false}
          data-testid="audit-action"
          options={words(options?.actions ?? NONE, actionLabel)}
        />
      </Form.Item>
      {objects && (
        <Form.Item name="entity" label={o('entity')}>
          <Select
            {...select}
            style={{ width: 160 }}
            popupMatchSelectWidth={false}
            data-testid="audit-object"
            options={words(options?.entities ?? NONE, objectLabel)}
          />
        </Form.Item>
      )}
    </>
  );
}
