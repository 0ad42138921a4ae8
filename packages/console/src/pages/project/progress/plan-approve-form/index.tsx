import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRecordId } from '../../../../components/FormPage';
import { invalidateEndpoints, useConsoleQueryClient, useEndpointQuery } from '../../../../services/query';
import { useSession } from '../../../../stores/session';
import { APPROVE, PlanActions, PlanSummary, taskLines } from '../parts';
import { TaskTable } from '../taskTable';

/**
 * /project/progress/plan-approve-form?id=: the approver's view of one plan (stages, tasks, owners,
 * planned days, each task's form with any values) with the approve and return buttons its state allows.
 */
export default function PlanApproveFormPage() {
  const { t } = useTranslation('projectProgress');
  const navigate = useNavigate();
  const id = useRecordId() ?? 0;
  const userId = useSession((s) => s.user?.id);
  const client = useConsoleQueryClient();
  const query = useEndpointQuery((c) => c.progress.get, { params: { id } }, { enabled: id > 0 });
  const plan = query.data?.data;
  if (!plan) return <Card loading={query.isLoading} />;

  return (
    <Card
      title={`${t('form.approveTitle')}: ${plan.projectNo} ${plan.name}`}
      extra={
        <Space>
          <Button onClick={() => navigate(APPROVE)}>{t('form.back')}</Button>
          <PlanActions
            row={plan}
            userId={userId}
            onDone={() =>
              // Back to the list, which no longer holds the plan as it was.
              invalidateEndpoints(client, [(c) => c.progress.paging, (c) => c.progress.get]).then(() =>
                navigate(APPROVE),
              )
            }
          />
        </Space>
      }
    >
      <PlanSummary plan={plan} />
      <TaskTable tasks={taskLines(plan)} />
    </Card>
  );
}
