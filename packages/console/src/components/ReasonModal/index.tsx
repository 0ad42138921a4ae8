import { Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShowLimit } from '../ShowLimit';

export interface ReasonModalProps {
  open: boolean;
  title: string;
  placeholder: string;
  /** SPEC section 5: reject and cancel reasons are at most 255 characters. */
  max: number;
  required: boolean;
  testId: string;
  /** The answer is being saved: OK shows it and takes no second click. */
  saving?: boolean;
  onCancel(): void;
  onOk(reason: string): void;
}

/** Asks for the reason of a reject or cancel, with the show-limit counter. */
export function ReasonModal({
  open,
  title,
  placeholder,
  max,
  required,
  testId,
  saving = false,
  onCancel,
  onOk,
}: ReasonModalProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const trimmed = reason.trim();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('portal.shared.confirm')}
      cancelText={t('portal.shared.cancel')}
      confirmLoading={saving}
      okButtonProps={{ danger: true, disabled: (required && trimmed.length === 0) || reason.length > max }}
      onCancel={onCancel}
      onOk={() => onOk(trimmed)}
    >
      <Input.TextArea
        rows={3}
        value={reason}
        placeholder={placeholder}
        onChange={(e) => setReason(e.target.value)}
        status={reason.length > max ? 'error' : undefined}
        data-testid={testId}
      />
      <ShowLimit value={reason} max={max} />
    </Modal>
  );
}
