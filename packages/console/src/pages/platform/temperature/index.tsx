import { TEMPERATURE_PERMISSIONS, type TemperatureRow, temperatureRangeLabel } from '@trialab/api-contract';
import { Checkbox, Form, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { nameOf } from '../../../components/localName';
import { NumberInput } from '../../../components/NumberInput';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation } from '../../../services/query';
import {
  CodeNameFields,
  enabledColumn,
  KeywordFilter,
  SortField,
  useEditingActions,
} from '../referenceFields';

interface Filter {
  keyword?: string;
  use?: 'transport' | 'storage';
  enabled?: boolean;
}

interface Values {
  code: string;
  name: string;
  enName: string;
  minCelsius?: string;
  maxCelsius?: string;
  uses: Array<'transport' | 'storage'>;
  sort: string;
}

/** An empty bound is an open side of the range. */
const celsius = (value: string | undefined): number | null => (value?.trim() ? Number(value) : null);

/**
 * /platform/temperature: the transport and storage conditions shipments, plans and storage point
 * to. A range in °C (one bound means "at most" / "at least"), what it is used for, enable/disable.
 */
/** Every write changes the list: it is loaded again before the write resolves. */
const invalidates = [(api: Contract) => api.temperatures.paging];

export default function TemperaturePage() {
  const { t } = useTranslation('platformData', { keyPrefix: 'temperature' });
  const { t: c } = useTranslation('platformData', { keyPrefix: 'record' });
  const list = useListPage((api) => api.temperatures.paging, {} as Filter);
  const create = useEndpointMutation((api) => api.temperatures.create, { invalidates });
  const update = useEndpointMutation((api) => api.temperatures.update, { invalidates });
  const setStatus = useEndpointMutation((api) => api.temperatures.setStatus, { invalidates });
  const [editing, setEditing] = useState<TemperatureRow | 'new' | null>(null);
  const editingActions = useEditingActions<TemperatureRow>({
    permissions: TEMPERATURE_PERMISSIONS,
    testId: 'temperature',
    onEdit: setEditing,
  });

  const columns: ListColumn<TemperatureRow>[] = [
    col.text('code', c('code'), 100),
    col.localName<TemperatureRow>(c('name')),
    col.text('range', t('range'), 130),
    {
      dataIndex: 'forTransport',
      title: t('use'),
      render: (_, row) => (
        <>
          {row.forTransport && <Tag>{t('forTransport')}</Tag>}
          {row.forStorage && <Tag>{t('forStorage')}</Tag>}
        </>
      ),
      filter: {
        name: 'use',
        input: (
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'transport', label: t('forTransport') },
              { value: 'storage', label: t('forStorage') },
            ]}
          />
        ),
      },
    },
    col.text('sort', c('sort'), 80),
    enabledColumn({
      permission: TEMPERATURE_PERMISSIONS.status,
      testId: 'temperature',
      name: (row) => nameOf(row),
      setStatus,
    }),
  ];

  const save = (values: Values) => {
    const body = {
      code: values.code,
      name: values.name,
      enName: values.enName,
      minCelsius: celsius(values.minCelsius),
      maxCelsius: celsius(values.maxCelsius),
      forTransport: values.uses.includes('transport'),
      forStorage: values.uses.includes('storage'),
      sort: Number(values.sort || 0),
    };
    return editing && editing !== 'new'
      ? update.mutateAsync({ params: { id: editing.id }, body: { ...body, version: editing.version } })
      : create.mutateAsync({ body });
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="platform.temperature"
      columns={columns}
      filters={<KeywordFilter />}
      {...editingActions}
    >
      <FormModal<Values>
        open={editing !== null}
        title={t(editing === 'new' ? 'createTitle' : 'editTitle')}
        name="temperature"
        testId="temperature-form"
        initialValues={
          editing && editing !== 'new'
            ? {
                ...editing,
                minCelsius: editing.minCelsius === null ? '' : String(editing.minCelsius),
                maxCelsius: editing.maxCelsius === null ? '' : String(editing.maxCelsius),
                uses: [
                  ...(editing.forTransport ? ['transport' as const] : []),
                  ...(editing.forStorage ? ['storage' as const] : []),
                ],
                sort: String(editing.sort),
              }
            : { uses: ['transport', 'storage'], sort: '0' }
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <CodeNameFields />
        <Form.Item name="minCelsius" label={t('minCelsius')}>
          <NumberInput negative digit={1} min={-273} max={200} />
        </Form.Item>
        <Form.Item name="maxCelsius" label={t('maxCelsius')} extra={t('boundsHint')}>
          <NumberInput negative digit={1} min={-273} max={200} />
        </Form.Item>
        <RangePreview />
        <Form.Item name="uses" label={t('use')} rules={[rules.chosen(t('use'))]}>
          <Checkbox.Group
            options={[
              { value: 'transport', label: t('forTransport') },
              { value: 'storage', label: t('forStorage') },
            ]}
          />
        </Form.Item>
        <SortField />
      </FormModal>
    </ListPage>
  );
}

/** The range as every list and document will print it, while it is typed. */
function RangePreview() {
  const { t } = useTranslation('platformData', { keyPrefix: 'temperature' });
  const form = Form.useFormInstance<Values>();
  const min = Form.useWatch('minCelsius', form);
  const max = Form.useWatch('maxCelsius', form);
  const range = temperatureRangeLabel(celsius(min), celsius(max));
  return range ? (
    <Typography.Paragraph type="secondary" data-testid="temperature-range-preview">
      {t('preview', { range })}
    </Typography.Paragraph>
  ) : null;
}
