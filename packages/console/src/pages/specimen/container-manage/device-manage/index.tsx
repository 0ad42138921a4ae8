import {
  LIBRARY_PERMISSIONS as P,
  RACK_MAX,
  type StorageUnit,
  UNIT_KIND_WORDS,
  UNIT_STATUS_LABELS,
} from '@trialab/api-contract';
import { Checkbox, Form, Input, InputNumber, Select, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { col } from '../../../../components/columns';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { type ListColumn, ListPage, useListPage, useUrlTab } from '../../../../components/ListPage';
import { wordOptions } from '../../../../components/libraryWords';
import type { RowAction } from '../../../../components/RowActions';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation } from '../../../../services/query';
import {
  CODE_RULE,
  CodeSelect,
  CreateButton,
  conditionOptions,
  gridText,
  RestrictionsModal,
  UNIT_STATUS_COLORS,
  useBoxTypes,
  useConditions,
  useRackTypes,
  useRooms,
  useTexts,
} from '../parts';
import { MaintenanceTab, TaskModal } from './MaintenanceTab';
import { fillSummary, type UnitValues, unitBody } from './unitForm';

interface Filter {
  keyword?: string;
  roomId?: number;
  kind?: StorageUnit['kind'];
  status?: StorageUnit['status'];
}

const invalidates = [(c: Contract) => c.library.unitList, (c: Contract) => c.libraryContainers.rackList];

/** The to-do's `?status=<task state>` opens the maintenance tab on that state. */
const TAB_OF_STATUS = {
  planned: 'maintenance',
  due: 'maintenance',
  overdue: 'maintenance',
  done: 'maintenance',
} as const;

/**
 * /specimen/container-manage/device-manage: storage units (freezers, refrigerators, LN2 tanks) with
 * their room, condition, status and occupancy; a new unit may be filled with racks and boxes of
 * chosen types in one action. The maintenance tab plans defrosting, service, calibration and alarm
 * checks and records them done; due and overdue ones are reminders in the home to-do.
 */
export default function DeviceManagePage() {
  const t = useTexts('unit');
  const [tab, setTab] = useUrlTab<'units' | 'maintenance'>(TAB_OF_STATUS, 'units');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as 'units' | 'maintenance')}
      destroyOnHidden={false}
      items={[
        { key: 'units', label: t('tabUnits'), children: <UnitList />, forceRender: false },
        { key: 'maintenance', label: t('tabMaintenance'), children: <MaintenanceTab /> },
      ]}
    />
  );
}

