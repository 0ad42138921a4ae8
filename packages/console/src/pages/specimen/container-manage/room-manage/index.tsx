import { LIBRARY_PERMISSIONS as P, type StorageRoom } from '@trialab/api-contract';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { col } from '../../../../components/columns';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../../components/ListPage';
import type { RowAction } from '../../../../components/RowActions';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation } from '../../../../services/query';
import {
  CodeNameItems,
  CreateButton,
  conditionOptions,
  RestrictionsModal,
  useConditions,
  useTexts,
} from '../parts';

interface Filter {
  keyword?: string;
}

interface Values {
  code: string;
  name: string;
  temperatureId: number;
  location?: string;
  remark?: string;
}

const invalidates = [(c: Contract) => c.library.roomList];

/**
 * /specimen/container-manage/room-manage: the library's rooms (temperature zones), how many units
 * each holds and how full they are (the units' counters), and their restrictions.
 */
export default function RoomManagePage() {
  const t = useTexts('room');
  const f = useTexts('shared');
  const list = useListPage((c) => c.library.roomList, {} as Filter);
  const create = useEndpointMutation((c) => c.library.roomCreate, { invalidates });
  const update = useEndpointMutation((c) => c.library.roomUpdate, { invalidates });
  const conditions = useConditions();
  const [editing, setEditing] = useState<StorageRoom | 'new' | null>(null);
  const [restricting, setRestricting] = useState<StorageRoom | null>(null);

  const columns: ListColumn<StorageRoom>[] = [
    {
      ...col.text<StorageRoom>('code', f('code'), 120),
      filter: { name: 'keyword', input: <Input allowClear placeholder={f('keywordHint')} /> },
    },
    col.text<StorageRoom>('name', f('name'), 200),
    col.text<StorageRoom>('temperatureName', t('zone'), 120),
    col.text<StorageRoom>('location', t('location'), 160),
    col.text<StorageRoom>('units', t('units'), 90),
    col.occupancy<StorageRoom>(f('occupancy')),
    col.text<StorageRoom>('remark', f('remark')),
  ];
  const actions: RowAction<StorageRoom>[] = [
    { label: f('edit'), permission: P.roomEdit, testId: (r) => `room-edit-${r.code}`, onClick: setEditing },
    {
      label: f('restrictions'),
      permission: P.mapPage,
      testId: (r) => `room-restrict-${r.code}`,
      onClick: setRestricting,
    },
  ];
  const save = (v: Values) => {
    const body = {
      name: v.name,
      temperatureId: v.temperatureId,
      location: v.location || null,
      remark: v.remark || null,
    };
    return editing && editing !== 'new'
      ? update.mutateAsync({ params: { id: editing.id }, body: { ...body, version: editing.version } })
      : create.mutateAsync({ body: { ...body, code: v.code } });
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="specimen.room-manage"
      columns={columns}
      toolbar={
        <CreateButton
          permission={P.roomEdit}
          testId="room-create"
          label={t('create')}
          onClick={() => setEditing('new')}
        />
      }
      actions={{ width: 150, items: actions }}
    >
      <FormModal<Values>
        open={editing !== null}
        title={t(editing === 'new' ? 'create' : 'edit')}
        name="room"
        testId="room-form"
        initialValues={
          editing && editing !== 'new'
            ? { ...editing, location: editing.location ?? '', remark: editing.remark ?? '' }
            : {}
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <CodeNameItems isNew={editing === 'new'} />
        <Form.Item name="temperatureId" label={t('zone')} rules={[rules.chosen(t('zone'))]}>
          <Select options={conditionOptions(conditions)} />
        </Form.Item>
        <Form.Item name="location" label={t('location')} rules={[rules.max(t('location'), 128)]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="remark" label={f('remark')} rules={[rules.max(f('remark'), 255)]}>
          <Input.TextArea maxLength={255} showCount />
        </Form.Item>
      </FormModal>
      <RestrictionsModal
        target={restricting && { level: 'room', id: restricting.id, name: restricting.name }}
        onClose={() => setRestricting(null)}
      />
    </ListPage>
  );
}
