import { Alert, Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../services/endpoint';
import { useSession } from '../../stores/session';
import { useAction } from '../FormModal/useAction';
import { NewPasswordFields } from './NewPasswordFields';

export const PASSWORD_DIALOG_WIDTH = 450;

export interface PasswordDialogProps {
  open: boolean;
  reason: 'first-login' | 'expired';
  /** Validity of a password in days (the expired message says it must change every N days). */
  expireDays: number;
  /** The server accepted the new password (data truthy). Default: reload the page. */
  onSuccess?(): void;
  onFailed?(): void;
}

interface Values {
  password: string;
  confirm: string;
}

/**
 * SPEC section 2 and 4: titled "notification", 450 wide, not closable; first-login or
 * "valid for N days" message, the requirement hint, new and confirm fields and a confirm button.
 */
export function PasswordDialog({ open, reason, expireDays, onSuccess, onFailed }: PasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [run, loading] = useAction();

  const submit = async () => {
    const values = await form.validateFields();
    let accepted = false;
    await run(async () => {
      const response = await callEndpoint((c) => c.auth.firstUpdatePassword, {
        body: { password: values.password },
      });
      accepted = response.data;
    });
    // Refused (false) or not answered (the request helper said why).
    if (!accepted) {
      onFailed?.();
      return;
    }
    form.resetFields();
    useSession.getState().clearPasswordChange();
    if (onSuccess) onSuccess();
    else window.location.reload();
  };

  return (
    <Modal
      open={open}
      title={t('password.dialogTitle')}
      width={PASSWORD_DIALOG_WIDTH}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" loading={loading} onClick={() => void submit().catch(() => undefined)}>
          {t('password.confirm')}
        </Button>
      }
    >
      <div data-testid="password-dialog">
        <p>
          {reason === 'first-login' ? t('password.firstLogin') : t('password.expired', { days: expireDays })}
        </p>
        <Alert type="info" showIcon title={t('password.requirement')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" name="password-update">
          <NewPasswordFields />
        </Form>
      </div>
    </Modal>
  );
}
