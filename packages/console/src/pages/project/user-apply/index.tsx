import type { AccountApplicationState, DataOf } from '@trialab/api-contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListPage, useListPage } from '../../../components/ListPage';
import { ApplicationFilters, applicationColumns } from '../../../components/UserApplication';
import type { Contract } from '../../../services/contract';

type ApplicationRow = DataOf<Contract['accountApplication']['staffPaging']>[number];

/**
 * /project/user-apply: the register of every account application of my projects (any state), for
 * follow-up; the detail opens /project/apply-account. Staff do not apply here: they create
 * accounts directly under platform administration.
 */
export default function ProjectUserApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(
    (c) => c.accountApplication.staffPaging,
    {} as { keyword?: string; status?: AccountApplicationState[] },
  );
  const open = (row: ApplicationRow) => navigate(`/project/apply-account?id=${row.id}`);
  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.user-apply"
      columns={applicationColumns(t, open)}
      filters={<ApplicationFilters />}
      actions={{
        width: 90,
        render: (row) => (
          <Button type="link" size="small" onClick={() => open(row)}>
            {t('portalAdmin.shared.view')}
          </Button>
        ),
      }}
    />
  );
}
