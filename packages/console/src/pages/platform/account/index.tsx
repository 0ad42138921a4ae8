import { PlusOutlined } from '@ant-design/icons';
import { ACCOUNT_PERMISSIONS, type DataOf, MOBILE_PATTERN, USER_TYPE } from '@trialab/api-contract';
import { Button, Checkbox, Form, Input, Select, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { FormModal, useAction } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage } from '../../../components/ListPage';
import { GrantSelect, ReasonField } from '../../../components/ProjectSiteFields/GrantSelect';
import { grantValuesOf, projectGrantsOf } from '../../../components/ProjectSiteFields/grants';
import { ReasonModal } from '../../../components/ReasonModal';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';

type UserRow = DataOf<Contract['user']['get']>;
type Kind = (typeof USER_TYPE)[keyof typeof USER_TYPE];

interface Filter {
  username?: string;
  mobile?: string;
  jobNumber?: string;
  deptId?: number;
  roleId?: number;
  status?: 0 | 1;
}

interface AccountForm {
  username: string;
  mobile: string;
  email?: string;
  jobNumber?: string;
  deptId?: number;
  roleIds?: number[];
  password?: string;
  grants?: Array<string | number>;
  reason?: string;
}

/** The departments and enabled roles offered in the filters and the form. */
function useChoices() {
  const depts = useEndpointQuery((c) => c.dept.page, { body: { page: 1, size: 500 } }).data?.data ?? [];
  const roles = useEndpointQuery((c) => c.role.listAllSimple).data?.data ?? [];
  return {
    depts: depts.map((d) => ({ value: d.id, label: d.name })),
    roles: roles.map((r) => ({ value: r.id, label: r.name })),
  };
}

