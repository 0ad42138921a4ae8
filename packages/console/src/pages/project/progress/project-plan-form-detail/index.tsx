import { progressTaskWorkflow } from '@trialab/api-contract';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { col } from '../../../../components/columns';
import { useRecordId } from '../../../../components/FormPage';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import { callEndpoint } from '../../../../services/endpoint';
import { useEndpointQuery } from '../../../../services/query';
import { useSession } from '../../../../stores/session';
import { EDIT, PlanActions, PlanSummary, taskLines } from '../parts';
import { TaskTable } from '../taskTable';

type Line = ReturnType<typeof taskLines>[number];

/**
 * /project/progress/project-plan-form-detail?id=: a plan's stages and tasks in order with their due
 * days, overdue marks and forms; a draft or returned plan is adjusted on edit-project-plan-form.
 */
export default function ProgressPlanDetailPage() {
  const { t } = useTranslation('projectProgress');
  const navigate = useNavigate();
  const id = useRecordId() ?? 0;
  const userId = useSession((s) => s.user?.id);
  const query = useEndpointQuery((c) => c.progress.get, { params: { id } }, { enabled: id > 0 });
  const plan = query.data?.data;
  if (!plan) return <Card loading={query.isLoading} />;
  const reload = () => query.refetch();

  return (
    <Card
      title={`${plan.projectNo} ${plan.name}`}
      extra={
        <Space>
          {(plan.status === 'draft' || plan.status === 'returned') && (
            <Button data-testid="progress-edit" onClick={() => navigate(`${EDIT}?id=${plan.id}`)}>
              {t('shared.edit')}
            </Button>
          )}
          <PlanActions row={plan} userId={userId} onDone={reload} />
        </Space>
      }
    >
      <PlanSummary plan={plan} />
      <TaskTable<Line>
        tasks={taskLines(plan)}
        more={[
          col.status<Line>(progressTaskWorkflow, 130),
          col.time<Line>('completedAt', t('task.completedAt')),
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
                      callEndpoint((c) => c.progress.approveTask, {
                        params: { id: task.id },
                        body: { version: task.version },
                      }).then(reload),
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
