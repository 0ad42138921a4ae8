import { defineWorkflow } from './machine.js';

/**
 * Feedback from the lab bench to the project manager about a query or a sample barcode: raised at
 * /laboratory/before-analysis/feedback, answered at /project/feedback, closed by the one who raised it.
 */
export const FEEDBACK_STATES = ['open', 'answered', 'closed'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export const FEEDBACK_PERMISSIONS = {
  labPage: 'laboratory:before-analysis-feedback:page',
  create: 'laboratory:before-analysis-feedback:create',
  close: 'laboratory:before-analysis-feedback:close',
  projectPage: 'project:feedback:page',
  respond: 'project:feedback:respond',
} as const;

export const labFeedbackWorkflow = defineWorkflow({
  id: 'labFeedback',
  states: FEEDBACK_STATES,
  initial: 'open',
  final: ['closed'],
  words: {
    open: { 'zh-CN': '待答复', 'en-US': 'Awaiting answer', 'zh-HK': '待答覆' },
    answered: { 'zh-CN': '已答复', 'en-US': 'Answered', 'zh-HK': '已答覆' },
    closed: { 'zh-CN': '已关闭', 'en-US': 'Closed', 'zh-HK': '已關閉' },
  },
  transitions: {
    /** The project manager answers (the answer is the reason text, required). */
    respond: {
      from: ['open', 'answered'],
      to: 'answered',
      permission: FEEDBACK_PERMISSIONS.respond,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
    close: {
      from: ['answered'],
      to: 'closed',
      permission: FEEDBACK_PERMISSIONS.close,
      actor: 'applicant',
      signature: false,
    },
  },
});
export type FeedbackAction = keyof typeof labFeedbackWorkflow.transitions;