/** /platform/account: staff and site users; create, edit, enable or disable, reset password, delete. */
export default function AccountPage() {
  const { t } = useTranslation('accounts');
  const me = useSession((s) => s.user);
  const [kind, setKind] = useState<Kind>(USER_TYPE.internal);
  const list = useListPage((c) => c.user.page, {} as Filter, { toBody: (f) => ({ ...f, type: kind }) });
  const { depts, roles } = useChoices();
  // The account being edited (null: a new one) and what its form starts with.
  const [editing, setEditing] = useState<{ row: UserRow | null; initial: Partial<AccountForm> } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [removing, setRemoving] = useState<UserRow | null>(null);
  const [run, busy] = useAction();
  const [form] = Form.useForm<AccountForm>();
  const external = kind === USER_TYPE.external;

  const open = async (row: UserRow | null) => {
    if (!row) return setEditing({ row: null, initial: { roleIds: [], grants: [] } });
    // The form shows the account's current grants with its fields.
    const grants = await callEndpoint((c) => c.userProject.page, {
      body: { userId: row.id, page: 1, size: 99_999 },
    });
    setEditing({
      row,
      initial: {
        username: row.username,
        mobile: row.mobile ?? '',
        email: row.email ?? undefined,
        jobNumber: row.jobNumber ?? undefined,
        deptId: row.deptId ?? undefined,
        roleIds: row.roleIds,
        grants: grantValuesOf(grants.data),
      },
    });
  };

  /** Creating: a mobile number that already has an account is that account (no duplicate). */
  const lookUpMobile = async () => {
    const mobile = form.getFieldValue('mobile');
    if (
      editing?.row !== null ||
      !mobile ||
      (await form.validateFields(['mobile']).catch(() => null)) === null
    )
      return;
    const found = (await callEndpoint((c) => c.user.getByMobile, { params: { phone: mobile } })).data;
    if (!found) return;
    const type = found.type === USER_TYPE.external ? t('tabs.external') : t('tabs.internal');
    form.setFields([{ name: 'mobile', errors: [t('form.mobileTaken', { name: found.username, type })] }]);
  };

  const save = async (values: AccountForm) => {
    const body = {
      username: values.username,
      mobile: values.mobile,
      email: values.email || null,
      jobNumber: values.jobNumber || null,
      type: kind,
      deptId: values.deptId ?? null,
      roleIds: values.roleIds ?? [],
      projects: projectGrantsOf(values.grants ?? []),
    };
    const row = editing?.row;
    if (!row) {
      await callEndpoint((c) => c.user.create, { body: { ...body, password: values.password ?? '' } });
    } else {
      await callEndpoint((c) => c.user.update, {
        body: {
          ...body,
          projects: row.isSuper ? undefined : body.projects,
          id: row.id,
          version: row.version,
        },
      });
    }
    await list.reload();
  };

  const toggle = async (row: UserRow) => {
    const enable = row.status !== 1;
    const ask = enable ? 'confirm.enable' : 'confirm.disable';
    if (!(await confirmed({ content: t(ask, { name: row.username }) }))) return;
    await run(
      () =>
        callEndpoint((c) => c.user.updateStatus, {
          body: { id: row.id, status: enable ? 1 : 0, version: row.version },
        }).then(list.reload),
      t(enable ? 'done.enabled' : 'done.disabled'),
    );
  };

  const resetPassword = async ({ send }: { send?: boolean }) => {
    if (!resetting) return;
    const answer = (
      await callEndpoint((c) => c.user.resetPassword, { body: { id: resetting.id, send: send ?? false } })
    ).data;
    const modal = feedback.modal();
    if (answer.sentTo) modal.success({ title: t('done.sent', { email: answer.sentTo }) });
    else
      modal.info({
        title: t('done.passwordTitle'),
        content: (
          <>
            <p>{t('done.passwordShownOnce', { name: resetting.username })}</p>
            <Typography.Text copyable code data-testid="account-temp-password">
              {answer.password}
            </Typography.Text>
          </>
        ),
      });
  };

  const remove = async (reason: string) => {
    if (!removing) return;
    const done = await run(
      () => callEndpoint((c) => c.user.delete, { params: { id: removing.id }, query: { reason } }),
      t('done.deleted'),
    );
    if (done) {
      setRemoving(null);
      await list.reload();
    }
  };

  const columns: DataColumn<UserRow>[] = [
    { dataIndex: 'username', title: t('field.username'), width: 120 },
    { dataIndex: 'mobile', title: t('field.mobile'), width: 140 },
    col.text('email', t('field.email')),
    ...(external
      ? []
      : [
          col.text<UserRow>('jobNumber', t('field.jobNumber'), 110),
          col.text<UserRow>('deptName', t('field.dept'), 120),
        ]),
    {
      dataIndex: 'roleNames',
      title: t('field.roles'),
      render: (_, row) => row.roleNames.map((name) => <Tag key={name}>{name}</Tag>),
    },
    {
      dataIndex: 'status',
      title: t('field.status'),
      width: 90,
      render: (_, row) => (
        <Tag color={row.status === 1 ? 'success' : 'default'} data-testid={`account-state-${row.mobile}`}>
          {t(row.status === 1 ? 'status.enabled' : 'status.disabled')}
        </Tag>
      ),
    },
    col.time('loginDate', t('field.lastLogin')),
    col.time('createdAt', t('field.createdAt')),
  ];

  const statusOptions = [
    { value: 1, label: t('status.enabled') },
    { value: 0, label: t('status.disabled') },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="platform.account"
      columns={columns}
      header={
        <Tabs
          activeKey={String(kind)}
          onChange={(key) => setKind(Number(key) as Kind)}
          items={[
            {
              key: String(USER_TYPE.internal),
              label: <span data-testid="account-tab-internal">{t('tabs.internal')}</span>,
            },
            {
              key: String(USER_TYPE.external),
              label: <span data-testid="account-tab-external">{t('tabs.external')}</span>,
            },
          ]}
        />
      }
      filters={
        <>
          <Form.Item name="username" label={t('field.username')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="mobile" label={t('field.mobile')}>
            <Input allowClear maxLength={16} data-testid="account-filter-mobile" />
          </Form.Item>
          {!external && (
            <>
              <Form.Item name="jobNumber" label={t('field.jobNumber')}>
                <Input allowClear maxLength={32} />
              </Form.Item>
              <Form.Item name="deptId" label={t('field.dept')}>
                <Select allowClear style={{ width: 140 }} options={depts} />
              </Form.Item>
            </>
          )}
          <Form.Item name="roleId" label={t('field.roles')}>
            <Select allowClear style={{ width: 140 }} options={roles} />
          </Form.Item>
          <Form.Item name="status" label={t('field.status')}>
            <Select allowClear style={{ width: 100 }} options={statusOptions} />
          </Form.Item>
        </>
      }
      toolbar={
        <Permission value={[ACCOUNT_PERMISSIONS.create]}>
          <Button icon={<PlusOutlined />} onClick={() => void open(null)} data-testid="account-create">
            {t('action.create')}
          </Button>
        </Permission>
      }
      actions={{
        width: 280,
        render: (row) => (
          <>
            <Permission value={[ACCOUNT_PERMISSIONS.update]}>
              <Button
                type="link"
                size="small"
                onClick={() => void open(row)}
                data-testid={`account-edit-${row.mobile}`}
              >
                {t('action.edit')}
              </Button>
            </Permission>
            {row.id !== me?.id && (
              <>
                <Permission value={[ACCOUNT_PERMISSIONS.status]}>
                  <Button
                    type="link"
                    size="small"
                    danger={row.status === 1}
                    disabled={busy}
                    onClick={() => void toggle(row)}
                    data-testid={`account-status-${row.mobile}`}
                  >
                    {t(row.status === 1 ? 'action.disable' : 'action.enable')}
                  </Button>
                </Permission>
                <Permission value={[ACCOUNT_PERMISSIONS.resetPassword]}>
                  <Button
                    type="link"
                    size="small"
                    disabled={busy}
                    onClick={() => setResetting(row)}
                    data-testid={`account-reset-${row.mobile}`}
                  >
                    {t('action.resetPassword')}
                  </Button>
                </Permission>
                <Permission value={[ACCOUNT_PERMISSIONS.delete]}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => setRemoving(row)}
                    data-testid={`account-delete-${row.mobile}`}
                  >
                    {t('action.delete')}
                  </Button>
                </Permission>
              </>
            )}
          </>
        ),
      }}
    >
      <FormModal<AccountForm>
        open={editing !== null}
        title={t(editing?.row ? 'form.editTitle' : 'form.createTitle')}
        initialValues={editing?.initial}
        form={form}
        name="account"
        width={640}
        onSave={save}
        onClose={() => setEditing(null)}
        testId="account-form"
      >
        <AccountFields
          row={editing?.row ?? null}
          external={external}
          depts={depts}
          roles={roles}
          onMobileBlur={lookUpMobile}
        />
      </FormModal>
      <FormModal<{ send?: boolean }>
        open={resetting !== null}
        title={t('action.resetPassword')}
        onSave={resetPassword}
        onClose={() => setResetting(null)}
        savedMessage={false}
        testId="account-reset-form"
      >
        <p>{t('confirm.reset', { name: resetting?.username ?? '' })}</p>
        {resetting?.email && (
          <Form.Item name="send" valuePropName="checked">
            <Checkbox data-testid="account-reset-send">
              {t('confirm.sendByMail', { email: resetting.email })}
            </Checkbox>
          </Form.Item>
        )}
      </FormModal>
      <ReasonModal
        open={removing !== null}
        title={t('confirm.deleteTitle', { name: removing?.username ?? '' })}
        placeholder={t('confirm.deleteReason')}
        max={255}
        required
        testId="account-delete-reason"
        saving={busy}
        onCancel={() => setRemoving(null)}
        onOk={(reason) => void remove(reason)}
      />
    </ListPage>
  );
}

