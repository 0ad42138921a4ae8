import { defineWorkflow } from './machine.js';

/** Consumable application (SPEC section 4: consumable audit, withdraw, cancel, confirm receipt). */
export const CONSUMABLE_ORDER_STATES = [
  'submitted',
  'withdrawn',
  'rejected',
  'approved',
  'dispatched',
  'received',
  'cancelled',
] as const;
export type ConsumableOrderState = (typeof CONSUMABLE_ORDER_STATES)[number];

/** The states in which an application has a dispatch note: dispatched, and everything after. */
export const DISPATCH_NOTE_STATES = ['dispatched', 'received'] as const satisfies ConsumableOrderState[];

export const CONSUMABLE_PERMISSIONS = {
  page: 'web:consum-material-apply:page',
  query: 'web:consum-material-apply:query',
  create: 'web:consum-material-apply:create',
  update: 'web:consum-material-apply:update',
  revoke: 'web:consum-material-apply:revoke',
  cancel: 'web:consum-material-apply:cancel',
  receive: 'web:consum-material-apply:receive',
  export: 'web:consum-material-apply:export',
  auditPage: 'web:consumables-audit:page',
  audit: 'web:consumables-audit:audit',
  /** Internal staff (supply area): the dispatch list and the dispatch itself. */
  staffPage: 'supply:consum-material-apply:page',
  dispatch: 'supply:consum-material-apply:dispatch',
} as const;

export const consumableOrderWorkflow = defineWorkflow({
  id: 'consumableOrder',
  states: CONSUMABLE_ORDER_STATES,
  initial: 'submitted',
  final: ['received', 'cancelled'],
  words: {
    submitted: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    withdrawn: { 'zh-CN': '已撤回', 'en-US': 'Withdrawn', 'zh-HK': '已撤回' },
    rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected', 'zh-HK': '已駁回' },
    approved: { 'zh-CN': '待发货', 'en-US': 'Awaiting dispatch', 'zh-HK': '待發貨' },
    dispatched: { 'zh-CN': '已发货', 'en-US': 'Dispatched', 'zh-HK': '已發貨' },
    received: { 'zh-CN': '已收货', 'en-US': 'Received', 'zh-HK': '已收貨' },
    cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'zh-HK': '已取消' },
  },
  transitions: {
    /** Editing resubmits the application for review. */
    edit: {
      from: ['submitted', 'withdrawn', 'rejected'],
      to: 'submitted',
      permission: CONSUMABLE_PERMISSIONS.update,
      actor: 'applicant',
      signature: false,
    },
    withdraw: {
      from: ['submitted'],
      to: 'withdrawn',
      permission: CONSUMABLE_PERMISSIONS.revoke,
      actor: 'applicant',
      signature: false,
    },
    cancel: {
      from: ['submitted', 'withdrawn', 'rejected', 'approved'],
      to: 'cancelled',
      permission: CONSUMABLE_PERMISSIONS.cancel,
      actor: 'applicant',
      reason: { required: false, max: 255 },
      signature: false,
    },
    /** Site audit by a second site user: the applicant never reviews their own application. */
    approve: {
      from: ['submitted'],
      to: 'approved',
      permission: CONSUMABLE_PERMISSIONS.audit,
      actor: 'not-applicant',
      signature: false,
    },
    reject: {
      from: ['submitted'],
      to: 'rejected',
      permission: CONSUMABLE_PERMISSIONS.audit,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
    dispatch: {
      from: ['approved'],
      to: 'dispatched',
      permission: CONSUMABLE_PERMISSIONS.dispatch,
      actor: 'any',
      signature: false,
    },
    receive: {
      from: ['dispatched'],
      to: 'received',
      permission: CONSUMABLE_PERMISSIONS.receive,
      actor: 'any',
      signature: false,
    },
  },
});
export type ConsumableOrderAction = keyof typeof consumableOrderWorkflow.transitions;
