import { LIBRARY_PERMISSIONS as P, type StorageRackItem } from '@trialab/api-contract';
import { Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { col } from '../../../../components/columns';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../../components/ListPage';
import type { RowAction } from '../../../../components/RowActions';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation } from '../../../../services/query';
import {
  CODE_RULE,
  CodeSelect,
  CreateButton,
  gridText,
  inUnitColumns,
  RestrictionsModal,
  useBoxTypes,
  useRackTypes,
  useTexts,
  useUnits,
} from '../parts';

interface Filter {
  keyword?: string;
  unitId?: number;
  rackTypeId?: number;
}

interface Values {
  code: string;
  unitId: number;
  slot: number;
  rackTypeId: number;
  boxTypeId?: number | null;
}

const invalidates = [
  (c: Contract) => c.libraryContainers.rackList,
  (c: Contract) => c.libraryContainers.boxList,
  (c: Contract) => c.library.unitList,
];

/**
 * /specimen/container-manage/frozen-manage: racks in their unit slots with their type, boxes and
 * occupancy (sums of the boxes' counters); a new rack may get a box of a type in every slot.
 */
export default function RackPage() {
  const t = useTexts('rack');
  const f = useTexts('shared');
  const navigate = useNavigate();
  const units = useUnits();
  const rackTypes = useRackTypes();
  const boxTypes = useBoxTypes();
  const list = useListPage((c) => c.libraryContainers.rackList, {} as Filter, { url: { unitId: 'id' } });
  const create = useEndpointMutation((c) => c.library.rackCreate, { invalidates });
  const [adding, setAdding] = useState(false);
  const [restricting, setRestricting] = useState<StorageRackItem | null>(null);

  const columns: ListColumn<StorageRackItem>[] = [
    ...inUnitColumns<StorageRackItem>(
      {
        code: f('code'),
        keywordHint: f('keywordHint'),
        occupancy: f('occupancy'),
        unit: t('unit'),
        unitStatus: t('unitStatus'),
      },
      units,
      { code: 140, unit: 210 },
    ),
    col.text<StorageRackItem>('roomName', t('room'), 130),
    col.text<StorageRackItem>('slot', t('slot'), 70),
    {
      ...col.text<StorageRackItem>('rackTypeName', t('type'), 150),
      filter: { name: 'rackTypeId', input: <CodeSelect records={rackTypes} /> },
    },
    {
      dataIndex: 'rows',
      title: t('grid'),
      width: 80,
      render: (_: unknown, r: StorageRackItem) => gridText(r.rows, r.cols),
    },
    {
      dataIndex: 'boxes',
      title: t('boxes'),
      width: 90,
      render: (v: number, r: StorageRackItem) => `${v} / ${r.rows * r.cols}`,
    },
  ];
  const actions: RowAction<StorageRackItem>[] = [
    {
      label: t('showBoxes'),
      testId: (r) => `rack-boxes-${r.code}`,
      onClick: (r) => navigate(`/specimen/container-manage/frozen-box-manage?rackId=${r.id}`),
    },
    {
      label: f('restrictions'),
      permission: P.mapPage,
      testId: (r) => `rack-restrict-${r.code}`,
      onClick: setRestricting,
    },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="specimen.frozen-manage"
      columns={columns}
      toolbar={
        <CreateButton
          permission={P.rackEdit}
          testId="rack-create"
          label={t('create')}
          onClick={() => setAdding(true)}
        />
      }
      actions={{ width: 160, items: actions }}
    >
      <FormModal<Values>
        open={adding}
        title={t('create')}
        name="rack"
        testId="rack-form"
        initialValues={{ slot: 1 }}
        onSave={(v) => create.mutateAsync({ body: { ...v, boxTypeId: v.boxTypeId ?? null } })}
        onClose={() => setAdding(false)}
      >
        <Form.Item name="unitId" label={t('unit')} rules={[rules.chosen(t('unit'))]}>
          <CodeSelect records={units} />
        </Form.Item>
        <Form.Item name="slot" label={t('slot')} rules={[rules.amount(t('slot'))]} extra={t('slotHint')}>
          <InputNumber min={1} max={400} precision={0} />
        </Form.Item>
        <Form.Item
          name="code"
          label={f('code')}
          rules={[rules.required(f('code')), CODE_RULE(f('codeRule'))]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="rackTypeId" label={t('type')} rules={[rules.chosen(t('type'))]}>
          <CodeSelect records={rackTypes} enabledOnly />
        </Form.Item>
        <Form.Item name="boxTypeId" label={t('boxType')} extra={t('boxTypeHint')}>
          <CodeSelect records={boxTypes} enabledOnly />
        </Form.Item>
      </FormModal>
      <RestrictionsModal
        target={restricting && { level: 'rack', id: restricting.id, name: restricting.code }}
        onClose={() => setRestricting(null)}
      />
    </ListPage>
  );
}
