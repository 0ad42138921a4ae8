import { Alert, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAction } from '../../../../components/FormModal';
import { useRecordId } from '../../../../components/FormPage';
import { useEndpointMutation, useEndpointQuery } from '../../../../services/query';
import { DETAIL, PlanSummary, taskLines } from '../parts';
import { type TaskPlan, TaskTable } from '../taskTable';

/**
 * /project/progress/edit-project-plan-form?id=: the owners and planned days of a draft or returned
 * plan, on the same task table as a new plan; only the tasks changed here are sent.
 */
export default function EditProgressPlanFormPage() {
  const { t } = useTranslation('projectProgress');
  const navigate = useNavigate();
  const id = useRecordId() ?? 0;
  const query = useEndpointQuery((c) => c.progress.get, { params: { id } }, { enabled: id > 0 });
  const plan = query.data?.data;
  const [changed, setChanged] = useState<Record<number, Partial<TaskPlan>>>({});
  const update = useEndpointMutation((c) => c.progress.update, {
    invalidates: [(c) => c.progress.get, (c) => c.progress.paging],
  });
  const [run, busy] = useAction();
  if (!plan) return <Card loading={query.isLoading} />;
  const editable = plan.status === 'draft' || plan.status === 'returned';
  const tasks = taskLines(plan).map((task) => ({ ...task, ...changed[task.id] }));

  const save = async () => {
    const body = {
      version: plan.version,
      tasks: tasks
        .filter((task) => changed[task.id])
        .map(({ id, ownerId, plannedStart, plannedDue }) => ({ id, ownerId, plannedStart, plannedDue })),
    };
    if (await run(() => update.mutateAsync({ params: { id }, body }), t('form.saved')))
      navigate(`${DETAIL}?id=${id}`);
  };

  return (
    <Card
      title={`${t('form.editTitle')}: ${plan.projectNo} ${plan.name}`}
      extra={
        <Space>
          <Button onClick={() => navigate(`${DETAIL}?id=${id}`)}>{t('form.back')}</Button>
          {editable && (
            <Button type="primary" loading={busy} data-testid="progress-save" onClick={save}>
              {t('shared.save')}
            </Button>
          )}
        </Space>
      }
    >
      <PlanSummary plan={plan} />
      {!editable && (
        <Alert type="info" showIcon message={t('form.notEditable')} style={{ marginBottom: 16 }} />
      )}
      <TaskTable
        tasks={tasks}
        staff={plan.staff}
        onChange={
          editable
            ? (task, patch) => setChanged((all) => ({ ...all, [task.id]: { ...all[task.id], ...patch } }))
            : undefined
        }
      />
    </Card>
  );
}
