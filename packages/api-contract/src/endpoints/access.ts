import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, optionalText, pageFields, status01, text, version } from '../schemas.js';
import { ACCOUNT_PERMISSIONS, grantReason, projectGrants } from './user.js';

const roleRow = z.object({
  id: z.number(),
  name: z.string(),
  /** The English name (null: the Chinese one is shown in English too, by the localName rule). */
  enName: z.string().nullable(),
  code: z.string(),
  status: z.number(),
  remark: z.string().nullable(),
  permissionIds: z.array(z.number()),
  version: z.number(),
});
/** A role's code: a lowercase letter, then 2 to 32 lowercase letters, digits, `_` or `-`. */
export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;
const roleFields = {
  name: text(32),
  enName: optionalText(64),
  code: z.string().trim().regex(ROLE_CODE_PATTERN),
  remark: optionalText(255),
  permissionIds: z.array(id).max(2000).default([]),
  /** Why (Part 11): required, kept in the audit record. */
  reason: optionalText(255),
};
const deptRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  /** Users of the department (its own, not its children's), enabled and disabled. */
  memberCount: z.number(),
  version: z.number(),
});
const deptFields = {
  name: text(32),
  parentId: id.nullish(),
  /** The lab's own short code (unique when given). */
  code: optionalText(32),
  /** The head of the department, as a name (not an account). */
  leader: optionalText(32),
  phone: optionalText(20),
  sort: z.number().int().min(0).max(9999).default(0),
};
const userProjectRow = z.object({
  id: z.number(),
  userId: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  siteId: z.number().nullable(),
  centerNo: z.string().nullable(),
  siteName: z.string().nullable(),
});

export const role = defineGroup('role', {
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/role/create',
    summary: 'Create a role with its permissions (reason required; only permissions the caller holds)',
    access: { permission: 'platform:role:create' },
    mutates: true,
    body: z.object(roleFields),
    data: z.object({ id: z.number() }),
  }),
  page: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/role/page',
    summary: 'Roles, paged',
    access: { permission: 'platform:role:page' },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      name: z.string().trim().max(32).optional(),
      status: status01.optional(),
    }),
    data: z.array(roleRow),
  }),
  listAllSimple: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/role/listAllSimple',
    summary: 'Enabled roles for dropdowns',
    access: { permission: 'platform:role:page' },
    mutates: false,
    data: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/role/update',
    summary:
      'Edit a role and its permissions (send the version read; reason required; only permissions the caller holds may be added)',
    access: { permission: 'platform:role:update' },
    mutates: true,
    body: z.object({ id, version, ...roleFields }),
    data: z.object({ version: z.number() }),
  }),
  updateStatus: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/role/updateStatus',
    summary: 'Enable (1) or disable (0) a role (reason required); a disabled role grants nothing',
    access: { permission: 'platform:role:update' },
    mutates: true,
    body: z.object({ id, status: status01, version, reason: optionalText(255) }),
    data: z.object({ version: z.number() }),
  }),
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/role/{id}',
    summary: 'One role with its permission ids',
    access: { permission: 'platform:role:page' },
    mutates: false,
    params: idParams,
    data: roleRow,
  }),
  delete: defineEndpoint({
    service: 'user',
    method: 'DELETE',
    path: '/sys/role/delete',
    summary: 'Delete a role no user holds (reason required)',
    access: { permission: 'platform:role:delete' },
    mutates: true,
    query: z.object({ id, reason: z.string().trim().min(1).max(255).optional() }),
    data: z.null(),
  }),
  copy: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/role/copy',
    summary:
      'Copy a role under a new name and code with the same permissions (reason required; only permissions the caller holds)',
    access: { permission: 'platform:role:create' },
    mutates: true,
    body: z.object({
      id,
      name: roleFields.name,
      enName: roleFields.enName,
      code: roleFields.code,
      remark: roleFields.remark,
      reason: roleFields.reason,
    }),
    data: z.object({ id: z.number() }),
  }),
  holders: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/role/{id}/holders',
    summary: 'The accounts that hold a role (enabled or not), by name',
    access: { permission: 'platform:role:page' },
    mutates: false,
    params: idParams,
    data: z.array(
      z.object({
        id: z.number(),
        username: z.string(),
        jobNumber: z.string().nullable(),
        type: z.number(),
        status: z.number(),
        deptName: z.string().nullable(),
      }),
    ),
  }),
  permissionTree: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/permission/tree',
    summary: 'All permissions (directory, menu, button, tab) as a flat list for the role editor',
    access: { permission: 'platform:role:page' },
    mutates: false,
    data: z.array(
      z.object({
        id: z.number(),
        parentId: z.number().nullable(),
        type: z.number(),
        authority: z.string().nullable(),
        i18nKey: z.string(),
        name: z.string(),
        enName: z.string(),
        hkName: z.string(),
      }),
    ),
  }),
});

