import { type DataOf, progressTaskWorkflow } from '@trialab/api-contract';
import { Button, Card, DatePicker, Descriptions, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAction } from '../../../../components/FormModal';
import { dash, formatTime } from '../../../../components/format';
import { StatusTag } from '../../../../components/StatusTag';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import type { Contract } from '../../../../services/contract';
import { callEndpoint } from '../../../../services/endpoint';
import { useEndpointQuery } from '../../../../services/query';
import { useSession } from '../../../../stores/session';
import { PlanActions } from '../parts';

type Detail = DataOf<Contract['progress']['get']>;
type Task = Detail['tasks'][number];
type Edit = Pick<Task, 'id' | 'ownerId' | 'plannedStart' | 'plannedDue'>;
const DAY = 'YYYY-MM-DD';

/**
 * /project/progress/project-plan-form-detail?id=: a plan's stages and tasks in order with their due
 * days and overdue marks; a draft or returned plan's owners and dates are adjusted here.
 */
export default function ProgressPlanDetailPage() {
  const { t } = useTranslation('projectProgress');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const userId = useSession((s) => s.user?.id);
  const query = useEndpointQuery((c) => c.progress.get, { params: { id } }, { enabled: id > 0 });
  const plan = query.data?.data;
  const [edits, setEdits] = useState<Record<number, Edit> | null>(null);
  const [run, busy] = useAction();
  if (!plan) return <Card loading={query.isLoading} />;
  const editable = edits !== null;
  const reload = () => query.refetch();
  const editOf = (task: Task): Edit => edits?.[task.id] ?? task;
  const change = (task: Task, patch: Partial<Edit>) =>
    setEdits((all) => ({ ...all, [task.id]: { ...editOf(task), ...patch } }));
  const save = () =>
    run(
      () =>
        callEndpoint((c) => c.progress.update, {
          params: { id },
          body: { version: plan.version, tasks: Object.values(edits ?? {}) },
        }).then(() => {
          setEdits(null);
          return reload();
        }),
      t('shared.done'),
    );
  const taskVersion = (task: Task) => ({ params: { id: task.id }, body: { version: task.version } });

  return (
    <Card
      title={`${plan.projectNo} ${plan.name}`}
      extra={
        <Space>
          {(plan.status === 'draft' || plan.status === 'returned') &&
            (editable ? (
              <Button type="primary" loading={busy} data-testid="progress-save" onClick={save}>
                {t('shared.save')}
              </Button>
            ) : (
              <Button data-testid="progress-edit" onClick={() => setEdits({})}>
                {t('shared.edit')}
              </Button>
            ))}
          <PlanActions row={plan} mine={plan.createdBy === userId} onDone={reload} />
        </Space>
      }
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item
          label={t('shared.project')}
        >{`${plan.projectNo} ${plan.projectName}`}</Descriptions.Item>
        <Descriptions.Item
          label={t('shared.template')}
        >{`${plan.templateCode} V${plan.templateRevision}`}</Descriptions.Item>
        <Descriptions.Item label={t('shared.startDate')}>{plan.startDate}</Descriptions.Item>
        <Descriptions.Item label={t('shared.status')}>
          <StatusTag group="plan" ns="projectProgress" status={plan.status} />
        </Descriptions.Item>
        <Descriptions.Item
          label={t('shared.progress')}
        >{`${plan.doneCount}/${plan.taskCount}`}</Descriptions.Item>
        {plan.reason && <Descriptions.Item label={t('shared.reason')}>{plan.reason}</Descriptions.Item>}
      </Descriptions>
      <Table<Task>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={plan.tasks}
        data-testid="progress-tasks"
        columns={[
          { dataIndex: 'stage', title: t('task.stage'), width: 120 },
          {
            dataIndex: 'name',
            title: t('task.name'),
            render: (name: string, task) => (
              <Space>
                {name}
                {task.needsApproval && <Tag>{t('task.needsApproval')}</Tag>}
              </Space>
            ),
          },
          {
            dataIndex: 'ownerId',
            title: t('task.owner'),
            width: 160,
            render: (_: unknown, task) =>
              editable ? (
                <Select
                  style={{ width: 140 }}
                  data-testid={`progress-owner-${task.id}`}
                  value={editOf(task).ownerId ?? undefined}
                  options={plan.staff.map((s) => ({ value: s.id, label: s.name }))}
                  onChange={(ownerId: number) => change(task, { ownerId })}
                />
              ) : (
                dash(task.ownerName)
              ),
          },
          ...(['plannedStart', 'plannedDue'] as const).map((key) => ({
            dataIndex: key,
            title: t(`task.${key}`),
            width: 150,
            render: (value: string, task: Task) =>
              editable ? (
                <DatePicker
                  allowClear={false}
                  value={dayjs(editOf(task)[key], DAY)}
                  onChange={(d) => d && change(task, { [key]: d.format(DAY) })}
                />
              ) : key === 'plannedDue' && task.overdue ? (
                <Space data-testid={`progress-overdue-${task.id}`}>
                  {value}
                  <Tag color="error">{t('task.overdue')}</Tag>
                </Space>
              ) : (
                value
              ),
          })),
          {
            dataIndex: 'status',
            title: t('shared.status'),
            width: 100,
            render: (status: string) => <StatusTag group="task" ns="projectProgress" status={status} />,
          },
          {
            dataIndex: 'completedAt',
            title: t('task.completedAt'),
            width: 170,
            render: (v: string | null) => formatTime(v),
          },
          {
            dataIndex: 'actions',
            title: '',
            width: 140,
            render: (_: unknown, task) => (
              <WorkflowActions
                workflow={progressTaskWorkflow}
                state={task.status}
                isApplicant={task.ownerId === userId}
                actions={{
                  approve: {
                    label: t('shared.approve'),
                    confirm: t('shared.confirmApprove'),
                    testId: `progress-task-approve-${task.id}`,
                    onClick: () =>
                      callEndpoint((c) => c.progress.approveTask, taskVersion(task)).then(reload),
                  },
                  return: {
                    label: t('shared.return'),
                    danger: true,
                    reason: {
                      title: t('shared.returnTitle'),
                      placeholder: t('shared.returnPlaceholder'),
                      testId: 'progress-task-return-reason',
                    },
                    onClick: (reason) =>
                      callEndpoint((c) => c.progress.returnTask, {
                        params: { id: task.id },
                        body: { version: task.version, reason: reason ?? '' },
                      }).then(reload),
                  },
                }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
