import { Button, Card, Descriptions, Form, Input, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, formatTime } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { feedback } from '../../../utils/feedback';
import { type Profile, portalApi } from '../../web/api';

interface ProfileForm {
  username: string;
  email: string | null;
  gender: 1 | 2 | 3 | null;
}

/** /personal/account: my account details (phone, role, name, e-mail, gender male, female, other). */
export default function AccountPage() {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<Profile>();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ProfileForm>();

  useEffect(() => {
    portalApi
      .profile()
      .then((r) => setProfile(r.data))
      .catch(() => undefined);
  }, []);

  const save = async () => {
    if (!profile) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      const response = await portalApi.updateProfile({ ...values, version: profile.version });
      setProfile(response.data);
      setEditing(false);
      feedback.success(t('web.common.savedOk'));
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  if (!profile) return <Card loading />;
  const genderText = profile.gender ? t(`web.account.genders.${profile.gender}`) : '-';
  return (
    <Card
      title={t('web.account.title')}
      extra={
        !editing && (
          <Button
            onClick={() => {
              form.setFieldsValue({
                username: profile.username,
                email: profile.email,
                gender: (profile.gender as 1 | 2 | 3 | null) ?? null,
              });
              setEditing(true);
            }}
            data-testid="profile-edit"
          >
            {t('web.common.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <Form form={form} layout="vertical" style={{ maxWidth: 480 }}>
          <Form.Item
            name="username"
            label={t('web.account.name')}
            rules={[rules.required(t('web.account.name')), rules.max(t('web.account.name'), 32)]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('web.account.email')}
            rules={[rules.email(), rules.max(t('web.account.email'), 64)]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="gender" label={t('web.account.gender')}>
            <Radio.Group
              options={[1, 2, 3].map((g) => ({ value: g, label: t(`web.account.genders.${g}`) }))}
              data-testid="profile-gender"
            />
          </Form.Item>
          <Space>
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="profile-save">
              {t('web.common.save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('web.common.cancel')}</Button>
          </Space>
        </Form>
      ) : (
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={t('web.account.phone')}>{dash(profile.mobile)}</Descriptions.Item>
          <Descriptions.Item label={t('web.account.role')}>
            {profile.roleNames.join('、') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('web.account.name')}>{profile.username}</Descriptions.Item>
          <Descriptions.Item label={t('web.account.email')}>{dash(profile.email)}</Descriptions.Item>
          <Descriptions.Item label={t('web.account.gender')}>{genderText}</Descriptions.Item>
          <Descriptions.Item label={t('web.account.type')}>
            {t(profile.type === 2 ? 'web.account.external' : 'web.account.internal')}
          </Descriptions.Item>
          <Descriptions.Item label={t('web.account.dept')}>{dash(profile.deptName)}</Descriptions.Item>
          <Descriptions.Item label={t('web.account.loginDate')}>
            {formatTime(profile.loginDate)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
