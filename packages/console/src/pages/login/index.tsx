import { ResultCode } from '@trialab/api-contract/signing';
import {
  App,
  Button,
  Checkbox,
  ConfigProvider,
  Form,
  Input,
  Segmented,
  Space,
  type ThemeConfig,
  theme,
} from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { runAction, useAction } from '../../components/FormModal/useAction';
import { LangSwitch } from '../../components/LangSwitch';
import { APP_CSS_VAR_KEY, APP_SHORT_NAME } from '../../config';
import { callEndpoint } from '../../services/endpoint';
import { RequestError } from '../../services/request';
import { completeLogin, rememberWxBind } from '../../session/actions';
import { useSession } from '../../stores/session';
import { readJson, STORAGE_KEYS, writeJson } from '../../utils/storage';
import { checkRule, isEmail, isMobile } from '../../utils/validators';
import { useCodeCountdown } from './useCodeCountdown';

// Dialogs load when first opened: /login itself stays small.
const SlidePuzzle = lazy(() =>
  import('../../components/SlidePuzzle').then((m) => ({ default: m.SlidePuzzle })),
);
const PasswordDialog = lazy(() =>
  import('../../components/PasswordDialog').then((m) => ({ default: m.PasswordDialog })),
);
const ForgotPassword = lazy(() => import('./ForgotPassword').then((m) => ({ default: m.ForgotPassword })));

/**
 * The form's antd styles come with the page as CSS computed by the build (staticStyles.ts), so antd
 * skips computing them at the first render; theme values still apply (CSS variables). The app's
 * variable key: a key of its own would make antd compute and insert the theme's variables again.
 */
const STATIC_STYLES: ThemeConfig = { zeroRuntime: true, cssVar: { key: APP_CSS_VAR_KEY } };

type Mode = 'sms' | 'email' | 'password';

interface Values {
  mobile?: string;
  email?: string;
  code?: string;
  account?: string;
  password?: string;
}

/** What the puzzle unlocks when it is solved. */
type PuzzlePurpose = 'login' | 'sendCode';

