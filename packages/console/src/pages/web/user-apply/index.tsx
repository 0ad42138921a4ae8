import {
  ACCOUNT_APPLICATION_PERMISSIONS,
  type AccountApplicationState,
  accountApplicationWorkflow,
  availableActions,
} from '@trialab/api-contract';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../access/useAccess';
import { confirmDialog } from '../../../components/ConfirmDialog';
import { ListPage, useListPage } from '../../../components/ListPage';
import { type ApplicationRow, accountApi } from '../../../services/portalAdmin';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import { ApplicationFilters, ApplicationModal, applicationColumns } from './parts';

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
    try {
      await confirmDialog({ content: t('webAdmin.application.confirmWithdraw') });
    } catch {
      return;
    }
    try {
      await accountApi.withdraw(row.id, row.version);
      feedback.success(t('webAdmin.application.withdrawnOk'));
      await list.reload();
    } catch {
      // shown by the request helper
    }
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
            {t('webAdmin.application.new')}
          </Button>
        )
      }
      actions={{
        width: 140,
        render: (row) => {
          const actions = availableActions(accountApplicationWorkflow, row.status, {
            can: (p) => can(p),
            isApplicant: row.applicantId === userId,
          });
          return (
            <>
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('webAdmin.common.view')}
              </Button>
              {actions.includes('withdraw') && (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => void withdraw(row)}
                  data-testid={`application-withdraw-${row.mobile}`}
                >
                  {t('webAdmin.application.actions.withdraw')}
                </Button>
              )}
            </>
          );
        },
      }}
    >
      <ApplicationModal id={viewing} endpoint={(c) => c.accountApplication.get} onClose={close} />
    </ListPage>
  );
}