export const dept = defineGroup('dept', {
  page: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dept/page',
    summary: 'Departments, paged',
    access: { permission: 'platform:dept:page' },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      name: z.string().trim().max(32).optional(),
      status: status01.optional(),
    }),
    data: z.array(deptRow),
  }),
  tree: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/dept/tree',
    summary: 'Every department (parent first, by sort) with its member count, for the tree table',
    access: { permission: 'platform:dept:page' },
    mutates: false,
    data: z.array(deptRow),
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dept/create',
    summary: 'Create a department (name unique among its siblings; under an enabled parent)',
    access: { permission: 'platform:dept:create' },
    mutates: true,
    body: z.object(deptFields),
    data: z.object({ id: z.number() }),
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/dept/update',
    summary:
      'Edit or move a department (send the version read; no cycles; status absent = unchanged, disable rules as updateStatus)',
    access: { permission: 'platform:dept:update' },
    mutates: true,
    body: z.object({ id, version, ...deptFields, status: status01.optional() }),
    data: z.object({ version: z.number() }),
  }),
  updateStatus: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/dept/updateStatus',
    summary:
      'Enable (1) or disable (0) a department: disabling is refused while it has enabled members or enabled sub-departments, enabling while its parent is disabled',
    access: { permission: 'platform:dept:update' },
    mutates: true,
    body: z.object({ id, status: status01, version }),
    data: z.object({ version: z.number() }),
  }),
});

export const userProject = defineGroup('userProject', {
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/userproject/{id}',
    summary: 'One project permission row',
    access: { permission: 'platform:internal-permission:page' },
    mutates: false,
    params: idParams,
    data: userProjectRow,
  }),
  delete: defineEndpoint({
    service: 'user',
    method: 'DELETE',
    path: '/sys/userproject/{id}',
    summary: 'Remove one project permission row',
    access: { permission: 'platform:internal-permission:update' },
    mutates: true,
    params: idParams,
    data: z.null(),
  }),
  page: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/userproject/page',
    summary: 'Project permissions of a user (SPEC: userId, page 1, size 99999)',
    access: { permission: 'platform:internal-permission:page' },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, userId: id }),
    data: z.array(userProjectRow),
  }),
  setPermission: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/userproject/{userId}/permission',
    summary:
      'Replace the project scope of a user: internal staff by project, external customers by project and sites (a reason when it changes)',
    access: { permission: ACCOUNT_PERMISSIONS.internalGrants },
    mutates: true,
    params: z.object({ userId: id }),
    body: z.object({ projects: projectGrants, reason: grantReason }),
    data: z.null(),
  }),
  externalInfo: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/userproject/external/permission/info',
    summary: 'Projects and sites an external customer may see',
    access: { permission: 'platform:external-permission:page' },
    mutates: false,
    body: z.object({ userId: id }),
    data: z.array(
      z.object({
        projectId: z.number(),
        projectNo: z.string(),
        projectName: z.string(),
        sites: z.array(z.object({ id: z.number(), centerNo: z.string(), name: z.string() })),
      }),
    ),
  }),
});
