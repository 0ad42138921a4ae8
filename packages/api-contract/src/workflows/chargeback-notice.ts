import { defineWorkflow } from './machine.js';

/**
 * Chargeback notice: a charge the laboratory raises against a site (non-conforming or re-tested
 * samples). The site acknowledges it or disputes it with a reason; staff may withdraw an open or
 * disputed notice. Raised by staff at /express/unconventional (non-routine fees).
 */
export const CHARGEBACK_STATES = ['issued', 'acknowledged', 'disputed', 'withdrawn'] as const;
export type ChargebackState = (typeof CHARGEBACK_STATES)[number];

export const CHARGEBACK_PERMISSIONS = {
  /** Site side, under the report-search page. */
  page: 'web:report-search:chargeback',
  respond: 'web:report-search:respond',
  /** Staff side (non-routine fees, /express/unconventional): the notices of my projects. */
  staffPage: 'express:unconventional:page',
  create: 'express:unconventional:create',
  withdraw: 'express:unconventional:withdraw',
} as const;

export const CHARGEBACK_LIMITS = { reason: 255, amountMax: 99_999_999.99 } as const;

export const chargebackWorkflow = defineWorkflow({
  id: 'chargebackNotice',
  states: CHARGEBACK_STATES,
  initial: 'issued',
  final: ['acknowledged', 'withdrawn'],
  words: {
    issued: { 'zh-CN': '待确认', 'en-US': 'Awaiting confirmation', 'zh-HK': '待確認' },
    acknowledged: { 'zh-CN': '已确认', 'en-US': 'Acknowledged', 'zh-HK': '已確認' },
    disputed: { 'zh-CN': '有异议', 'en-US': 'Disputed', 'zh-HK': '有異議' },
    withdrawn: { 'zh-CN': '已撤回', 'en-US': 'Withdrawn', 'zh-HK': '已撤回' },
  },
  transitions: {
    acknowledge: {
      from: ['issued'],
      to: 'acknowledged',
      permission: CHARGEBACK_PERMISSIONS.respond,
      actor: 'any',
      signature: false,
    },
    dispute: {
      from: ['issued'],
      to: 'disputed',
      permission: CHARGEBACK_PERMISSIONS.respond,
      actor: 'any',
      reason: { required: true, max: CHARGEBACK_LIMITS.reason },
      signature: false,
    },
    withdraw: {
      from: ['issued', 'disputed'],
      to: 'withdrawn',
      permission: CHARGEBACK_PERMISSIONS.withdraw,
      actor: 'any',
      reason: { required: true, max: CHARGEBACK_LIMITS.reason },
      signature: false,
    },
  },
});
export type ChargebackAction = keyof typeof chargebackWorkflow.transitions;

/** The actions a site user answers a notice with (the console's buttons on the notice). */
export const CHARGEBACK_SITE_ACTIONS = [
  'acknowledge',
  'dispute',
] as const satisfies readonly ChargebackAction[];

/** Portal report screens: permissions of the endpoints (menus are `web:<page>:view`). */
export const PORTAL_REPORT_PERMISSIONS = {
  reportPage: 'web:report-search:page',
  reportQuery: 'web:report-search:query',
  reportDownload: 'web:report-search:download',
  rejectionNotice: 'web:report-search:notice',
  resultPage: 'web:result-report:page',
  resultExport: 'web:result-report:export',
  /**
   * Inventory unblinding results (/web/personal-report): granted on its own, never with the ordinary
   * site role; every view lands in the audit trail.
   */
  unblinding: 'web:personal-report:page',
  inspectionPage: 'web:inspection-form:page',
  inspectionQuery: 'web:inspection-form:query',
} as const;
