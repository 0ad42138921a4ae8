import { defineWorkflow } from './machine.js';

/**
 * Account application: a site user asks for a portal account for a colleague; internal staff
 * approve it (the external account is created with exactly the requested project/site grants) or
 * reject it with a reason. Only the applicant may withdraw, and only before the review.
 */
export const ACCOUNT_APPLICATION_STATES = ['submitted', 'withdrawn', 'approved', 'rejected'] as const;
export type AccountApplicationState = (typeof ACCOUNT_APPLICATION_STATES)[number];

export const ACCOUNT_APPLICATION_PERMISSIONS = {
  /** Site side (/web/user-apply, /web/apply-account). */
  page: 'web:user-apply:page',
  query: 'web:user-apply:query',
  create: 'web:user-apply:create',
  revoke: 'web:user-apply:revoke',
  /** Staff side: the review list (/project/user-apply-audit) and the register (/project/user-apply). */
  auditPage: 'project:user-apply-audit:page',
  audit: 'project:user-apply-audit:audit',
  staffPage: 'project:user-apply:page',
  staffQuery: 'project:user-apply:query',
} as const;

export const accountApplicationWorkflow = defineWorkflow({
  id: 'accountApplication',
  states: ACCOUNT_APPLICATION_STATES,
  initial: 'submitted',
  final: ['withdrawn', 'approved', 'rejected'],
  words: {
    submitted: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    withdrawn: { 'zh-CN': '已撤回', 'en-US': 'Withdrawn', 'zh-HK': '已撤回' },
    approved: { 'zh-CN': '已通过', 'en-US': 'Approved', 'zh-HK': '已通過' },
    rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected', 'zh-HK': '已駁回' },
  },
  transitions: {
    withdraw: {
      from: ['submitted'],
      to: 'withdrawn',
      permission: ACCOUNT_APPLICATION_PERMISSIONS.revoke,
      actor: 'applicant',
      signature: false,
    },
    /** Creates the external account and sends its first-login password. */
    approve: {
      from: ['submitted'],
      to: 'approved',
      permission: ACCOUNT_APPLICATION_PERMISSIONS.audit,
      actor: 'not-applicant',
      signature: false,
    },
    reject: {
      from: ['submitted'],
      to: 'rejected',
      permission: ACCOUNT_APPLICATION_PERMISSIONS.audit,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type AccountApplicationAction = keyof typeof accountApplicationWorkflow.transitions;
