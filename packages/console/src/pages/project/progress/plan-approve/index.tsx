import type { ProgressPlanState } from '@trialab/api-contract';
import { useTranslation } from 'react-i18next';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { useSession } from '../../../../stores/session';
import { APPROVE_FORM, PlanActions, PlanStatusFilter, planColumns } from '../parts';

type Filter = { status?: ProgressPlanState };

/**
 * /project/progress/plan-approve: plans awaiting approval (by default), approved or returned here;
 * a row opens plan-approve-form.
 */
export default function PlanApprovePage() {
  const { t } = useTranslation('projectProgress', { keyPrefix: 'shared' });
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.progress.paging, { status: 'submitted' } as Filter, {
    url: { status: 'one' },
  });
  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.progress.plan-approve"
      columns={planColumns(t)}
      filters={<PlanStatusFilter />}
      actions={{
        width: 200,
        render: (row) => (
          <PlanActions row={row} userId={userId} view={APPROVE_FORM} onDone={() => list.reload()} />
        ),
      }}
    />
  );
}
