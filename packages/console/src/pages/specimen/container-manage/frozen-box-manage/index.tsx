import {
  BOX_KIND_WORDS,
  cellLabel,
  LIBRARY_PERMISSIONS as P,
  RACK_MAX,
  type StorageBoxItem,
} from '@trialab/api-contract';
import { Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { col } from '../../../../components/columns';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../../components/ListPage';
import { wordOptions } from '../../../../components/libraryWords';
import { BoxTimelineDrawer } from '../../../../components/RecordTimeline';
import type { RowAction } from '../../../../components/RowActions';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../../services/query';
import {
  CODE_RULE,
  CodeSelect,
  CreateButton,
  gridText,
  inUnitColumns,
  RestrictionsModal,
  useBoxTypes,
  useTexts,
  useUnits,
} from '../parts';
import { BoxCells } from './BoxCells';

interface Filter {
  keyword?: string;
  unitId?: number;
  rackId?: number;
  boxTypeId?: number;
  kind?: StorageBoxItem['kind'];
}

interface Values {
  code: string;
  boxTypeId: number;
  unitId: number;
  rackId?: number | null;
  rackRow?: number | null;
  rackCol?: number | null;
}

const invalidates = [
  (c: Contract) => c.libraryContainers.boxList,
  (c: Contract) => c.libraryContainers.rackList,
  (c: Contract) => c.library.unitList,
];

/** A box's place: "rack A3" in a rack slot (the rack's rows as letters), or loose in the unit. */
export function boxPlace(
  box: Pick<StorageBoxItem, 'rackCode' | 'rackRow' | 'rackCol'>,
  loose: string,
): string {
  if (!box.rackCode || !box.rackRow || !box.rackCol) return loose;
  return `${box.rackCode} · ${cellLabel({ cols: RACK_MAX, labels: 'alnum' }, box.rackRow, box.rackCol)}`;
}

/**
 * /specimen/container-manage/frozen-box-manage: boxes, bags and bins with where they are, their
 * type, blocked cells and occupancy; a box's cells are blocked and unblocked here, and a box is
 * sent to frozen-box-move to change its place.
 */
export default function BoxPage() {
  const t = useTexts('box');
  const f = useTexts('shared');
  const navigate = useNavigate();
  const units = useUnits();
  const boxTypes = useBoxTypes();
  const list = useListPage((c) => c.libraryContainers.boxList, {} as Filter, {
    url: { unitId: 'id', rackId: 'id' },
  });
  const create = useEndpointMutation((c) => c.library.boxCreate, { invalidates });
  const [adding, setAdding] = useState(false);
  const [cells, setCells] = useState<StorageBoxItem | null>(null);
  const [restricting, setRestricting] = useState<StorageBoxItem | null>(null);
  const [timeline, setTimeline] = useState<StorageBoxItem | null>(null);
  const { t: log } = useTranslation('libraryLog');
  const [form] = Form.useForm<Values>();
  const unitId = Form.useWatch('unitId', form);
  const allRacks =
    useEndpointQuery((c) => c.libraryContainers.rackList, { body: { page: 1, size: 500 } }).data?.data ?? [];
  const racks =
    useEndpointQuery(
      (c) => c.libraryContainers.rackList,
      { body: { page: 1, size: 400, unitId: unitId ?? 0 } },
      { enabled: Boolean(unitId) },
    ).data?.data ?? [];

  const columns: ListColumn<StorageBoxItem>[] = [
    ...inUnitColumns<StorageBoxItem>(
      {
        code: f('code'),
        keywordHint: f('keywordHint'),
        occupancy: f('occupancy'),
        unit: t('unit'),
        unitStatus: t('unitStatus'),
      },
      units,
      { code: 150, unit: 200 },
    ),
    {
      dataIndex: 'rackCode',
      title: t('place'),
      width: 150,
      render: (_: unknown, r: StorageBoxItem) => boxPlace(r, t('loose')),
      filter: { name: 'rackId', input: <CodeSelect records={allRacks} /> },
    },
    {
      ...col.text<StorageBoxItem>('boxTypeName', t('type'), 170),
      filter: { name: 'boxTypeId', input: <CodeSelect records={boxTypes} /> },
    },
    {
      ...col.words<StorageBoxItem>('kind', t('kind'), BOX_KIND_WORDS, { width: 90 }),
      filter: <Select allowClear style={{ width: 110 }} options={wordOptions(BOX_KIND_WORDS)} />,
    },
    {
      dataIndex: 'rows',
      title: t('grid'),
      width: 80,
      render: (_: unknown, r: StorageBoxItem) => gridText(r.rows, r.cols),
    },
    { dataIndex: 'blocked', title: t('blocked'), width: 80, render: (v: number) => (v ? `✕ ${v}` : '-') },
  ];
  const actions: RowAction<StorageBoxItem>[] = [
    {
      label: t('cells'),
      permission: P.mapPage,
      testId: (r) => `box-cells-${r.code}`,
      hidden: (r) => r.kind !== 'grid',
      onClick: setCells,
    },
    {
      label: f('restrictions'),
      permission: P.mapPage,
      testId: (r) => `box-restrict-${r.code}`,
      onClick: setRestricting,
    },
    {
      label: t('move'),
      permission: P.boxMove,
      testId: (r) => `box-move-${r.code}`,
      onClick: (r) => navigate(`/specimen/container-manage/frozen-box-move?boxId=${r.id}`),
    },
    {
      label: log('timeline.open'),
      permission: P.logPage,
      testId: (r) => `box-timeline-${r.code}`,
      onClick: setTimeline,
    },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="specimen.frozen-box-manage"
      columns={columns}
      toolbar={
        <CreateButton
          permission={P.boxEdit}
          testId="box-create"
          label={t('create')}
          onClick={() => setAdding(true)}
        />
      }
      actions={{ width: 240, items: actions }}
    >
      <FormModal<Values>
        open={adding}
        title={t('create')}
        name="box"
        testId="box-form"
        form={form}
        initialValues={{}}
        onSave={(v) =>
          create.mutateAsync({
            body: {
              ...v,
              rackId: v.rackId ?? null,
              rackRow: v.rackId ? v.rackRow : null,
              rackCol: v.rackId ? v.rackCol : null,
            },
          })
        }
        onClose={() => setAdding(false)}
      >
        <Form.Item
          name="code"
          label={f('code')}
          rules={[rules.required(f('code')), CODE_RULE(f('codeRule'))]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="boxTypeId" label={t('type')} rules={[rules.chosen(t('type'))]}>
          <CodeSelect records={boxTypes} enabledOnly />
        </Form.Item>
        <Form.Item name="unitId" label={t('unit')} rules={[rules.chosen(t('unit'))]}>
          <CodeSelect records={units} onChange={() => form.setFieldValue('rackId', null)} />
        </Form.Item>
        <Form.Item name="rackId" label={t('rack')} extra={t('looseHint')}>
          <CodeSelect records={racks} />
        </Form.Item>
        <Space size="middle" align="start">
          <Form.Item name="rackRow" label={t('rackRow')}>
            <InputNumber min={1} max={RACK_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="rackCol" label={t('rackCol')}>
            <InputNumber min={1} max={RACK_MAX} precision={0} />
          </Form.Item>
        </Space>
      </FormModal>
      <BoxCells box={cells} onClose={() => setCells(null)} />
      <BoxTimelineDrawer box={timeline} onClose={() => setTimeline(null)} />
      <RestrictionsModal
        target={restricting && { level: 'box', id: restricting.id, name: restricting.code }}
        onClose={() => setRestricting(null)}
      />
    </ListPage>
  );
}
