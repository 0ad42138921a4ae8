import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../FormModal';

export interface SignatureModalProps {
  open: boolean;
  /** What the signature means (shown before signing). */
  meaning: string;
  onSign(password: string): Promise<unknown>;
  onCancel(): void;
}

/** Electronic signature: the signer re-enters the password; meaning and time are recorded by the server. */
export function SignatureModal({ open, meaning, onSign, onCancel }: SignatureModalProps) {
  const { t } = useTranslation('common', { keyPrefix: 'components.signature' });
  const [password, setPassword] = useState('');
  const [run, busy] = useAction();
  return (
    <Modal
      open={open}
      title={t('title')}
      okText={t('sign')}
      okButtonProps={{ disabled: !password, loading: busy, 'data-testid': 'signature-ok' } as never}
      onCancel={() => {
        setPassword('');
        onCancel();
      }}
      onOk={() =>
        void run(async () => {
          await onSign(password);
          setPassword('');
        })
      }
      destroyOnHidden
    >
      <Alert type="info" showIcon message={meaning} style={{ marginBottom: 12 }} />
      <Form layout="vertical" name="signature">
        <Form.Item label={t('password')} required>
          <Input.Password
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="signature-password"
          />
        </Form.Item>
      </Form>
      <span style={{ fontSize: 12, opacity: 0.7 }}>{t('hint')}</span>
    </Modal>
  );
}