function AccountFields({
  row,
  external,
  depts,
  roles,
  onMobileBlur,
}: {
  /** null: a new account. */
  row: UserRow | null;
  external: boolean;
  depts: Array<{ value: number; label: string }>;
  roles: Array<{ value: number; label: string }>;
  onMobileBlur(): void;
}) {
  const { t } = useTranslation('accounts');
  const jobNumberFree = async (_: unknown, jobNumber: string | undefined) => {
    if (!jobNumber?.trim()) return;
    const taken = await callEndpoint((c) => c.user.checkJobNumExist, {
      body: { jobNumber: jobNumber.trim(), id: row?.id },
    });
    if (taken.data) throw new Error(t('form.jobNumberTaken'));
  };
  return (
    <>
      <Form.Item
        name="username"
        label={t('field.username')}
        rules={[rules.required(t('field.username')), rules.max(t('field.username'), 32)]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('field.mobile')}
        rules={[
          rules.required(t('field.mobile')),
          { pattern: MOBILE_PATTERN, message: t('form.mobileInvalid') },
        ]}
      >
        <Input maxLength={16} onBlur={onMobileBlur} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('field.email')}
        rules={[rules.email(), rules.max(t('field.email'), 64)]}
      >
        <Input maxLength={64} />
      </Form.Item>
      {!external && (
        <>
          <Form.Item
            name="jobNumber"
            label={t('field.jobNumber')}
            validateDebounce={300}
            rules={[rules.max(t('field.jobNumber'), 32), { validator: jobNumberFree }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="deptId" label={t('field.dept')}>
            <Select allowClear options={depts} />
          </Form.Item>
        </>
      )}
      <Form.Item name="roleIds" label={t('field.roles')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={roles}
          data-testid="account-roles"
        />
      </Form.Item>
      {/* The super account has every project: nothing to grant. */}
      {!row?.isSuper && (
        <Form.Item
          name="grants"
          label={t(external ? 'field.sites' : 'field.projects')}
          extra={t(external ? 'form.sitesHint' : 'form.projectsHint')}
        >
          <GrantSelect sites={external} data-testid="account-grants" />
        </Form.Item>
      )}
      {row && <ReasonField />}
      {!row && (
        <Form.Item
          name="password"
          label={t('field.password')}
          extra={t('form.passwordHint')}
          rules={[rules.required(t('field.password'))]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      )}
    </>
  );
}
