import { defineWorkflow } from './machine.js';

/** Subjects at input-subject (entry) and subject-review (a second person approves). */
export const SUBJECT_PERMISSIONS = {
  page: 'laboratory:before-analysis-input-subject:page',
  query: 'laboratory:before-analysis-input-subject:query',
  create: 'laboratory:before-analysis-input-subject:create',
  update: 'laboratory:before-analysis-input-subject:update',
  review: 'laboratory:before-analysis-subject-review:review',
} as const;

export const SUBJECT_STATES = ['submitted', 'approved', 'rejected'] as const;
export type SubjectState = (typeof SUBJECT_STATES)[number];

export const subjectRegistrationWorkflow = defineWorkflow({
  id: 'subjectRegistration',
  // The trail has named these `subject.<action>` (the endpoints' group) from the start.
  audit: 'subject',
  states: SUBJECT_STATES,
  initial: 'submitted',
  final: ['approved'],
  words: {
    submitted: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    approved: { 'zh-CN': '已通过', 'en-US': 'Approved', 'zh-HK': '已通過' },
    rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected', 'zh-HK': '已駁回' },
  },
  transitions: {
    /** Correct a rejected registration (read the card, compare, enrol again) and submit it again. */
    resubmit: {
      from: ['rejected'],
      to: 'submitted',
      permission: SUBJECT_PERMISSIONS.update,
      actor: 'applicant',
      signature: false,
    },
    approve: {
      from: ['submitted'],
      to: 'approved',
      permission: SUBJECT_PERMISSIONS.review,
      actor: 'not-applicant',
      signature: false,
    },
    reject: {
      from: ['submitted'],
      to: 'rejected',
      permission: SUBJECT_PERMISSIONS.review,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type SubjectAction = keyof typeof subjectRegistrationWorkflow.transitions;
