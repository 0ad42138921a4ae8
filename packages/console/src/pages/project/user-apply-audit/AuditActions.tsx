import { accountApplicationWorkflow, type DataOf } from '@trialab/api-contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';

type ApplicationRow = DataOf<Contract['accountApplication']['staffPaging']>[number];
type Target = Pick<ApplicationRow, 'id' | 'version' | 'status' | 'applicantId' | 'mobile'>;

/**
 * Pass and reject of an account application, as the workflow allows them for this user. Passing
 * creates the account and sends its first-login password, so it is confirmed first.
 */
export function ApplicationAuditActions({
  row,
  onDone,
  before,
}: {
  row: Target;
  onDone: () => void;
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);

  // A refused audit rejects on: WorkflowActions keeps the reason dialog open with what was typed.
  const audit = async (pass: boolean, reason: string | null) => {
    await callEndpoint((c) => c.accountApplication.audit, {
      params: { id: row.id },
      body: { version: row.version, pass, reason },
    });
    feedback.success(t(pass ? 'portalAdmin.application.passedOk' : 'portalAdmin.application.rejectedOk'));
    onDone();
  };

  return (
    <WorkflowActions
      workflow={accountApplicationWorkflow}
      state={row.status}
      isApplicant={row.applicantId === userId}
      before={before}
      actions={{
        approve: {
          label: t('portalAdmin.application.actions.approve'),
          testId: `application-pass-${row.mobile}`,
          confirm: t('portalAdmin.application.confirmPass'),
          onClick: () => audit(true, null),
        },
        reject: {
          label: t('portalAdmin.application.actions.reject'),
          testId: `application-reject-${row.mobile}`,
          danger: true,
          reason: {
            title: t('portalAdmin.application.rejectTitle'),
            placeholder: t('portalAdmin.application.rejectHint'),
            testId: 'application-reject-reason',
          },
          onClick: (reason) => audit(false, reason),
        },
      }}
    />
  );
}
