import type { FormField } from '@trialab/api-contract';
import { DatePicker, Form, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { StaticTable } from '../../../components/DataTable';
import { DynamicFields } from '../../../components/DynamicForm';
import { dash } from '../../../components/format';

const DAY = 'YYYY-MM-DD';

/** A task as the plan pages show it: a saved task (key = id) or one a new plan would copy (key = sort). */
export interface TaskLine {
  key: number;
  stage: string;
  name: string;
  ownerId: number | null;
  ownerName?: string | null;
  plannedStart: string;
  plannedDue: string;
  needsApproval: boolean;
  overdue?: boolean;
  fields: readonly FormField[] | null;
  values?: Record<string, unknown> | null;
}
export type TaskPlan = Pick<TaskLine, 'ownerId' | 'plannedStart' | 'plannedDue'>;

/** The task's form as its owner will fill it (or filled it), read-only. */
function TaskForm({ task }: { task: TaskLine }) {
  return (
    <Form
      layout="vertical"
      disabled
      initialValues={task.values ?? {}}
      style={{ maxWidth: 560 }}
      data-testid={`progress-form-${task.key}`}
    >
      <DynamicFields fields={task.fields ?? []} disabled />
    </Form>
  );
}

/**
 * A plan's tasks in stage order: owner and planned days (editable when `onChange` is given, owners
 * from `staff`), the approval mark, and each task's form unfolded under its row.
 */
export function TaskTable<T extends TaskLine>({
  tasks,
  staff = [],
  onChange,
  more = [],
}: {
  tasks: readonly T[];
  staff?: ReadonlyArray<{ id: number; name: string }>;
  onChange?(task: T, patch: Partial<TaskPlan>): void;
  /** Columns after the planned days (state, workflow buttons). */
  more?: TableColumnsType<T>;
}) {
  const { t } = useTranslation('projectProgress', { keyPrefix: 'task' });
  const ownerName = (task: T) => task.ownerName ?? staff.find((s) => s.id === task.ownerId)?.name;
  const columns: TableColumnsType<T> = [
    { dataIndex: 'stage', title: t('stage'), width: 120 },
    {
      dataIndex: 'name',
      title: t('name'),
      width: 300,
      render: (name: string, task) => (
        <Space>
          {name}
          {task.needsApproval && <Tag>{t('needsApproval')}</Tag>}
          {task.fields && <Tag color="blue">{t('form')}</Tag>}
        </Space>
      ),
    },
    {
      dataIndex: 'ownerId',
      title: t('owner'),
      width: onChange ? 160 : 110,
      render: (_: unknown, task) =>
        onChange ? (
          <Select
            style={{ width: 140 }}
            data-testid={`progress-owner-${task.key}`}
            value={task.ownerId ?? undefined}
            options={staff.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(ownerId: number) => onChange(task, { ownerId })}
          />
        ) : (
          dash(ownerName(task))
        ),
    },
    ...(['plannedStart', 'plannedDue'] as const).map((key) => ({
      dataIndex: key,
      title: t(key),
      width: onChange || key === 'plannedDue' ? 160 : 120,
      render: (value: string, task: T) =>
        onChange ? (
          <DatePicker
            allowClear={false}
            data-testid={`progress-${key}-${task.key}`}
            value={dayjs(value, DAY)}
            onChange={(d) => d && onChange(task, { [key]: d.format(DAY) })}
          />
        ) : key === 'plannedDue' && task.overdue ? (
          <Space data-testid={`progress-overdue-${task.key}`}>
            {value}
            <Tag color="error">{t('overdue')}</Tag>
          </Space>
        ) : (
          value
        ),
    })),
    ...more,
  ];
  return (
    <StaticTable<T>
      rowKey="key"
      paged={false}
      dataSource={tasks as T[]}
      data-testid="progress-tasks"
      columns={columns}
      expandable={{
        rowExpandable: (task) => task.fields !== null,
        expandedRowRender: (task) => <TaskForm task={task} />,
      }}
    />
  );
}
