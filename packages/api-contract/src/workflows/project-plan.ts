import { defineWorkflow } from './machine.js';

/**
 * A project's sampling and testing plan (/project/plan): its visits and, per visit, the samples to
 * collect and the tests to run. A draft is submitted, approved with an e-signature (or returned with a
 * reason) and put online. An online plan is edited through a draft revision of it; when that revision
 * goes online the version before it is superseded (kept, listed among the versions).
 */
export const PLAN_PERMISSIONS = {
  view: 'project:plan:view',
  edit: 'project:plan:edit',
  submit: 'project:plan:submit',
  review: 'project:plan:review',
  export: 'project:plan:export',
} as const;

/** The site's own reconciliation (/web/reconciliation): its projects' rows at its sites only. */
export const SITE_RECONCILIATION_PERMISSIONS = {
  page: 'web:reconciliation:page',
  export: 'web:reconciliation:export',
} as const;

export const PLAN_STATES = ['draft', 'submitted', 'returned', 'reviewed', 'online', 'superseded'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** Meaning of the approval signature (stored with it). */
export const PLAN_SIGNATURE_MEANING = {
  zh_CN: '方案审核：批准本版本的访视与样本计划',
  en_US: 'Plan approved: visits and samples of this version',
  zh_HK: '方案審核：批准本版本的訪視與樣本計劃',
} as const;

export const projectPlanWorkflow = defineWorkflow({
  id: 'projectPlan',
  states: PLAN_STATES,
  initial: 'draft',
  final: ['superseded'],
  words: {
    draft: { 'zh-CN': '草稿', 'en-US': 'Draft', 'zh-HK': '草稿' },
    submitted: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    returned: { 'zh-CN': '已退回', 'en-US': 'Returned', 'zh-HK': '已退回' },
    reviewed: { 'zh-CN': '已批准', 'en-US': 'Approved', 'zh-HK': '已批准' },
    online: { 'zh-CN': '已上线', 'en-US': 'Online', 'zh-HK': '已上線' },
    superseded: { 'zh-CN': '已替代', 'en-US': 'Superseded', 'zh-HK': '已替代' },
  },
  transitions: {
    submit: {
      from: ['draft', 'returned'],
      to: 'submitted',
      permission: PLAN_PERMISSIONS.submit,
      actor: 'any',
      signature: false,
    },
    /** Never by the author of the version (segregation of duties). */
    approve: {
      from: ['submitted'],
      to: 'reviewed',
      permission: PLAN_PERMISSIONS.review,
      actor: 'not-applicant',
      signature: true,
    },
    return: {
      from: ['submitted'],
      to: 'returned',
      permission: PLAN_PERMISSIONS.review,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
    goOnline: {
      from: ['reviewed'],
      to: 'online',
      permission: PLAN_PERMISSIONS.submit,
      actor: 'any',
      signature: false,
    },
  },
});
export type PlanAction = keyof typeof projectPlanWorkflow.transitions;

/** The states whose visits, samples and kits may be changed: those a version is submitted from. */
export const PLAN_EDITABLE_STATES: readonly PlanState[] = projectPlanWorkflow.transitions.submit.from;

/** The states of a revision still in progress: neither online nor final. */
export const PLAN_OPEN_STATES: readonly PlanState[] = PLAN_STATES.filter(
  (state) => state !== 'online' && !projectPlanWorkflow.final.includes(state),
);
