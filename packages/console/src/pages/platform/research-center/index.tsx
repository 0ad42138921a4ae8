import { type DataOf, RESEARCH_CENTER_PERMISSIONS } from '@trialab/api-contract';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { nameOf } from '../../../components/localName';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation } from '../../../services/query';
import { enabledColumn, useEditingActions } from '../referenceFields';
import { CenterDetail } from './CenterDetail';

type Row = DataOf<Contract['researchCenter']['paging']>[number];

interface Filter {
  code?: string;
  name?: string;
  city?: string;
  enabled?: boolean;
}

interface Values {
  code: string;
  name: string;
  enName?: string;
  province?: string;
  city?: string;
  address?: string;
  phone?: string;
}

const P = RESEARCH_CENTER_PERMISSIONS;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$/;
/** Every write changes the list (and an open detail): they load again before the write resolves. */
const invalidates = [(api: Contract) => api.researchCenter.paging, (api: Contract) => api.researchCenter.get];

/**
 * /platform/research-center: the institutions (hospitals) the lab works with, each once, with its
 * contacts and the projects it takes part in. A project's site is the centre's participation in
 * that project, under the project's own centre number.
 */
export default function ResearchCenterPage() {
  const { t } = useTranslation('researchCenter', { keyPrefix: 'list' });
  const { t: f } = useTranslation('researchCenter', { keyPrefix: 'form' });
  const { t: tr } = useTranslation();
  const list = useListPage((api) => api.researchCenter.paging, {} as Filter);
  const create = useEndpointMutation((api) => api.researchCenter.create, { invalidates });
  const update = useEndpointMutation((api) => api.researchCenter.update, { invalidates });
  const setStatus = useEndpointMutation((api) => api.researchCenter.setStatus, { invalidates });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const editingActions = useEditingActions<Row>({
    permissions: { create: P.add, update: P.edit },
    testId: 'research-center',
    onEdit: setEditing,
  });
  const editingId = editing && editing !== 'new' ? editing.id : undefined;

  // Checked as typed, so the administrator learns before saving (the server refuses it anyway).
  const free = (field: 'code' | 'name', message: string) =>
    rules.free(message, async (value) => {
      const taken = await callEndpoint((c) => c.researchCenter.checkExist, {
        body: { field, value, id: editingId },
      });
      return taken.data;
    });

  const columns: ListColumn<Row>[] = [
    {
      ...col.text<Row>('code', t('code'), 110),
      filter: <Input allowClear maxLength={32} style={{ width: 130 }} />,
    },
    {
      dataIndex: 'name',
      title: t('name'),
      render: (_, row) => nameOf(row),
      filter: <Input allowClear maxLength={64} placeholder={t('nameHint')} />,
    },
    col.text('province', t('province'), 100),
    {
      ...col.text<Row>('city', t('city'), 100),
      filter: <Input allowClear maxLength={32} style={{ width: 120 }} />,
    },
    col.text('phone', t('phone'), 140),
    col.text('projectCount', t('projectCount'), 100),
    enabledColumn({
      permission: P.toggle,
      testId: 'research-center',
      name: (row) => nameOf(row),
      setStatus,
    }),
    col.time('updatedAt', tr('fields.updatedAt')),
  ];

  const save = (values: Values) => {
    const body = {
      code: values.code,
      name: values.name,
      enName: values.enName?.trim() || null,
      province: values.province?.trim() || null,
      city: values.city?.trim() || null,
      address: values.address?.trim() || null,
      phone: values.phone?.trim() || null,
    };
    return editing && editing !== 'new'
      ? update.mutateAsync({ params: { id: editing.id }, body: { ...body, version: editing.version } })
      : create.mutateAsync({ body });
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="platform.research-center"
      columns={columns}
      toolbar={editingActions.toolbar}
      actions={{
        width: 130,
        items: [
          {
            label: t('detail'),
            testId: (row) => `research-center-detail-${row.code}`,
            onClick: (row) => setShown(row.id),
          },
          ...editingActions.actions.items,
        ],
      }}
    >
      <FormModal<Values>
        open={editing !== null}
        title={t(editing === 'new' ? 'create' : 'edit')}
        name="researchCenter"
        testId="research-center-form"
        initialValues={
          editing && editing !== 'new'
            ? {
                code: editing.code,
                name: editing.name,
                enName: editing.enName ?? undefined,
                province: editing.province ?? undefined,
                city: editing.city ?? undefined,
                address: editing.address ?? undefined,
                phone: editing.phone ?? undefined,
              }
            : undefined
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          name="code"
          label={t('code')}
          validateDebounce={300}
          rules={[
            rules.required(t('code')),
            { pattern: CODE_PATTERN, message: f('codeRule') },
            free('code', f('codeTaken')),
          ]}
        >
          <Input maxLength={16} placeholder={t('codeHint')} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('name')}
          validateDebounce={300}
          rules={[rules.required(t('name')), rules.max(t('name'), 64), free('name', f('nameTaken'))]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="enName" label={t('enName')} rules={[rules.max(t('enName'), 128)]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="province" label={t('province')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="city" label={t('city')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="address" label={t('address')}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')}>
          <Input maxLength={32} />
        </Form.Item>
      </FormModal>
      <CenterDetail id={shown} onClose={() => setShown(null)} />
    </ListPage>
  );
}
