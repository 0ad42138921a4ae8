import { Button, Card, Descriptions, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../components/FormModal';
import { dash, formatTime } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { AccountSecurity } from './Security';

interface ProfileForm {
  username: string;
  email: string | null;
  gender: Gender | null;
}
type Gender = 1 | 2 | 3;
const GENDERS: readonly Gender[] = [1, 2, 3];

/**
 * /personal/account: my account details (phone, role, name, e-mail, gender male, female, other),
 * my password and my WeChat binding.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const { t: a } = useTranslation('portal', { keyPrefix: 'account' });
  const profile = useEndpointQuery((c) => c.personal.profile).data?.data;
  const update = useEndpointMutation((c) => c.personal.updateProfile, {
    invalidates: [(c) => c.personal.profile],
  });
  const [run, saving] = useAction();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<ProfileForm>();

  // Called by the form once its values are valid.
  const save = async (values: ProfileForm) => {
    if (!profile) return;
    const saved = await run(
      () => update.mutateAsync({ body: { ...values, version: profile.version } }),
      t('portal.shared.savedOk'),
    );
    if (saved) setEditing(false);
  };

  if (!profile) return <Card loading />;
  const genderText = profile.gender ? a(`genders.${profile.gender as Gender}`) : '-';
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        title={a('title')}
        extra={
          !editing && (
            <Button
              onClick={() => {
                form.setFieldsValue({
                  username: profile.username,
                  email: profile.email,
                  gender: (profile.gender as Gender | null) ?? null,
                });
                setEditing(true);
              }}
              data-testid="profile-edit"
            >
              {t('portal.shared.edit')}
            </Button>
          )
        }
      >
        {editing ? (
          <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void save(v)}>
            <Form.Item
              name="username"
              label={a('name')}
              rules={[rules.required(a('name')), rules.max(a('name'), 32)]}
            >
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="email" label={a('email')} rules={[rules.email(), rules.max(a('email'), 64)]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="gender" label={a('gender')}>
              <Radio.Group
                options={GENDERS.map((g) => ({ value: g, label: a(`genders.${g}`) }))}
                data-testid="profile-gender"
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
                {t('portal.shared.save')}
              </Button>
              <Button onClick={() => setEditing(false)}>{t('portal.shared.cancel')}</Button>
            </Space>
          </Form>
        ) : (
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={a('phone')}>{dash(profile.mobile)}</Descriptions.Item>
            <Descriptions.Item label={a('role')}>{profile.roleNames.join('、') || '-'}</Descriptions.Item>
            <Descriptions.Item label={a('name')}>{profile.username}</Descriptions.Item>
            <Descriptions.Item label={a('email')}>{dash(profile.email)}</Descriptions.Item>
            <Descriptions.Item label={a('gender')}>{genderText}</Descriptions.Item>
            <Descriptions.Item label={a('type')}>
              {a(profile.type === 2 ? 'external' : 'internal')}
            </Descriptions.Item>
            <Descriptions.Item label={a('dept')}>{dash(profile.deptName)}</Descriptions.Item>
            <Descriptions.Item label={a('loginDate')}>{formatTime(profile.loginDate)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <AccountSecurity />
    </Space>
  );
}