export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('password');
  const [agreed, setAgreed] = useState(() => readJson<boolean>(STORAGE_KEYS.selectAgreement, false) === true);
  const [puzzle, setPuzzle] = useState<PuzzlePurpose | null>(null);
  const [run, submitting] = useAction();
  const [forgotOpen, setForgotOpen] = useState(false);
  const countdown = useCodeCountdown();
  const passwordChange = useSession((s) => s.passwordChange);
  const wxHandled = useRef(false);

  const setAgreement = (value: boolean) => {
    setAgreed(value);
    writeJson(STORAGE_KEYS.selectAgreement, value);
  };

  const finish = (login: () => Promise<{ data: Parameters<typeof completeLogin>[0] }>) =>
    run(async () => {
      const response = await login();
      await completeLogin(response.data);
      if (!response.data.isNeedUpdatePassword) {
        message.success(t('login.success'));
        navigate('/', { replace: true });
      }
    });

  // WeChat comes back to /login?code=...&state=...
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state || wxHandled.current) return;
    wxHandled.current = true;
    setParams({}, { replace: true });
    void run(async () => {
      const response = await callEndpoint((c) => c.auth.wxLogin, {
        body: { code, state, agreement: true },
      }).catch((error: unknown) => {
        // Not bound yet: the code is kept and bound after the user logs in another way.
        if (error instanceof RequestError && Number(error.code) === ResultCode.WX_NOT_BOUND) {
          rememberWxBind(code, state);
          message.info(t('login.wechatBind'));
        }
        throw error;
      });
      await completeLogin(response.data);
      if (!response.data.isNeedUpdatePassword) navigate('/', { replace: true });
    });
  }, [params, setParams, navigate, message, t, run]);

  const requireAgreement = () => {
    if (agreed) return true;
    message.warning(t('login.agreementRequired'));
    return false;
  };

  const onSubmit = async () => {
    const fields: (keyof Values)[] =
      mode === 'password' ? ['account', 'password'] : mode === 'sms' ? ['mobile', 'code'] : ['email', 'code'];
    const values = await form.validateFields(fields).catch(() => null);
    if (!values || !requireAgreement()) return;
    if (mode === 'password') {
      setPuzzle('login');
      return;
    }
    const code = values.code ?? '';
    const body =
      mode === 'sms'
        ? { mobile: values.mobile ?? '', code, agreement: true as const }
        : { email: values.email ?? '', code, agreement: true as const };
    await finish(() => callEndpoint((c) => c.auth.smsLogin, { body }));
  };

  const onSendCode = async () => {
    const field = mode === 'sms' ? 'mobile' : 'email';
    const ok = await form.validateFields([field]).then(
      () => true,
      () => false,
    );
    if (ok) setPuzzle('sendCode');
  };

  const onPuzzleSuccess = async (passToken: string) => {
    const purpose = puzzle;
    setPuzzle(null);
    if (purpose === 'login') {
      const { account = '', password = '' } = form.getFieldsValue(['account', 'password']);
      await finish(() =>
        callEndpoint((c) => c.auth.login, { body: { account, password, passToken, agreement: true } }),
      );
    } else if (purpose === 'sendCode') {
      const sent = await runAction(() =>
        mode === 'sms'
          ? callEndpoint((c) => c.auth.sendLoginSmsCode, {
              body: { mobile: form.getFieldValue('mobile'), passToken },
            })
          : callEndpoint((c) => c.auth.sendLoginMailCode, {
              body: { email: form.getFieldValue('email'), passToken },
            }),
      );
      if (sent) {
        message.success(t('login.codeSent'));
        countdown.start();
      }
    }
  };

  const onWechat = async () => {
    if (!requireAgreement()) return;
    await runAction(async () => {
      const response = await callEndpoint((c) => c.auth.wxAuthUrl, {
        query: { redirectUri: `${window.location.origin}/login` },
      });
      window.location.assign(response.data.url);
    });
  };

  const codeField = (
    <Form.Item label={t('login.code')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
        >
          <Input placeholder={t('login.codePlaceholder')} maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <Button onClick={() => void onSendCode()} disabled={countdown.seconds > 0}>
          {countdown.seconds > 0 ? t('login.resendIn', { seconds: countdown.seconds }) : t('login.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );

  const tabItems = [
    {
      key: 'sms',
      label: t('login.tabSms'),
      children:
        mode === 'sms' ? (
          <>
            <Form.Item
              name="mobile"
              label={t('login.mobile')}
              rules={[
                { required: true, message: t('login.mobilePlaceholder') },
                checkRule(isMobile, t('login.mobileInvalid')),
              ]}
            >
              <Input placeholder={t('login.mobilePlaceholder')} autoComplete="tel" />
            </Form.Item>
            {codeField}
          </>
        ) : null,
    },
    {
      key: 'email',
      label: t('login.tabEmail'),
      children:
        mode === 'email' ? (
          <>
            <Form.Item
              name="email"
              label={t('login.email')}
              rules={[
                { required: true, message: t('login.emailPlaceholder') },
                checkRule(isEmail, t('login.emailInvalid')),
              ]}
            >
              <Input placeholder={t('login.emailPlaceholder')} autoComplete="email" />
            </Form.Item>
            {codeField}
          </>
        ) : null,
    },
    {
      key: 'password',
      label: t('login.tabPassword'),
      children:
        mode === 'password' ? (
          <>
            <Form.Item
              name="account"
              label={t('login.account')}
              rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
            >
              <Input placeholder={t('login.accountPlaceholder')} autoComplete="username" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('password.required') }]}
            >
              <Input.Password placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" />
            </Form.Item>
          </>
        ) : null,
    },
  ];

  return (
    <>
      <ConfigProvider theme={STATIC_STYLES}>
        <div
          style={{
            minHeight: '100vh',
            display: 'grid',
            placeItems: 'center',
            background: 'linear-gradient(135deg, #e6f7f7 0%, #f0f2f5 60%)',
            padding: 16,
          }}
        >
          <div style={{ position: 'fixed', top: 12, right: 16 }}>
            <LangSwitch />
          </div>
          {/* A plain panel: antd's Card pulls in Tabs and Skeleton, too heavy for /login. */}
          <div
            data-testid="login-card"
            style={{
              width: 400,
              maxWidth: '100%',
              padding: 24,
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              boxShadow: token.boxShadowTertiary,
            }}
          >
            <h1 style={{ fontSize: 24, margin: 0 }}>{APP_SHORT_NAME}</h1>
            {/* The theme's secondary text: 45 % black was 3.36:1 on white, under WCAG AA's 4.5:1. */}
            <p style={{ color: token.colorTextSecondary, margin: '4px 0 16px' }}>{t('login.subtitle')}</p>
            <Form
              form={form}
              layout="vertical"
              name="login"
              onFinish={() => void onSubmit()}
              requiredMark={false}
            >
              {/* The three login ways (a segmented control keeps /login light): a group of radio
                  buttons, as antd renders it, named for screen readers; not a tablist, which may
                  hold tabs only. */}
              <Segmented
                block
                aria-label={t('login.method')}
                value={mode}
                onChange={(value) => setMode(value as Mode)}
                options={tabItems.map((item) => ({ value: item.key, label: item.label }))}
                style={{ marginBottom: 16 }}
              />
              {tabItems.find((item) => item.key === mode)?.children}
              <Form.Item>
                <Checkbox
                  checked={agreed}
                  onChange={(e) => setAgreement(e.target.checked)}
                  data-testid="agreement"
                >
                  {t('login.agreementPrefix')} {t('login.agreementName')}
                </Checkbox>
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={submitting}>
                {t('login.submit')}
              </Button>
              <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
                <Button type="link" style={{ padding: 0 }} onClick={() => setForgotOpen(true)}>
                  {t('login.forgot')}
                </Button>
                <Button type="link" style={{ padding: 0 }} onClick={() => void onWechat()}>
                  {t('login.wechat')}
                </Button>
              </div>
            </Form>
          </div>
        </div>
      </ConfigProvider>
      {/* Outside the static styles: the dialogs' components style themselves at run time. */}
      <Suspense fallback={null}>
        {puzzle !== null && (
          <SlidePuzzle
            open
            onSuccess={(token) => void onPuzzleSuccess(token)}
            onCancel={() => setPuzzle(null)}
          />
        )}
        {forgotOpen && <ForgotPassword open onClose={() => setForgotOpen(false)} />}
        {passwordChange && (
          <PasswordDialog open reason={passwordChange.reason} expireDays={passwordChange.expireDays} />
        )}
      </Suspense>
    </>
  );
}
