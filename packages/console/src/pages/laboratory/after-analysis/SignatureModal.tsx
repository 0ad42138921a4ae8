import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignatureModalProps {
  open: boolean;
  /** i18n key of what the signature means (shown before signing). */
  meaningKey: string;
  onSign(password: string): Promise<void>;
  onCancel(): void;
}

/** Electronic signature: the signer re-enters the password; meaning and time are recorded by the server. */
export function SignatureModal({ open, meaningKey, onSign, onCancel }: SignatureModalProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={t('lab.report.signTitle')}
      okText={t('lab.report.sign')}
      okButtonProps={{ disabled: !password, loading: busy, 'data-testid': 'signature-ok' } as never}
      onCancel={() => {
        setPassword('');
        onCancel();
      }}
      onOk={async () => {
        setBusy(true);
        try {
          await onSign(password);
          setPassword('');
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t(meaningKey)} style={{ marginBottom: 12 }} />
      <Form layout="vertical">
        <Form.Item label={t('lab.report.password')} required>
          <Input.Password
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="signature-password"
          />
        </Form.Item>
      </Form>
      <span style={{ fontSize: 12, opacity: 0.7 }}>{t('lab.report.signHint')}</span>
    </Modal>
  );
}
