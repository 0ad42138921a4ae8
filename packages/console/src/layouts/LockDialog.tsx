import { Button, Form, Input, Modal, Typography } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_WRONG_LOCK_PASSWORDS } from '../config';
import { callEndpoint } from '../services/endpoint';
import { RequestError } from '../services/request';
import { logout } from '../session/actions';
import { broadcastUnlock } from '../session/useScreenLock';
import { useLock } from '../stores/lock';
import { useSession } from '../stores/session';
import { feedback } from '../utils/feedback';

/** The screen-lock dialog titled 屏幕锁定 (SPEC sections 2, 4 and 8). */
/** Memoised: it has no props, and the layout re-renders on every navigation. */
export const LockDialog = memo(function LockDialog() {
  const { t } = useTranslation();
  const locked = useLock((s) => s.locked);
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);

  const wrong = () => {
    const count = useLock.getState().addWrong();
    form.resetFields();
    if (count > MAX_WRONG_LOCK_PASSWORDS) {
      feedback.error(t('lock.tooMany'));
      void logout();
    } else {
      feedback.error(t('lock.wrong'));
    }
  };

  const unlock = async () => {
    const { password } = await form.validateFields();
    setBusy(true);
    try {
      const response = await callEndpoint(
        (c) => c.user.checkPwd,
        { body: { account: user?.mobile ?? user?.email ?? undefined, password } },
        { ignoreErrorMessage: true, ignoreCode: true },
      );
      if (response.data) {
        form.resetFields();
        broadcastUnlock();
      } else {
        wrong();
      }
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      if (error.kind === 'unauthorized') {
        // The server ends the session on the 4th wrong answer; the 401 already logs out.
        feedback.error(t('lock.tooMany'));
      } else {
        wrong();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={locked}
      title={t('lock.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={400}
      styles={{ mask: { backdropFilter: 'blur(8px)' } }}
      footer={[
        <Button key="logout" onClick={() => void logout()}>
          {t('lock.logout')}
        </Button>,
        <Button
          key="unlock"
          type="primary"
          loading={busy}
          onClick={() => void unlock().catch(() => undefined)}
        >
          {t('lock.unlock')}
        </Button>,
      ]}
    >
      <div data-testid="lock-dialog">
        <Typography.Paragraph>{t('lock.message')}</Typography.Paragraph>
        <Typography.Paragraph strong>{user?.username}</Typography.Paragraph>
        <Form form={form} onFinish={() => void unlock().catch(() => undefined)}>
          <Form.Item name="password" rules={[{ required: true, message: t('password.required') }]}>
            <Input.Password placeholder={t('lock.password')} autoComplete="current-password" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
});
