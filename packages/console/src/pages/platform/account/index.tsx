import { PlusOutlined } from '@ant-design/icons';
import { ACCOUNT_PERMISSIONS, type DataOf, MOBILE_PATTERN, USER_TYPE } from '@trialab/api-contract';
import { Button, Checkbox, Form, Input, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage, useUrlTab } from '../../../components/ListPage';
import { GrantSelect, ReasonField } from '../../../components/ProjectSiteFields/GrantSelect';
import { grantValuesOf, projectGrantsOf } from '../../../components/ProjectSiteFields/grants';
import type { RowAction } from '../../../components/RowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';

type UserRow = DataOf<Contract['user']['get']>;
type Kind = (typeof USER_TYPE)[keyof typeof USER_TYPE];
type KindKey = `${Kind}`;
const KINDS: Record<string, KindKey> = { '1': '1', '2': '2' };

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
  // A link may open a tab and a role's holders (`?type=2&roleId=3`, from the role list).
  const [tab, setTab] = useUrlTab(KINDS, String(USER_TYPE.internal) as KindKey, 'type');
  const kind = Number(tab) as Kind;
  const list = useListPage((c) => c.user.page, {} as Filter, {
    toBody: (f: Filter) => ({ ...f, type: kind }),
    url: { roleId: 'id' },
  });
  const { depts, roles } = useChoices();
  // The account being edited (null: a new one) and what its form starts with.
  const [editing, setEditing] = useState<{ row: UserRow | null; initial: Partial<AccountForm> } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const invalidates = [(c: Contract) => c.user.page];
  const setStatus = useEndpointMutation((c) => c.user.updateStatus, { invalidates });
  const remove = useEndpointMutation((c) => c.user.delete, { invalidates });
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

  const columns: ListColumn<UserRow>[] = [
    {
      dataIndex: 'username',
      title: t('field.username'),
      width: 120,
      filter: <Input allowClear maxLength={32} />,
    },
    {
      dataIndex: 'mobile',
      title: t('field.mobile'),
      width: 140,
      filter: <Input allowClear maxLength={16} data-testid="account-filter-mobile" />,
    },
    col.text('email', t('field.email')),
    ...(external
      ? []
      : [
          {
            ...col.text<UserRow>('jobNumber', t('field.jobNumber'), 110),
            filter: <Input allowClear maxLength={32} />,
          },
          {
            ...col.text<UserRow>('deptName', t('field.dept'), 120),
            filter: { name: 'deptId', input: <Select allowClear style={{ width: 140 }} options={depts} /> },
          },
        ]),
    {
      ...col.tags<UserRow>('roleNames', t('field.roles')),
      filter: { name: 'roleId', input: <Select allowClear style={{ width: 140 }} options={roles} /> },
    },
    col.enabled<UserRow>({ filter: true, testId: (row) => `account-state-${row.mobile}` }),
    col.time('loginDate', t('field.lastLogin')),
    col.time('createdAt', t('field.createdAt')),
  ];

  /** One does not disable, reset or delete one's own account. */
  const own = (row: UserRow) => row.id === me?.id;
  const actions: RowAction<UserRow>[] = [
    {
      label: t('action.edit'),
      permission: ACCOUNT_PERMISSIONS.update,
      testId: (row) => `account-edit-${row.mobile}`,
      onClick: (row) => void open(row),
    },
    {
      label: (row) => t(row.status === 1 ? 'action.disable' : 'action.enable'),
      permission: ACCOUNT_PERMISSIONS.status,
      testId: (row) => `account-status-${row.mobile}`,
      danger: (row) => row.status === 1,
      hidden: own,
      confirm: (row) => t(row.status === 1 ? 'confirm.disable' : 'confirm.enable', { name: row.username }),
      run: (row) =>
        setStatus.mutateAsync({
          body: { id: row.id, status: row.status === 1 ? 0 : 1, version: row.version },
        }),
      done: (row) => t(row.status === 1 ? 'done.disabled' : 'done.enabled'),
    },
    {
      label: t('action.resetPassword'),
      permission: ACCOUNT_PERMISSIONS.resetPassword,
      testId: (row) => `account-reset-${row.mobile}`,
      hidden: own,
      onClick: setResetting,
    },
    {
      label: t('action.delete'),
      permission: ACCOUNT_PERMISSIONS.delete,
      testId: (row) => `account-delete-${row.mobile}`,
      danger: true,
      hidden: own,
      reason: {
        title: (row) => t('confirm.deleteTitle', { name: row.username }),
        placeholder: t('confirm.deleteReason'),
        max: 255,
        required: true,
        testId: 'account-delete-reason',
      },
      run: (row, reason) => remove.mutateAsync({ params: { id: row.id }, query: { reason: reason ?? '' } }),
      done: t('done.deleted'),
    },
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
          onChange={(key) => setTab(key as KindKey)}
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
      toolbar={
        <Permission value={[ACCOUNT_PERMISSIONS.create]}>
          <Button icon={<PlusOutlined />} onClick={() => void open(null)} data-testid="account-create">
            {t('action.create')}
          </Button>
        </Permission>
      }
      actions={{ width: 280, items: actions }}
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
