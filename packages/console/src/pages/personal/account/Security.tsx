import { Alert, Button, Card, Descriptions, Form, Input, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { confirmed } from '../../../components/ConfirmDialog';
import { FormModal, useAction } from '../../../components/FormModal';
import { NewPasswordFields } from '../../../components/PasswordDialog/NewPasswordFields';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

interface PasswordForm {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** Where WeChat sends the user back after authorising: this page, which then binds the code. */
const wxReturnUri = () => `${window.location.origin}/personal/account`;

/** My password (change it: the other sessions end) and my WeChat binding (bind, unbind). */
export function AccountSecurity() {
  const { t } = useTranslation();
  const { t: a } = useTranslation('portal', { keyPrefix: 'account' });
  const me = useEndpointQuery((c) => c.user.getCurrentUser).data?.data;
  const [changing, setChanging] = useState(false);
  const [run, busy] = useAction();
  const bind = useEndpointMutation((c) => c.user.wxBind, { invalidates: [(c) => c.user.getCurrentUser] });
  const unbind = useEndpointMutation((c) => c.user.wxUnBind, { invalidates: [(c) => c.user.getCurrentUser] });

  // Back from WeChat with ?code=&state=: bind once, then drop them from the address.
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const handled = useRef(false);
  useEffect(() => {
    if (!code || !state || handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    void run(() => bind.mutateAsync({ body: { code, state } }), a('wechatBoundOk'));
  }, [code, state, setParams, run, bind, a]);

  const startBind = async () => {
    if (!(await confirmed({ content: a('confirmBind') }))) return;
    await run(async () => {
      const answer = await callEndpoint((c) => c.auth.wxAuthorizationUrl, {
        body: { redirectUri: wxReturnUri() },
      });
      window.location.assign(answer.data.url);
    });
  };
  const removeBinding = async () => {
    if (!(await confirmed({ content: a('confirmUnbind') }))) return;
    await run(() => unbind.mutateAsync({ body: {} }), a('wechatUnboundOk'));
  };

  return (
    <Card title={a('security')} data-testid="account-security">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={a('loginPassword')}>
          <Button onClick={() => setChanging(true)} data-testid="password-change">
            {a('changePassword')}
          </Button>
        </Descriptions.Item>
        <Descriptions.Item label={a('wechat')}>
          {me && (
            <Space>
              <Tag color={me.wxBound ? 'green' : 'default'} data-testid="wechat-state">
                {me.wxBound ? a('wechatBound') : a('wechatUnbound')}
              </Tag>
              {me.wxBound ? (
                <Button
                  danger
                  loading={busy}
                  onClick={() => void removeBinding()}
                  data-testid="wechat-unbind"
                >
                  {a('unbindWechat')}
                </Button>
              ) : (
                <Button loading={busy} onClick={() => void startBind()} data-testid="wechat-bind">
                  {a('bindWechat')}
                </Button>
              )}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
      <FormModal<PasswordForm>
        open={changing}
        title={a('changePassword')}
        onSave={({ oldPassword, password }) =>
          callEndpoint((c) => c.user.updatePassword, { body: { oldPassword, password } })
        }
        savedMessage={a('passwordChanged')}
        onClose={() => setChanging(false)}
        testId="password-change-form"
        name="password-change"
      >
        <Alert type="info" showIcon title={t('password.requirement')} style={{ marginBottom: 12 }} />
        <Alert type="warning" showIcon title={a('passwordHint')} style={{ marginBottom: 16 }} />
        <Form.Item
          name="oldPassword"
          label={a('oldPassword')}
          rules={[{ required: true, message: a('oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
      </FormModal>
    </Card>
  );
}
