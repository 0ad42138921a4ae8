import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import {
  email,
  id,
  idParams,
  mobile,
  optionalText,
  pageFields,
  password,
  status01,
  text,
  version,
} from '../schemas.js';
import { SYSTEM_PERMISSIONS } from './system-status.js';

export const USER_TYPE = { internal: 1, external: 2 } as const;
export const PERMISSION_TYPE = { directory: 1, menu: 2, button: 3, tab: 4 } as const;
/** Holding this permission grants everything. */
export const WILDCARD_PERMISSION = '*:*:*';

export const externalPermission = z.object({
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  sites: z.array(z.object({ id: z.number(), centerNo: z.string(), name: z.string() })),
});

export const currentUser = z.object({
  id: z.number(),
  /** 1 internal staff, 2 external customer. */
  type: z.number(),
  username: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  jobNumber: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.number().nullable(),
  status: z.number(),
  isSuper: z.boolean(),
  deptId: z.number().nullable(),
  /** Time of this login (ISO). */
  loginDate: z.string().nullable(),
  /** Failed logins since the previous successful one (shown in the header). */
  loginFailCount: z.number(),
  expireDays: z.number(),
  isNeedUpdatePassword: z.boolean(),
  wxBound: z.boolean(),
  roles: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
  /** Every permission string held (menus, buttons, tabs); `*:*:*` for the super account. */
  permissions: z.array(z.string()),
  /** External customers: the projects and sites they may see. */
  externalPermissions: z.array(externalPermission),
  /** Internal staff: ids of the projects they may see (all for the super account: `allProjects`). */
  projectIds: z.array(z.number()),
  allProjects: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export interface MenuItem {
  id: number;
  parentId: number | null;
  /** 1 directory, 2 menu. */
  type: number;
  /** Display names; the console prefers `i18nKey` with its own locale files. */
  name: string;
  enName: string;
  hkName: string;
  i18nKey: string;
  path: string;
  fullPath: string;
  meta: {
    icon: string | null;
    invisible: boolean;
    notCache: boolean;
    link: string | null;
    highlight: string | null;
    authority: { permission: string };
  };
  children: MenuItem[];
}
export const menuItem: z.ZodType<MenuItem> = z
  .lazy(
    () =>
      z.object({
        id: z.number(),
        parentId: z.number().nullable(),
        type: z.number(),
        name: z.string(),
        enName: z.string(),
        hkName: z.string(),
        i18nKey: z.string(),
        path: z.string(),
        fullPath: z.string(),
        meta: z.object({
          icon: z.string().nullable(),
          invisible: z.boolean(),
          notCache: z.boolean(),
          link: z.string().nullable(),
          highlight: z.string().nullable(),
          authority: z.object({ permission: z.string() }),
        }),
        children: z.array(menuItem),
      }),
    // Recursive: the OpenAPI document shows it as the component `MenuItem`.
  )
  .meta({ id: 'MenuItem' });

/** Button permissions of /platform/account and the two grant pages. */
export const ACCOUNT_PERMISSIONS = {
  create: 'platform:account:create',
  update: 'platform:account:update',
  delete: 'platform:account:delete',
  status: 'platform:account:status',
  resetPassword: 'platform:account:reset-password',
  internalGrants: 'platform:internal-permission:update',
} as const;

export const userRow = z.object({
  id: z.number(),
  username: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  jobNumber: z.string().nullable(),
  type: z.number(),
  status: z.number(),
  gender: z.number().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  roleIds: z.array(z.number()),
  roleNames: z.array(z.string()),
  loginDate: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
  /** The super account holds every right and project; its grants are not edited. */
  isSuper: z.boolean(),
});

/** Project grants: staff by whole project, external users by project and sites. */
export const projectGrants = z
  .array(z.object({ projectId: id, siteIds: z.array(id).max(500).default([]) }))
  .max(2000);

const userFields = {
  username: text(32),
  mobile,
  email: email.nullish(),
  jobNumber: optionalText(32),
  type: z.union([z.literal(1), z.literal(2)]),
  gender: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullish(),
  deptId: id.nullish(),
  roleIds: z.array(id).max(50).default([]),
  /** When given, replaces the account's project (and site) grants in the same change. */
  projects: projectGrants.optional(),
};
/** Why roles or grants change (required when they do; recorded in the audit trail). */
export const grantReason = z.string().trim().max(255).optional();
const simpleUser = z.array(z.object({ id: z.number(), username: z.string(), mobile: z.string().nullable() }));
/** Why a login failed, as the login log records it. */
export const LOGIN_FAILURE_REASONS = ['unknownAccount', 'wrongPassword', 'disabled', 'codeInvalid'] as const;
const loginLogRow = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  account: z.string(),
  /** password, sms, email or wechat. */
  method: z.string(),
  success: z.boolean(),
  message: z.string(),
  /** A failure's reason (LOGIN_FAILURE_REASONS); null on success and on rows older than the column. */
  reason: z.string().nullable(),
  /** Failure: the account's consecutive failures so far; success: failed passwords since the last login. */
  failCount: z.number().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
const auditRow = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  workstation: z.string().nullable(),
  ip: z.string().nullable(),
  /** The names of the records the values and the entity id point to (`project:12` → `P-001 Name`; AUDIT_REF_FIELDS). */
  refs: z.record(z.string(), z.string()),
});
/** What the operation log's pickers offer: the users, actions and entities the trail holds. */
export const auditOptions = z.object({
  usernames: z.array(z.string()),
  actions: z.array(z.string()),
  entities: z.array(z.string()),
});
const timeRange = { startTime: z.string().max(40).optional(), endTime: z.string().max(40).optional() };
const operateLogFilter = {
  username: z.string().trim().max(32).optional(),
  entity: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  /** Contained in the entity id, the reason, the request id or the old or new values. */
  keyword: z.string().trim().max(64).optional(),
  /** Include sign-in events (slide puzzles, login codes, logins, logouts): the login log's, hidden by default. */
  signIn: z.boolean().optional(),
  ...timeRange,
};

