import { ResultCode } from '@trialab/api-contract/signing';
import { App, Button, Form, Input, Modal, Space, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runAction, useAction } from '../../components/FormModal/useAction';
import { NewPasswordFields } from '../../components/PasswordDialog/NewPasswordFields';
import { SlidePuzzle } from '../../components/SlidePuzzle';
import { callEndpoint } from '../../services/endpoint';
import { RequestError } from '../../services/request';
import { isEmail, isMobile } from '../../utils/validators';
import { useCodeCountdown } from './useCodeCountdown';

interface Values {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * Forgot password: confirm the account with a code (after the puzzle), which the server trades
 * for a short-lived reset token, then set a new password with that token.
 */
export function ForgotPassword({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [puzzle, setPuzzle] = useState(false);
  const [run, busy] = useAction();
  const [resetToken, setResetToken] = useState<string>();
  const countdown = useCodeCountdown();

  const byEmail = (account: string) => account.includes('@');

  const close = () => {
    form.resetFields();
    setResetToken(undefined);
    setStep(0);
    onClose();
  };

  const sendCode = async (passToken: string) => {
    setPuzzle(false);
    const account: string = form.getFieldValue('account');
    const sent = await runAction(() =>
      byEmail(account)
        ? callEndpoint((c) => c.auth.sendLoginMailCode, { body: { email: account, passToken } })
        : callEndpoint((c) => c.auth.sendLoginSmsCode, { body: { mobile: account, passToken } }),
    );
    if (sent) {
      message.success(t('login.codeSent'));
      countdown.start();
    }
  };

  // SPEC: any HTTP status is an answer for the code checks (the body's code still decides).
  const checkCode = (account: string, code: string) =>
    byEmail(account)
      ? callEndpoint(
          (c) => c.auth.checkEmailCode,
          { body: { email: account, code } },
          { acceptStatus: 'any' },
        )
      : callEndpoint(
          (c) => c.auth.checkSmsCode,
          { body: { mobile: account, code } },
          { acceptStatus: 'any' },
        );

  const confirmAccount = async () => {
    const { account, code } = await form.validateFields(['account', 'code']);
    await run(async () => {
      const response = await checkCode(account.trim(), code.trim());
      setResetToken(response.data.resetToken);
      setStep(1);
    });
  };

  const reset = async () => {
    const { password } = await form.validateFields(['password', 'confirm']);
    if (!resetToken) return;
    const done = await run(() =>
      callEndpoint((c) => c.auth.resetPassword, { body: { resetToken, password } }).catch(
        (error: unknown) => {
          // The token expired or was spent (the server's message says so): confirm the account again.
          if (error instanceof RequestError && Number(error.code) === ResultCode.CODE_INVALID) {
            setResetToken(undefined);
            form.setFieldValue('code', '');
            setStep(0);
          }
          throw error;
        },
      ),
    );
    if (done) {
      message.success(t('forgot.done'));
      close();
    }
  };

  return (
    <Modal
      open={open}
      title={t('forgot.title')}
      onCancel={close}
      footer={null}
      maskClosable={false}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        items={[{ title: t('forgot.stepAccount') }, { title: t('forgot.stepReset') }]}
      />
      <Form form={form} layout="vertical" style={{ marginTop: 16 }} preserve>
        <div style={{ display: step === 0 ? 'block' : 'none' }}>
          <Form.Item
            name="account"
            label={t('login.account')}
            rules={[
              { required: true, message: t('login.accountRequired') },
              {
                validator: async (_, value: string | undefined) => {
                  if (value && !(await isMobile(value)) && !(await isEmail(value))) {
                    throw new Error(t('login.accountPlaceholder'));
                  }
                },
              },
            ]}
          >
            <Input placeholder={t('login.accountPlaceholder')} />
          </Form.Item>
          <Form.Item label={t('login.code')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
              >
                <Input placeholder={t('login.codePlaceholder')} maxLength={6} />
              </Form.Item>
              <Button
                disabled={countdown.seconds > 0}
                onClick={() =>
                  void form.validateFields(['account']).then(
                    () => setPuzzle(true),
                    () => undefined,
                  )
                }
              >
                {countdown.seconds > 0
                  ? t('login.resendIn', { seconds: countdown.seconds })
                  : t('login.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button
            type="primary"
            block
            loading={busy}
            onClick={() => void confirmAccount().catch(() => undefined)}
          >
            {t('forgot.next')}
          </Button>
        </div>
        {step === 1 && (
          <>
            <NewPasswordFields />
            <Button type="primary" block loading={busy} onClick={() => void reset().catch(() => undefined)}>
              {t('forgot.submit')}
            </Button>
          </>
        )}
      </Form>
      <SlidePuzzle
        open={puzzle}
        onSuccess={(token) => void sendCode(token)}
        onCancel={() => setPuzzle(false)}
      />
    </Modal>
  );
}
