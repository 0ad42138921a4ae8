import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../components/ReasonModal';

/** Every role change asks why (Part 11): the server refuses it without a reason and audits it. */
export function RoleReason({
  open,
  saving,
  onCancel,
  onOk,
}: {
  open: boolean;
  saving: boolean;
  onCancel(): void;
  onOk(reason: string): void;
}) {
  const { t } = useTranslation('roles', { keyPrefix: 'reason' });
  return (
    <ReasonModal
      open={open}
      title={t('title')}
      placeholder={t('placeholder')}
      max={255}
      required
      testId="role-reason"
      saving={saving}
      onCancel={onCancel}
      onOk={onOk}
    />
  );
}
