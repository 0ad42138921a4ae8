// Account applications: site users ask for portal accounts for colleagues; staff review them.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, mobile, pageFields, version } from '../schemas.js';
import {
  ACCOUNT_APPLICATION_STATES,
  ACCOUNT_APPLICATION_PERMISSIONS as PERM,
} from '../workflows/account-application.js';
import { eventRow, optional, optionalEmail, PORTAL_LIMITS, personName } from './portal-fields.js';

const state = z.enum(ACCOUNT_APPLICATION_STATES);

export const ACCOUNT_APPLICATION_LIMITS = { name: 32, purpose: 64, reason: 255, grants: 50 } as const;

export const grantRow = z.object({
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  siteId: z.number(),
  siteNo: z.string(),
  siteName: z.string(),
});

export const accountApplicationRow = z.object({
  id: z.number(),
  applicationNo: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  roleId: z.number(),
  roleName: z.string(),
  purpose: z.string().nullable(),
  reason: z.string(),
  grants: z.array(grantRow),
  status: state,
  applicantId: z.number(),
  applicantName: z.string(),
  applyTime: z.string(),
  reviewerName: z.string().nullable(),
  reviewTime: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The external account created on approval. */
  createdUserId: z.number().nullable(),
  version: z.number(),
});
export type AccountApplicationRow = z.infer<typeof accountApplicationRow>;
export const accountApplicationDetail = accountApplicationRow.extend({ events: z.array(eventRow) });
export type AccountApplicationDetail = z.infer<typeof accountApplicationDetail>;

const listFilters = {
  ...pageFields,
  keyword: z.string().trim().max(32).optional(),
  projectId: id.optional(),
  status: z.array(state).max(ACCOUNT_APPLICATION_STATES.length).optional(),
};

/** What a site user fills in; the grants must be among the applicant's own. */
export const accountApplicationInput = z.object({
  name: personName(ACCOUNT_APPLICATION_LIMITS.name),
  mobile,
  email: optionalEmail(64),
  /** A role made only of portal permissions (see `roles`). */
  roleId: id,
  purpose: optional(ACCOUNT_APPLICATION_LIMITS.purpose),
  reason: z
    .string()
    .trim()
    .min(1, 'validation.applyReason')
    .max(ACCOUNT_APPLICATION_LIMITS.reason, 'validation.applyReason'),
  grants: z
    .array(z.object({ projectId: id, siteId: id }))
    .min(1, 'validation.grants')
    .max(ACCOUNT_APPLICATION_LIMITS.grants, 'validation.grants')
    .refine((g) => new Set(g.map((x) => x.siteId)).size === g.length, { message: 'validation.grants' }),
});

export const accountApplication = defineGroup('accountApplication', {
  roles: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user-apply/roles',
    summary:
      'Roles a site user may request: enabled roles holding only portal (web, personal) permissions, every one of them held by the user',
    access: { permission: PERM.create },
    mutates: false,
    data: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user-apply/paging',
    summary: 'My account applications, newest first',
    access: { permission: PERM.page },
    mutates: false,
    paged: true,
    body: z.object(listFilters),
    data: z.array(accountApplicationRow),
  }),
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user-apply/{id}',
    summary: 'One of my applications with the record of every step',
    access: { permission: PERM.query },
    mutates: false,
    params: idParams,
    data: accountApplicationDetail,
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user-apply',
    summary: 'Apply for a portal account for a colleague (grants only from my own sites)',
    access: { permission: PERM.create },
    mutates: true,
    body: accountApplicationInput,
    data: accountApplicationDetail,
  }),
  withdraw: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/user-apply/{id}/withdraw',
    summary: 'Withdraw my application before it is reviewed',
    access: { permission: PERM.revoke },
    mutates: true,
    params: idParams,
    body: z.object({ version }),
    data: accountApplicationDetail,
  }),
  auditPaging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user-apply/audit/paging',
    summary: 'Staff: applications of my projects, pending review or reviewed',
    access: { permission: PERM.auditPage },
    mutates: false,
    paged: true,
    body: z.object({ ...listFilters, tab: z.enum(['pending', 'reviewed']) }),
    data: z.array(accountApplicationRow),
  }),
  staffPaging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/user-apply/staff/paging',
    summary: 'Staff: the register of account applications of my projects, every state',
    access: { permission: PERM.staffPage },
    mutates: false,
    paged: true,
    body: z.object(listFilters),
    data: z.array(accountApplicationRow),
  }),
  staffGet: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user-apply/staff/{id}',
    summary: 'Staff: one application of my projects with the record of every step',
    access: { permission: PERM.staffQuery },
    mutates: false,
    params: idParams,
    data: accountApplicationDetail,
  }),
  audit: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/user-apply/{id}/audit',
    summary:
      'Staff: approve (creates the external account with exactly the requested grants and sends its first-login password) or reject with a reason (<= 255)',
    access: { permission: PERM.audit },
    mutates: true,
    params: idParams,
    body: z
      .object({ version, pass: z.boolean(), reason: optional(PORTAL_LIMITS.rejectReason) })
      .refine((b) => b.pass || (b.reason !== null && b.reason.length > 0), {
        message: 'validation.reasonRequired',
        path: ['reason'],
      }),
    data: accountApplicationDetail,
  }),
});
