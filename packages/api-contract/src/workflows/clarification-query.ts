import { defineWorkflow } from './machine.js';

/** Clarification query (SPEC section 4): answered by the site, closed by staff, auto-resolved when none is needed. */
export const QUERY_STATES = ['open', 'answered', 'resolved'] as const;
export type QueryState = (typeof QUERY_STATES)[number];

export const QUERY_PERMISSIONS = {
  page: 'web:question:page',
  query: 'web:question:query',
  reply: 'web:question:reply',
  /** Internal staff raise and close queries. */
  create: 'project:question:create',
  close: 'project:question:close',
  /** Staff list and follow every query of their projects (/project/question, /laboratory/before-analysis/question). */
  staffPage: 'project:question:page',
  staffQuery: 'project:question:query',
  reopen: 'project:question:reopen',
} as const;

export const clarificationQueryWorkflow = defineWorkflow({
  id: 'clarificationQuery',
  states: QUERY_STATES,
  initial: 'open',
  final: ['resolved'],
  words: {
    open: { 'zh-CN': '待答复', 'en-US': 'Awaiting reply', 'zh-HK': '待答覆' },
    answered: { 'zh-CN': '已答复', 'en-US': 'Answered', 'zh-HK': '已答覆' },
    resolved: { 'zh-CN': '已解决', 'en-US': 'Resolved', 'zh-HK': '已解決' },
  },
  transitions: {
    reply: {
      from: ['open', 'answered'],
      to: 'answered',
      permission: QUERY_PERMISSIONS.reply,
      actor: 'any',
      signature: false,
    },
    /** Fired by the server when a site user views a query that needs no clarification. */
    autoResolve: {
      from: ['open'],
      to: 'resolved',
      permission: QUERY_PERMISSIONS.query,
      actor: 'any',
      signature: false,
    },
    close: {
      from: ['answered'],
      to: 'resolved',
      permission: QUERY_PERMISSIONS.close,
      actor: 'any',
      signature: false,
    },
    /** Staff are not satisfied with the answer (or an auto-resolved query needs one after all). */
    reopen: {
      from: ['resolved'],
      to: 'open',
      permission: QUERY_PERMISSIONS.reopen,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type QueryAction = keyof typeof clarificationQueryWorkflow.transitions;
