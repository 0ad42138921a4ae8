import { type DataOf, progressPlanWorkflow } from '@trialab/api-contract';
import { Button, Col, Descriptions, Form, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { StatusTag, stateText } from '../../../components/StatusTag';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';

export type PlanRow = DataOf<Contract['progress']['paging']>[number];
export type PlanDetail = DataOf<Contract['progress']['get']>;
export const DETAIL = '/project/progress/project-plan-form-detail';
export const CREATE = '/project/progress/project-plan-form';
export const EDIT = '/project/progress/edit-project-plan-form';
export const APPROVE = '/project/progress/plan-approve';
export const APPROVE_FORM = '/project/progress/plan-approve-form';

/** The plan's tasks as the task table shows them (keyed by id). */
export const taskLines = (plan: PlanDetail) => plan.tasks.map((task) => ({ ...task, key: task.id }));

/** The head of one plan: project, template, start, state, progress and why it was returned. */
export function PlanSummary({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('projectProgress', { keyPrefix: 'shared' });
  return (
    <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('project')}>{`${plan.projectNo} ${plan.projectName}`}</Descriptions.Item>
      <Descriptions.Item
        label={t('template')}
      >{`${plan.templateCode} V${plan.templateRevision}`}</Descriptions.Item>
      <Descriptions.Item label={t('startDate')}>{plan.startDate}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <StatusTag workflow={progressPlanWorkflow} status={plan.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('progress')}>{`${plan.doneCount}/${plan.taskCount}`}</Descriptions.Item>
      <Descriptions.Item label={t('createdBy')}>{dash(plan.createdByName)}</Descriptions.Item>
      {plan.reason && <Descriptions.Item label={t('reason')}>{plan.reason}</Descriptions.Item>}
    </Descriptions>
  );
}

/** The columns both plan lists show. */
export function planColumns(t: TFunction<'projectProgress', 'shared'>): DataColumn<PlanRow>[] {
  return [
    col.projectNo<PlanRow>(),
    col.text<PlanRow>('projectName', t('project'), 180),
    col.text<PlanRow>('name', t('name'), 200),
    col.text<PlanRow>('startDate', t('startDate'), 110),
    {
      dataIndex: 'doneCount',
      title: t('progress'),
      width: 90,
      render: (_: unknown, row: PlanRow) => `${row.doneCount}/${row.taskCount}`,
    },
    col.status<PlanRow>(progressPlanWorkflow),
    col.text<PlanRow>('createdByName', t('createdBy'), 100),
    col.time<PlanRow>('updatedAt', t('updatedAt')),
  ];
}

export function PlanStatusFilter() {
  const { t } = useTranslation('projectProgress');
  return (
    <Col span={6}>
      <Form.Item name="status" label={t('shared.status')}>
        <Select
          allowClear
          options={(['draft', 'submitted', 'approved', 'returned'] as const).map((s) => ({
            value: s,
            label: stateText(progressPlanWorkflow, s),
          }))}
        />
      </Form.Item>
    </Col>
  );
}

/** View (opens `view?id=`), submit, approve and return: the plan workflow's buttons for one row. */
export function PlanActions({
  row,
  onDone,
  userId,
  view,
}: {
  row: PlanRow;
  onDone(): unknown;
  userId: number | undefined;
  view?: string;
}) {
  const { t } = useTranslation('projectProgress', { keyPrefix: 'shared' });
  const navigate = useNavigate();
  const params = { id: row.id };
  const version = row.version;
  return (
    <WorkflowActions
      workflow={progressPlanWorkflow}
      state={row.status}
      isApplicant={row.createdBy === userId}
      isAuthor={userId !== undefined && row.authorIds.includes(userId)}
      before={
        view && (
          <Button
            type="link"
            size="small"
            data-testid={`progress-view-${row.id}`}
            onClick={() => navigate(`${view}?id=${row.id}`)}
          >
            {t('view')}
          </Button>
        )
      }
      actions={{
        submit: {
          label: t('submit'),
          confirm: t('confirmSubmit'),
          testId: `progress-submit-${row.id}`,
          onClick: () => callEndpoint((c) => c.progress.submit, { params, body: { version } }).then(onDone),
        },
        approve: {
          label: t('approve'),
          confirm: t('confirmApprove'),
          testId: `progress-approve-${row.id}`,
          onClick: () => callEndpoint((c) => c.progress.approve, { params, body: { version } }).then(onDone),
        },
        return: {
          label: t('return'),
          danger: true,
          testId: `progress-return-${row.id}`,
          reason: {
            title: t('returnTitle'),
            placeholder: t('returnPlaceholder'),
            testId: `progress-return-reason`,
          },
          onClick: (reason) =>
            callEndpoint((c) => c.progress.return, { params, body: { version, reason: reason ?? '' } }).then(
              onDone,
            ),
        },
      }}
    />
  );
}
