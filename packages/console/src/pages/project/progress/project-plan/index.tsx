import { PROGRESS_PERMISSIONS, type ProgressPlanState } from '@trialab/api-contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../../access/useAccess';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { useSession } from '../../../../stores/session';
import { CREATE, DETAIL, PlanActions, PlanStatusFilter, planColumns } from '../parts';

type Filter = { status?: ProgressPlanState };

/** /project/progress/project-plan: the progress plans of my projects; a new one opens project-plan-form. */
export default function ProgressPlansPage() {
  const { t } = useTranslation('projectProgress', { keyPrefix: 'shared' });
  const { can } = useAccess();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.progress.paging, {} as Filter, { url: { status: 'one' } });

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.progress.project-plan"
      columns={planColumns(t)}
      filters={<PlanStatusFilter />}
      toolbar={
        can(PROGRESS_PERMISSIONS.edit) && (
          <Button type="primary" data-testid="progress-create" onClick={() => navigate(CREATE)}>
            {t('create')}
          </Button>
        )
      }
      actions={{
        width: 220,
        render: (row) => <PlanActions row={row} userId={userId} view={DETAIL} onDone={() => list.reload()} />,
      }}
    />
  );
}
