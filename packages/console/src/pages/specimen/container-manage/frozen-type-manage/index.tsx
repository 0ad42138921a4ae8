import { LIBRARY_PERMISSIONS as P, RACK_MAX, type RackType } from '@trialab/api-contract';
import { Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { col } from '../../../../components/columns';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../../components/ListPage';
import type { RowAction } from '../../../../components/RowActions';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation } from '../../../../services/query';
import { CodeNameItems, CreateButton, gridText, typeEnabledColumn, useTexts } from '../parts';

interface Filter {
  keyword?: string;
}

interface Values {
  code: string;
  name: string;
  rows: number;
  cols: number;
}

const invalidates = [(c: Contract) => c.library.rackTypeList];

/**
 * /specimen/container-manage/frozen-type-manage: rack types (rows × columns of box slots). A rack
 * keeps the grid it was made with; renaming or disabling a type changes no rack.
 */
export default function RackTypePage() {
  const t = useTexts('rackType');
  const f = useTexts('shared');
  const list = useListPage((c) => c.library.rackTypeList, {} as Filter);
  const create = useEndpointMutation((c) => c.library.rackTypeCreate, { invalidates });
  const update = useEndpointMutation((c) => c.library.rackTypeUpdate, { invalidates });
  const [editing, setEditing] = useState<RackType | 'new' | null>(null);

  const columns: ListColumn<RackType>[] = [
    {
      ...col.text<RackType>('code', f('code'), 140),
      filter: { name: 'keyword', input: <Input allowClear placeholder={f('keywordHint')} /> },
    },
    col.text<RackType>('name', f('name')),
    {
      dataIndex: 'rows',
      title: t('grid'),
      width: 140,
      render: (_: unknown, r: RackType) => gridText(r.rows, r.cols),
    },
    {
      dataIndex: 'cols',
      title: t('slots'),
      width: 100,
      render: (_: unknown, r: RackType) => r.rows * r.cols,
    },
    typeEnabledColumn<RackType>(P.rackTypeEdit, 'rack-type', update),
  ];
  const actions: RowAction<RackType>[] = [
    {
      label: f('edit'),
      permission: P.rackTypeEdit,
      testId: (r) => `rack-type-edit-${r.code}`,
      onClick: setEditing,
    },
  ];
  const save = (v: Values) =>
    editing && editing !== 'new'
      ? update.mutateAsync({
          params: { id: editing.id },
          body: { version: editing.version, name: v.name, enabled: editing.enabled },
        })
      : create.mutateAsync({ body: v });

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="specimen.frozen-type-manage"
      columns={columns}
      toolbar={
        <CreateButton
          permission={P.rackTypeEdit}
          testId="rack-type-create"
          label={t('create')}
          onClick={() => setEditing('new')}
        />
      }
      actions={{ width: 90, items: actions }}
    >
      <FormModal<Values>
        open={editing !== null}
        title={t(editing === 'new' ? 'create' : 'edit')}
        name="rackType"
        testId="rack-type-form"
        initialValues={editing && editing !== 'new' ? editing : { rows: 4, cols: 5 }}
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <CodeNameItems isNew={editing === 'new'} />
        <Space size="middle" align="start">
          <Form.Item
            name="rows"
            label={t('rows')}
            rules={[rules.amount(t('rows'))]}
            extra={editing !== 'new' && t('gridKept')}
          >
            <InputNumber min={1} max={RACK_MAX} precision={0} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="cols" label={t('cols')} rules={[rules.amount(t('cols'))]}>
            <InputNumber min={1} max={RACK_MAX} precision={0} disabled={editing !== 'new'} />
          </Form.Item>
        </Space>
      </FormModal>
    </ListPage>
  );
}
