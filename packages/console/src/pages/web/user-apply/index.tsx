import {
  ACCOUNT_APPLICATION_PERMISSIONS,
  type AccountApplicationState,
  accountApplicationWorkflow,
} from '@trialab/api-contract';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../access/useAccess';
import { ListPage, useListPage } from '../../../components/ListPage';
import type { ApplicationRow } from '../../../components/UserApplication';
import {
  ApplicationFilters,
  ApplicationModal,
  applicationColumns,
} from '../../../components/UserApplication';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { callEndpoint } from '../../../services/endpoint';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';

type State = AccountApplicationState;

/** /web/user-apply: my applications for colleagues' portal accounts; view and withdraw. */
export default function UserApplyPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.accountApplication.paging, {} as { keyword?: string; status?: State[] });
  const [viewing, setViewing] = useState<number | null>(null);
  const close = useCallback(() => setViewing(null), []);

  const withdraw = async (row: ApplicationRow) => {
    await callEndpoint((c) => c.accountApplication.withdraw, {
      params: { id: row.id },
      body: { version: row.version },
    });
    feedback.success(t('portalAdmin.application.withdrawnOk'));
    await list.reload();
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="web.user-apply"
      columns={applicationColumns(t, (row) => setViewing(row.id))}
      filters={<ApplicationFilters />}
      toolbar={
        can(ACCOUNT_APPLICATION_PERMISSIONS.create) && (
          <Button type="primary" onClick={() => navigate('/web/apply-account')} data-testid="application-new">
            {t('portalAdmin.application.new')}
          </Button>
        )
      }
      actions={{
        width: 140,
        items: [{ label: t('portalAdmin.shared.view'), onClick: (row) => setViewing(row.id) }],
        render: (row) => (
          <WorkflowActions
            workflow={accountApplicationWorkflow}
            state={row.status}
            isApplicant={row.applicantId === userId}
            actions={{
              withdraw: {
                label: t('portalAdmin.application.actions.withdraw'),
                testId: `application-withdraw-${row.mobile}`,
                danger: true,
                confirm: t('portalAdmin.application.confirmWithdraw'),
                onClick: () => withdraw(row),
              },
            }}
          />
        ),
      }}
    >
      <ApplicationModal id={viewing} endpoint={(c) => c.accountApplication.get} onClose={close} />
    </ListPage>
  );
}
