import { accountApplicationWorkflow, availableActions, PORTAL_LIMITS } from '@trialab/api-contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../access/useAccess';
import { confirmDialog } from '../../../components/ConfirmDialog';
import { ReasonModal } from '../../../components/ReasonModal';
import type { ApplicationRow } from '../../../services/portalAdmin';
import { accountApi } from '../../../services/portalAdmin';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';

type Target = Pick<ApplicationRow, 'id' | 'version' | 'status' | 'applicantId' | 'mobile'>;

/**
 * Pass and reject of an account application, as the workflow allows them for this user. Passing
 * creates the account and sends its first-login password, so it is confirmed first.
 */
export function useApplicationAudit(onDone: () => void) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const userId = useSession((s) => s.user?.id);
  const [rejecting, setRejecting] = useState<Target | null>(null);

  const audit = async (row: Target, pass: boolean, reason: string | null) => {
    try {
      await accountApi.audit(row.id, { version: row.version, pass, reason });
      feedback.success(t(pass ? 'webAdmin.application.passedOk' : 'webAdmin.application.rejectedOk'));
      onDone();
    } catch {
      // shown by the request helper
    }
  };

  const buttons = (row: Target) => {
    const actions = availableActions(accountApplicationWorkflow, row.status, {
      can: (p) => can(p),
      isApplicant: row.applicantId === userId,
    });
    return (
      <>
        {actions.includes('approve') && (
          <Button
            type="link"
            size="small"
            data-testid={`application-pass-${row.mobile}`}
            onClick={async () => {
              try {
                await confirmDialog({ content: t('webAdmin.application.confirmPass') });
              } catch {
                return;
              }
              await audit(row, true, null);
            }}
          >
            {t('webAdmin.application.actions.approve')}
          </Button>
        )}
        {actions.includes('reject') && (
          <Button
            type="link"
            size="small"
            danger
            data-testid={`application-reject-${row.mobile}`}
            onClick={() => setRejecting(row)}
          >
            {t('webAdmin.application.actions.reject')}
          </Button>
        )}
      </>
    );
  };

  const modal = (
    <ReasonModal
      open={rejecting !== null}
      title={t('webAdmin.application.rejectTitle')}
      placeholder={t('webAdmin.application.rejectHint')}
      max={PORTAL_LIMITS.rejectReason}
      required
      testId="application-reject-reason"
      onCancel={() => setRejecting(null)}
      onOk={(reason) => {
        const row = rejecting;
        setRejecting(null);
        if (row) void audit(row, false, reason);
      }}
    />
  );
  return { buttons, modal };
}
