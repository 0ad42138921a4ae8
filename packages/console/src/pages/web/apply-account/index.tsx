import { ACCOUNT_APPLICATION_LIMITS, MOBILE_PATTERN } from '@trialab/api-contract';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { confirmed } from '../../../components/ConfirmDialog';
import { useAction } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { useGrantChoices } from '../../../components/ProjectSiteFields/GrantSelect';
import { grantOptions, grantsOf } from '../../../components/ProjectSiteFields/grants';
import { ShowLimit } from '../../../components/ShowLimit';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';

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
  const { t: a } = useTranslation('portalAdmin', { keyPrefix: 'application' });
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const reason = Form.useWatch('reason', form);
  const roles = useEndpointQuery((c) => c.accountApplication.roles).data?.data ?? [];
  // The grants offered are the sites I hold.
  const { projects, sitesOf } = useGrantChoices();
  const [run, saving] = useAction();

  const submit = async (values: Values) => {
    if (!(await confirmed({ content: a('confirmSubmit') }))) return;
    const done = await run(
      () =>
        callEndpoint((c) => c.accountApplication.create, {
          body: {
            name: values.name,
            mobile: values.mobile,
            email: values.email ?? null,
            roleId: values.roleId,
            purpose: values.purpose ?? null,
            reason: values.reason,
            grants: grantsOf(values.grants),
          },
        }),
      t('portalAdmin.shared.submittedOk'),
    );
    if (done) navigate('/web/user-apply');
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
            {t('portalAdmin.shared.submit')}
          </Button>
          <Button onClick={() => navigate('/web/user-apply')}>{t('portalAdmin.shared.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