export const user = defineGroup('user', {
  checkPwd: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user/check-pwd',
    summary: 'Lock screen: check the password; more than 3 wrong answers end the session (401)',
    access: 'authenticated',
    mutates: true,
    body: z.object({ account: z.string().max(64).optional(), password: z.string().min(1).max(64) }),
    data: z.boolean(),
  }),
  getMenus: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user/getMenus',
    summary: 'Menu and route tree the user may open (invisible routes included, flagged)',
    access: 'authenticated',
    mutates: false,
    data: z.array(menuItem),
  }),
  getCurrentUser: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user/getCurrentUser',
    summary: 'The logged-in user with roles, permissions and project scope',
    access: 'authenticated',
    mutates: false,
    data: currentUser,
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user/create',
    summary: 'Create an account; the initial password must be changed at first login',
    access: { permission: ACCOUNT_PERMISSIONS.create },
    mutates: true,
    body: z.object({ ...userFields, password }),
    data: z.object({ id: z.number() }),
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/user/update',
    summary: 'Edit an account (send the version read; a reason when its roles or grants change)',
    access: { permission: ACCOUNT_PERMISSIONS.update },
    mutates: true,
    body: z.object({ id, version, ...userFields, reason: grantReason }),
    data: z.object({ version: z.number() }),
  }),
  page: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user/page',
    summary: 'Accounts, paged and filtered',
    access: { permission: 'platform:account:page' },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      username: z.string().trim().max(32).optional(),
      mobile: z.string().trim().max(16).optional(),
      jobNumber: z.string().trim().max(32).optional(),
      type: z.union([z.literal(1), z.literal(2)]).optional(),
      status: status01.optional(),
      deptId: id.optional(),
      roleId: id.optional(),
    }),
    data: z.array(userRow),
  }),
  listAllSimple: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user/listAllSimple',
    summary: 'All enabled users (id, name) for dropdowns',
    access: { permission: 'system:user:list' },
    mutates: false,
    data: simpleUser,
  }),
  listInnerSimple: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user/listInnerSimple',
    summary: 'Enabled internal staff for dropdowns',
    access: { permission: 'system:user:list' },
    mutates: false,
    data: simpleUser,
  }),
  listOutSimple: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user/listOutSimple',
    summary: 'Enabled external users for dropdowns, optionally by name',
    access: { permission: 'system:user:list' },
    mutates: false,
    query: z.object({ username: z.string().max(32).optional() }),
    data: simpleUser,
  }),
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user/{id}',
    summary: 'One account',
    access: { permission: 'platform:account:query' },
    mutates: false,
    params: idParams,
    data: userRow,
  }),
  delete: defineEndpoint({
    service: 'user',
    method: 'DELETE',
    path: '/sys/user/{id}',
    summary:
      'Delete an account (reason required); refused while it has records (audit trail as actor, records it created or signed): disable it instead',
    access: { permission: ACCOUNT_PERMISSIONS.delete },
    mutates: true,
    params: idParams,
    query: z.object({ reason: z.string().trim().min(1).max(255).optional() }),
    data: z.null(),
  }),
  getByMobile: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user/getByMobile/{phone}',
    summary: 'Account by mobile number',
    access: { permission: 'platform:account:query' },
    mutates: false,
    params: z.object({ phone: mobile }),
    data: userRow.nullable(),
  }),
  updateStatus: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/user/updateStatus',
    summary: 'Enable (1) or disable (0) an account; disabling ends its sessions',
    access: { permission: ACCOUNT_PERMISSIONS.status },
    mutates: true,
    body: z.object({ id, status: status01, version }),
    data: z.object({ version: z.number() }),
  }),
  resetPassword: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/user/resetPassword',
    summary:
      "Give an account a temporary password, answered once or sent to its e-mail (`send`); it must be changed at the next login and the account's sessions end",
    access: { permission: ACCOUNT_PERMISSIONS.resetPassword },
    mutates: true,
    body: z.object({ id, send: z.boolean().default(false) }),
    data: z.object({ password: z.string().nullable(), sentTo: z.string().nullable() }),
  }),
  checkJobNumExist: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/user/checkJobNumExist',
    summary: 'Whether a job number is taken by another account',
    access: { permission: 'platform:account:query' },
    mutates: false,
    body: z.object({ jobNumber: text(32), id: id.optional() }),
    data: z.boolean(),
  }),
  updatePassword: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/user/updatePassword',
    summary: 'Change own password; every other session of the user ends',
    access: 'authenticated',
    mutates: true,
    body: z.object({ oldPassword: z.string().min(1).max(64), password }),
    data: z.boolean(),
  }),
  wxBind: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user/wxBind',
    summary: 'Bind a WeChat account to the logged-in user',
    access: 'authenticated',
    mutates: true,
    body: z.object({ code: z.string().min(1).max(256), state: z.string().min(1).max(128) }),
    data: z.boolean(),
  }),
  wxUnBind: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user/wxUnBind',
    summary: 'Remove the WeChat binding of the logged-in user',
    access: 'authenticated',
    mutates: true,
    body: z.object({}).optional(),
    data: z.boolean(),
  }),
  loginLogPage: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user/loginLog/page',
    summary: 'Login log, newest first',
    access: { permission: SYSTEM_PERMISSIONS.loginLog },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      account: z.string().trim().max(64).optional(),
      success: z.boolean().optional(),
      ip: z.string().trim().max(64).optional(),
      method: z.string().trim().max(16).optional(),
      ...timeRange,
    }),
    data: z.array(loginLogRow),
  }),
  operateLogPaging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/operateLog/paging',
    summary: 'Operation log (the audit trail), newest first',
    access: { permission: SYSTEM_PERMISSIONS.operationLog },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...operateLogFilter }),
    data: z.array(auditRow),
  }),
  operateLogOptions: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/operateLog/options',
    summary: "The operation log's pickers: the users, actions and entities the trail holds",
    access: { permission: SYSTEM_PERMISSIONS.operationLog },
    mutates: false,
    data: auditOptions,
  }),
  operateLogExport: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/operateLog/export',
    summary:
      'The filtered operation log as an xlsx workbook (binary body, not an envelope; at most 10 000 rows)',
    access: { permission: SYSTEM_PERMISSIONS.operationExport },
    mutates: false,
    body: z.object(operateLogFilter),
    data: z.unknown(),
  }),
});