function UnitList() {
  const t = useTexts('unit');
  const f = useTexts('shared');
  const list = useListPage((c) => c.library.unitList, {} as Filter);
  const create = useEndpointMutation((c) => c.library.unitCreate, { invalidates });
  const update = useEndpointMutation((c) => c.library.unitUpdate, { invalidates });
  const rooms = useRooms();
  const conditions = useConditions();
  const rackTypes = useRackTypes();
  const boxTypes = useBoxTypes();
  const [form] = Form.useForm<UnitValues>();
  const [editing, setEditing] = useState<StorageUnit | 'new' | null>(null);
  const [restricting, setRestricting] = useState<StorageUnit | null>(null);
  const [planning, setPlanning] = useState<StorageUnit | null>(null);
  const filling = Form.useWatch('fill', form);
  const watched = Form.useWatch([], form);

  const columns: ListColumn<StorageUnit>[] = [
    {
      ...col.text<StorageUnit>('code', f('code'), 110),
      filter: { name: 'keyword', input: <Input allowClear placeholder={f('keywordHint')} /> },
    },
    col.text<StorageUnit>('name', f('name')),
    col.occupancy<StorageUnit>(f('occupancy')),
    {
      ...col.text<StorageUnit>('roomName', t('room'), 140),
      filter: { name: 'roomId', input: <CodeSelect records={rooms} /> },
    },
    {
      ...col.words<StorageUnit>('kind', t('kind'), UNIT_KIND_WORDS, { width: 90 }),
      filter: <Select allowClear style={{ width: 120 }} options={wordOptions(UNIT_KIND_WORDS)} />,
    },
    {
      dataIndex: 'temperatureName',
      title: t('condition'),
      width: 130,
      render: (_: unknown, row: StorageUnit) =>
        row.setCelsius === null ? row.temperatureName : `${row.temperatureName} · ${row.setCelsius} ℃`,
    },
    {
      ...col.words<StorageUnit>('status', f('status'), UNIT_STATUS_LABELS, {
        width: 100,
        colors: UNIT_STATUS_COLORS,
      }),
      filter: <Select allowClear style={{ width: 120 }} options={wordOptions(UNIT_STATUS_LABELS)} />,
    },
    {
      dataIndex: 'rows',
      title: t('slots'),
      width: 90,
      render: (_: unknown, r: StorageUnit) => gridText(r.rows, r.cols),
    },
  ];
  const actions: RowAction<StorageUnit>[] = [
    { label: f('edit'), permission: P.unitEdit, testId: (r) => `unit-edit-${r.code}`, onClick: setEditing },
    {
      label: f('restrictions'),
      permission: P.mapPage,
      testId: (r) => `unit-restrict-${r.code}`,
      onClick: setRestricting,
    },
    {
      label: t('plan'),
      permission: P.unitMaintain,
      testId: (r) => `unit-plan-${r.code}`,
      onClick: setPlanning,
    },
  ];
  const isNew = editing === 'new';
  const save = (v: UnitValues) =>
    editing && editing !== 'new'
      ? update.mutateAsync({ params: { id: editing.id }, body: { ...unitBody(v), version: editing.version } })
      : create.mutateAsync({
          body: {
            ...unitBody(v),
            code: v.code,
            roomId: v.roomId,
            kind: v.kind,
            rows: v.rows,
            cols: v.cols,
            fill: v.fill ? v.fillWith : null,
          },
        });
  const summary = isNew ? fillSummary(watched, rackTypes) : null;

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="specimen.device-manage"
      columns={columns}
      toolbar={
        <CreateButton
          permission={P.unitEdit}
          testId="unit-create"
          label={t('create')}
          onClick={() => setEditing('new')}
        />
      }
      actions={{ width: 170, items: actions }}
    >
      <FormModal<UnitValues>
        open={editing !== null}
        title={t(isNew ? 'create' : 'edit')}
        name="unit"
        testId="unit-form"
        form={form}
        width={640}
        initialValues={
          editing && editing !== 'new'
            ? { ...editing, remark: editing.remark ?? '' }
            : { kind: 'freezer', status: 'active', rows: 5, cols: 1, fill: false }
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Space size="middle" align="start" wrap>
          <Form.Item
            name="code"
            label={f('code')}
            rules={[rules.required(f('code')), CODE_RULE(f('codeRule'))]}
          >
            <Input maxLength={32} disabled={!isNew} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="name"
            label={f('name')}
            rules={[rules.required(f('name')), rules.max(f('name'), 64)]}
          >
            <Input maxLength={64} style={{ width: 360 }} />
          </Form.Item>
        </Space>
        <Space size="middle" align="start" wrap>
          <Form.Item name="roomId" label={t('room')} rules={[rules.chosen(t('room'))]}>
            <CodeSelect records={rooms} disabled={!isNew} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="kind" label={t('kind')} rules={[rules.chosen(t('kind'))]}>
            <Select options={wordOptions(UNIT_KIND_WORDS)} disabled={!isNew} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="status"
            label={f('status')}
            rules={[rules.chosen(f('status'))]}
            extra={t('statusHint')}
          >
            <Select options={wordOptions(UNIT_STATUS_LABELS)} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Space size="middle" align="start" wrap>
          <Form.Item name="temperatureId" label={t('condition')} rules={[rules.chosen(t('condition'))]}>
            <Select options={conditionOptions(conditions)} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="setCelsius" label={t('setCelsius')}>
            <InputNumber min={-273} max={100} step={1} addonAfter="℃" style={{ width: 140 }} />
          </Form.Item>
        </Space>
        {isNew && (
          <Space size="middle" align="start" wrap>
            <Form.Item name="rows" label={t('shelves')} rules={[rules.amount(t('shelves'))]}>
              <InputNumber min={1} max={RACK_MAX} precision={0} />
            </Form.Item>
            <Form.Item name="cols" label={t('slotsPerShelf')} rules={[rules.amount(t('slotsPerShelf'))]}>
              <InputNumber min={1} max={RACK_MAX} precision={0} />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="remark" label={f('remark')} rules={[rules.max(f('remark'), 255)]}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        {isNew && (
          <>
            <Form.Item name="fill" valuePropName="checked">
              <Checkbox data-testid="unit-fill">{t('fill')}</Checkbox>
            </Form.Item>
            {filling && (
              <Space size="middle" align="start" wrap>
                <Form.Item
                  name={['fillWith', 'rackTypeId']}
                  label={t('rackType')}
                  rules={[rules.chosen(t('rackType'))]}
                >
                  <CodeSelect records={rackTypes} enabledOnly style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name={['fillWith', 'racks']} label={t('racks')} rules={[rules.amount(t('racks'))]}>
                  <InputNumber min={1} max={400} precision={0} />
                </Form.Item>
                <Form.Item name={['fillWith', 'boxTypeId']} label={t('boxType')} extra={t('boxTypeHint')}>
                  <CodeSelect records={boxTypes} enabledOnly style={{ width: 220 }} />
                </Form.Item>
              </Space>
            )}
            {summary && (
              <Typography.Paragraph
                type={summary.tooMany ? 'danger' : 'secondary'}
                data-testid="unit-fill-summary"
              >
                {t(
                  summary.tooMany ? 'fillTooMany' : summary.boxes ? 'fillSummary' : 'fillRacksOnly',
                  summary,
                )}
              </Typography.Paragraph>
            )}
          </>
        )}
      </FormModal>
      <RestrictionsModal
        target={restricting && { level: 'unit', id: restricting.id, name: restricting.name }}
        onClose={() => setRestricting(null)}
      />
      <TaskModal unit={planning} task={null} onClose={() => setPlanning(null)} />
    </ListPage>
  );
}
