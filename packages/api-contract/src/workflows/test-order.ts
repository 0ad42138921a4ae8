import { defineWorkflow } from './machine.js';

/** Test orders: entered at input-test-project or batch-enter-test-items, reviewed at test-project-review. */
export const TEST_ORDER_PERMISSIONS = {
  page: 'laboratory:before-analysis-input-test-project:page',
  create: 'laboratory:before-analysis-input-test-project:create',
  update: 'laboratory:before-analysis-input-test-project:update',
  batch: 'laboratory:before-analysis-batch-enter-test-items:create',
  review: 'laboratory:before-analysis-test-project-review:review',
} as const;

export const TEST_ORDER_STATES = ['submitted', 'approved', 'rejected'] as const;
export type TestOrderState = (typeof TEST_ORDER_STATES)[number];

export const testOrderWorkflow = defineWorkflow({
  id: 'testOrder',
  states: TEST_ORDER_STATES,
  initial: 'submitted',
  final: ['approved'],
  words: {
    submitted: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    approved: { 'zh-CN': '已通过', 'en-US': 'Approved', 'zh-HK': '已通過' },
    rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected', 'zh-HK': '已駁回' },
  },
  transitions: {
    resubmit: {
      from: ['rejected'],
      to: 'submitted',
      permission: TEST_ORDER_PERMISSIONS.update,
      actor: 'applicant',
      signature: false,
    },
    approve: {
      from: ['submitted'],
      to: 'approved',
      permission: TEST_ORDER_PERMISSIONS.review,
      actor: 'not-applicant',
      signature: false,
    },
    reject: {
      from: ['submitted'],
      to: 'rejected',
      permission: TEST_ORDER_PERMISSIONS.review,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type TestOrderAction = keyof typeof testOrderWorkflow.transitions;
