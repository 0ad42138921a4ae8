import { PLAN_PERMISSIONS, projectPlanWorkflow } from '@trialab/api-contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../access/useAccess';
import { confirmed } from '../../../components/ConfirmDialog';
import { useAction } from '../../../components/FormModal';
import { ListPage, useListPage } from '../../../components/ListPage';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { callEndpoint } from '../../../services/endpoint';
import { useSession } from '../../../stores/session';
import {
  EDITABLE,
  PLAN_PAGES,
  type PlanFilter,
  PlanFilters,
  type PlanListRow,
  usePlanColumns,
} from './parts';

/**
 * /project/plan: every version of the plans of my projects. Drafts and returned versions are edited
 * and submitted here, approved ones put online; an online version is changed through a revision.
 */
export default function PlanListPage() {
  const { t } = useTranslation('projectPlan', { keyPrefix: 'shared' });
  const { can } = useAccess();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.plan.paging, {} as PlanFilter, { url: { status: 'one' } });
  const columns = usePlanColumns();
  const [run] = useAction();
  const editable = can(PLAN_PERMISSIONS.edit);

  const revise = async (row: PlanListRow) => {
    if (!(await confirmed({ content: t('confirmRevise') }))) return;
    await run(async () => {
      const { data } = await callEndpoint((c) => c.plan.revise, { params: { id: row.id }, body: {} });
      navigate(`${PLAN_PAGES.edit}?id=${data.id}`);
    }, t('revised'));
  };

  const actions = (row: PlanListRow) => {
    const params = { id: row.id };
    const body = { version: row.version };
    const link = (key: 'view' | 'edit' | 'revise', onClick: () => unknown) => (
      <Button type="link" size="small" data-testid={`plan-${key}-${row.id}`} onClick={onClick}>
        {t(key)}
      </Button>
    );
    return (
      <WorkflowActions
        workflow={projectPlanWorkflow}
        state={row.status}
        isApplicant={row.createdBy === userId}
        isAuthor={userId !== undefined && row.authorIds.includes(userId)}
        before={
          <>
            {link('view', () => navigate(`${PLAN_PAGES.detail}?id=${row.id}`))}
            {editable &&
              EDITABLE.includes(row.status) &&
              link('edit', () => navigate(`${PLAN_PAGES.edit}?id=${row.id}`))}
            {editable && row.status === 'online' && link('revise', () => revise(row))}
          </>
        }
        actions={{
          submit: {
            label: t('submit'),
            confirm: t('confirmSubmit'),
            testId: `plan-submit-${row.id}`,
            onClick: () => callEndpoint((c) => c.plan.submit, { params, body }).then(list.reload),
          },
          goOnline: {
            label: t('goOnline'),
            confirm: t('confirmGoOnline'),
            testId: `plan-online-${row.id}`,
            onClick: () => callEndpoint((c) => c.plan.goOnline, { params, body }).then(list.reload),
          },
        }}
      />
    );
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.plan"
      columns={columns}
      filters={<PlanFilters />}
      toolbar={
        editable && (
          <Button type="primary" data-testid="plan-create" onClick={() => navigate(PLAN_PAGES.edit)}>
            {t('create')}
          </Button>
        )
      }
      actions={{ width: 260, render: actions }}
    />
  );
}
