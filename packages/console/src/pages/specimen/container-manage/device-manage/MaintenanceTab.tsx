import {
  MAINTENANCE_KIND_WORDS,
  MAINTENANCE_STATES,
  type MaintenanceTask,
  LIBRARY_PERMISSIONS as P,
  type StorageUnit,
  UNIT_STATUS_LABELS,
  unitMaintenanceWorkflow,
} from '@trialab/api-contract';
import { Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { col } from '../../../../components/columns';
import { RangedDatePicker } from '../../../../components/DatePicker';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../../components/ListPage';
import { wordLabel, wordOptions } from '../../../../components/libraryWords';
import type { RowAction } from '../../../../components/RowActions';
import { stateText } from '../../../../components/StatusTag';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation } from '../../../../services/query';
import { CodeSelect, CreateButton, UNIT_STATUS_COLORS, useTexts, useUnits } from '../parts';

interface Filter {
  keyword?: string;
  unitId?: number;
  kind?: MaintenanceTask['kind'];
  status?: MaintenanceTask['status'];
}

interface TaskValues {
  unitId: number;
  kind: MaintenanceTask['kind'];
  dueOn: Dayjs;
  intervalDays?: number | null;
  remark?: string;
}

const invalidates = [(c: Contract) => c.libraryMaintenance.taskList, (c: Contract) => c.todo.counts];

