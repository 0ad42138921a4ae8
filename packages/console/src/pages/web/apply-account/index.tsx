import { ACCOUNT_APPLICATION_LIMITS, MOBILE_PATTERN } from '@trialab/api-contract';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { confirmDialog } from '../../../components/ConfirmDialog';
import { rules } from '../../../components/formRules';
import { ShowLimit } from '../../../components/ShowLimit';
import { accountApi } from '../../../services/portalAdmin';
import { feedback } from '../../../utils/feedback';
import { portalApi } from '../api';
import { grantOptions, grantsOf, type ProjectOption, type SiteOption } from './grants';

interface Values {
  name: string;
  mobile: string;
  email?: string;
  roleId: number;
  purpose?: string;
  grants: string[];
  reason: string;
}

/** /web/apply-account: apply for a portal account for a colleague, with sites from my own grants. */
export default function ApplyAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const reason = Form.useWatch('reason', form);
  const [roles, setRoles] = useState<Array<{ id: number; name: string }>>([]);
  const [projects, setProjects] = useState<ProjectOption[]>([]);
  const [sitesOf, setSitesOf] = useState<Map<number, SiteOption[]>>(new Map());
  const [saving, setSaving] = useState(false);
  const a = (key: string) => t(`webAdmin.application.${key}`);

  useEffect(() => {
    accountApi
      .roles()
      .then((r) => setRoles(r.data))
      .catch(() => undefined);
    portalApi
      .projects({ page: 1, size: 100 })
      .then(async (r) => {
        setProjects(r.data);
        const entries = await Promise.all(
          r.data.map(async (p) => [p.id, (await portalApi.sites(p.id)).data] as const),
        );
        setSitesOf(new Map(entries));
      })
      .catch(() => undefined);
  }, []);

  const submit = async (values: Values) => {
    try {
      await confirmDialog({ content: a('confirmSubmit') });
    } catch {
      return;
    }
    setSaving(true);
    try {
      await accountApi.create({
        name: values.name,
        mobile: values.mobile,
        email: values.email ?? null,
        roleId: values.roleId,
        purpose: values.purpose ?? null,
        reason: values.reason,
        grants: grantsOf(values.grants),
      });
      feedback.success(t('webAdmin.common.submittedOk'));
      navigate('/web/user-apply');
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={a('new')}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        data-testid="apply-account-form"
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="name"
              label={a('name')}
              rules={[
                rules.required(a('name')),
                rules.name(),
                rules.max(a('name'), ACCOUNT_APPLICATION_LIMITS.name),
              ]}
            >
              <Input maxLength={ACCOUNT_APPLICATION_LIMITS.name} data-testid="apply-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="mobile"
              label={a('mobile')}
              rules={[rules.required(a('mobile')), { pattern: MOBILE_PATTERN, message: a('mobileInvalid') }]}
            >
              <Input maxLength={11} data-testid="apply-mobile" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="email" label={a('email')} rules={[rules.email(), rules.max(a('email'), 64)]}>
              <Input maxLength={64} data-testid="apply-email" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="roleId" label={a('role')} rules={[rules.chosen(a('role'))]}>
              <Select data-testid="apply-role" options={roles.map((r) => ({ value: r.id, label: r.name }))} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="purpose"
              label={a('purpose')}
              rules={[rules.max(a('purpose'), ACCOUNT_APPLICATION_LIMITS.purpose)]}
            >
              <Input maxLength={ACCOUNT_APPLICATION_LIMITS.purpose} placeholder={a('purposeHint')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="grants"
              label={a('grants')}
              extra={a('grantsHint')}
              rules={[rules.chosen(a('grants'))]}
            >
              <Select mode="multiple" data-testid="apply-grants" options={grantOptions(projects, sitesOf)} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="reason"
              label={a('reason')}
              rules={[rules.required(a('reason')), rules.max(a('reason'), ACCOUNT_APPLICATION_LIMITS.reason)]}
              extra={<ShowLimit value={reason} max={ACCOUNT_APPLICATION_LIMITS.reason} />}
            >
              <Input.TextArea rows={3} data-testid="apply-reason" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="apply-submit">
            {t('webAdmin.common.submit')}
          </Button>
          <Button onClick={() => navigate('/web/user-apply')}>{t('webAdmin.common.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