/** The maintenance tab of device-manage: tasks of every unit, due and overdue first. */
export function MaintenanceTab() {
  const t = useTexts('maintenance');
  const f = useTexts('shared');
  const units = useUnits();
  const list = useListPage((c) => c.libraryMaintenance.taskList, {} as Filter, { url: { status: 'one' } });
  const complete = useEndpointMutation((c) => c.libraryMaintenance.taskComplete, { invalidates });
  const remove = useEndpointMutation((c) => c.libraryMaintenance.taskRemove, { invalidates });
  const [editing, setEditing] = useState<MaintenanceTask | 'new' | null>(null);

  const columns: ListColumn<MaintenanceTask>[] = [
    {
      dataIndex: 'unitCode',
      title: t('unit'),
      width: 200,
      render: (_: unknown, r: MaintenanceTask) => `${r.unitCode} ${r.unitName}`,
      filter: { name: 'unitId', input: <CodeSelect records={units} /> },
    },
    {
      ...col.words<MaintenanceTask>('unitStatus', t('unitStatus'), UNIT_STATUS_LABELS, {
        width: 100,
        colors: UNIT_STATUS_COLORS,
      }),
    },
    {
      ...col.words<MaintenanceTask>('kind', t('kind'), MAINTENANCE_KIND_WORDS, { width: 120 }),
      filter: <Select allowClear style={{ width: 160 }} options={wordOptions(MAINTENANCE_KIND_WORDS)} />,
    },
    col.text<MaintenanceTask>('dueOn', t('dueOn'), 110),
    {
      dataIndex: 'intervalDays',
      title: t('repeat'),
      width: 130,
      render: (v: number | null) => (v ? t('everyDays', { days: v }) : t('once')),
    },
    {
      ...col.status<MaintenanceTask>(unitMaintenanceWorkflow),
      filter: (
        <Select
          allowClear
          style={{ width: 130 }}
          options={MAINTENANCE_STATES.map((s) => ({
            value: s,
            label: stateText(unitMaintenanceWorkflow, s),
          }))}
        />
      ),
    },
    col.text<MaintenanceTask>('remark', f('remark'), 180),
    col.time<MaintenanceTask>('doneAt', t('doneAt')),
    col.text<MaintenanceTask>('doneByName', t('doneBy'), 100),
    col.text<MaintenanceTask>('doneRemark', t('doneRemark'), 180),
  ];
  const open = (r: MaintenanceTask) => r.status !== 'done';
  const actions: RowAction<MaintenanceTask>[] = [
    {
      label: t('complete'),
      permission: P.unitMaintain,
      hidden: (r) => !open(r),
      testId: (r) => `task-complete-${r.id}`,
      reason: {
        title: (r) =>
          t('completeTitle', { unit: r.unitCode, kind: wordLabel(MAINTENANCE_KIND_WORDS, r.kind) }),
        placeholder: t('completeHint'),
        max: 255,
        required: false,
        testId: 'task-complete-remark',
      },
      run: (r, remark) =>
        complete.mutateAsync({ params: { id: r.id }, body: { version: r.version, reason: remark || null } }),
      done: t('completed'),
    },
    {
      label: f('edit'),
      permission: P.unitMaintain,
      hidden: (r) => !open(r),
      testId: (r) => `task-edit-${r.id}`,
      onClick: setEditing,
    },
    {
      label: t('remove'),
      permission: P.unitMaintain,
      danger: true,
      hidden: (r) => !open(r),
      confirm: (r) =>
        t('removeConfirm', {
          unit: r.unitCode,
          kind: wordLabel(MAINTENANCE_KIND_WORDS, r.kind),
          day: r.dueOn,
        }),
      run: (r) => remove.mutateAsync({ params: { id: r.id }, body: { version: r.version } }),
      done: t('removed'),
    },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="specimen.device-manage.maintenance"
      columns={columns}
      filters={
        <Form.Item name="keyword" label={f('keyword')}>
          <Input allowClear maxLength={64} placeholder={f('keywordHint')} />
        </Form.Item>
      }
      toolbar={
        <CreateButton
          permission={P.unitMaintain}
          testId="task-create"
          label={t('create')}
          onClick={() => setEditing('new')}
        />
      }
      actions={{ width: 190, items: actions }}
    >
      <TaskModal unit={null} task={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}

/** Plan a task (of a unit chosen here or given) or reschedule an open one. */
export function TaskModal({
  unit,
  task,
  onClose,
}: {
  unit: StorageUnit | null;
  task: MaintenanceTask | 'new' | null;
  onClose(): void;
}) {
  const t = useTexts('maintenance');
  const f = useTexts('shared');
  const units = useUnits();
  const create = useEndpointMutation((c) => c.libraryMaintenance.taskCreate, { invalidates });
  const update = useEndpointMutation((c) => c.libraryMaintenance.taskUpdate, { invalidates });
  const editing = task && task !== 'new' ? task : null;
  const save = (v: TaskValues) => {
    const plan = {
      kind: v.kind,
      dueOn: v.dueOn.format('YYYY-MM-DD'),
      intervalDays: v.intervalDays ?? null,
      remark: v.remark || null,
    };
    return editing
      ? update.mutateAsync({ params: { id: editing.id }, body: { ...plan, version: editing.version } })
      : create.mutateAsync({ body: { ...plan, unitId: v.unitId } });
  };
  return (
    <FormModal<TaskValues>
      open={unit !== null || task !== null}
      title={editing ? t('edit') : unit ? t('createFor', { unit: `${unit.code} ${unit.name}` }) : t('create')}
      name="task"
      testId="task-form"
      initialValues={
        editing
          ? { ...editing, dueOn: dayjs(editing.dueOn), remark: editing.remark ?? '' }
          : { unitId: unit?.id, kind: 'defrost', dueOn: dayjs().add(7, 'day') }
      }
      onSave={save}
      onClose={onClose}
    >
      <Form.Item name="unitId" label={t('unit')} rules={[rules.chosen(t('unit'))]}>
        <CodeSelect records={units} disabled={unit !== null || editing !== null} />
      </Form.Item>
      <Form.Item name="kind" label={t('kind')} rules={[rules.chosen(t('kind'))]}>
        <Select options={wordOptions(MAINTENANCE_KIND_WORDS)} />
      </Form.Item>
      <Form.Item name="dueOn" label={t('dueOn')} rules={[rules.chosen(t('dueOn'))]}>
        <RangedDatePicker />
      </Form.Item>
      <Form.Item name="intervalDays" label={t('repeat')} extra={t('repeatHint')}>
        <InputNumber min={1} max={3650} precision={0} addonAfter={t('days')} />
      </Form.Item>
      <Form.Item name="remark" label={f('remark')} rules={[rules.max(f('remark'), 255)]}>
        <Input.TextArea maxLength={255} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
