import { defineWorkflow } from './machine.js';

/**
 * Statements and adjustments (docs/finance.md "Statements"): a period's statement per project made
 * from its billable events not yet on one, reviewed by finance (e-signed, not by its creator) and
 * confirmed (e-signed) with the customer's signed statement attached (the number is given then, gapless per
 * series); a confirmed statement never changes but for its fapiao. Adjustments credit or debit a
 * confirmed statement's lines with a reason and are reviewed the same way.
 */
export const STATEMENT_PERMISSIONS = {
  /** See statements and adjustments (finance sees all; sales their customers'): list, detail, PDF. */
  statementPage: 'financial:final-statement-detail:page',
  /** Generate a period's draft statement of a project, cancel a draft. */
  statementCreate: 'financial:final-statement-detail:create',
  statementReview: 'financial:review-final-statement:review',
  statementConfirm: 'financial:confirm-final-statement:confirm',
  /** Record the fapiao (invoice) number and date of a confirmed statement: the one change allowed. */
  statementInvoice: 'financial:confirm-final-statement:update',
  adjustmentCreate: 'financial:adjustment-final-statement:create',
  adjustmentReview: 'financial:review-adjustment:review',
} as const;

export const STATEMENT_STATES = ['draft', 'reviewed', 'confirmed', 'cancelled'] as const;
export type StatementState = (typeof STATEMENT_STATES)[number];

/** What each e-signed statement transition means (the signature row keeps it in the signer's language). */
export const STATEMENT_SIGNATURE_MEANINGS = {
  review: {
    zh_CN: '结算单审核：已核对本期计费明细、单价与合计',
    en_US: 'Statement reviewed: the period’s billed work, unit prices and totals were checked',
    zh_HK: '結算單審核：已核對本期計費明細、單價與合計',
  },
  /** Confirmation fixes the money and the number: the customer's signed statement matches it. */
  confirm: {
    zh_CN: '结算单确认：客户签字结算单与本单金额一致，确认编号、金额（及外币汇率）',
    en_US:
      'Statement confirmed: the customer’s signed statement matches it; its number, amounts (and exchange rate) are fixed',
    zh_HK: '結算單確認：客戶簽字結算單與本單金額一致，確認編號、金額（及外幣匯率）',
  },
} as const;

export const statementWorkflow = defineWorkflow({
  id: 'statement',
  states: STATEMENT_STATES,
  initial: 'draft',
  final: ['confirmed', 'cancelled'],
  words: {
    draft: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    reviewed: { 'zh-CN': '待确认', 'en-US': 'Awaiting confirmation', 'zh-HK': '待確認' },
    confirmed: { 'zh-CN': '已确认', 'en-US': 'Confirmed', 'zh-HK': '已確認' },
    cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'zh-HK': '已取消' },
  },
  transitions: {
    review: {
      from: ['draft'],
      to: 'reviewed',
      permission: STATEMENT_PERMISSIONS.statementReview,
      actor: 'not-applicant',
      signature: true,
    },
    /**
     * The customer's signed statement attached, e-signed (it fixes the money and the number); the
     * number given, the PDF stored with its hash.
     */
    confirm: {
      from: ['reviewed'],
      to: 'confirmed',
      permission: STATEMENT_PERMISSIONS.statementConfirm,
      actor: 'any',
      signature: true,
    },
    /** A draft or reviewed statement withdrawn: its events go back to be billed again. */
    cancel: {
      from: ['draft', 'reviewed'],
      to: 'cancelled',
      permission: STATEMENT_PERMISSIONS.statementCreate,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type StatementAction = keyof typeof statementWorkflow.transitions;

export const ADJUSTMENT_STATES = ['draft', 'reviewed', 'cancelled'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];

export const ADJUSTMENT_SIGNATURE_MEANING = {
  zh_CN: '调整审核：已核对调整明细、原因与红字限额',
  en_US: 'Adjustment reviewed: its lines, reason and credit limits were checked',
  zh_HK: '調整審核：已核對調整明細、原因與紅字限額',
} as const;

/** Credit and debit lines against a confirmed statement. */
export const adjustmentWorkflow = defineWorkflow({
  id: 'adjustment',
  states: ADJUSTMENT_STATES,
  initial: 'draft',
  final: ['reviewed', 'cancelled'],
  words: {
    draft: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    reviewed: { 'zh-CN': '已审核', 'en-US': 'Reviewed', 'zh-HK': '已審核' },
    cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'zh-HK': '已取消' },
  },
  transitions: {
    review: {
      from: ['draft'],
      to: 'reviewed',
      permission: STATEMENT_PERMISSIONS.adjustmentReview,
      actor: 'not-applicant',
      signature: true,
    },
    cancel: {
      from: ['draft'],
      to: 'cancelled',
      permission: STATEMENT_PERMISSIONS.adjustmentCreate,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type AdjustmentAction = keyof typeof adjustmentWorkflow.transitions;

/** An adjustment line credits (takes off) or debits (adds to) a confirmed statement's line. */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** The reason of an adjustment made by reversals of work already on a confirmed statement. */
export const ADJUSTMENT_REVERSAL_REASON = {
  zh_CN: '已结算工作撤销（报告更正、套件退回、运输取消）冲红',
  en_US: 'Credit for billed work undone (a report corrected, a kit returned, a shipment cancelled)',
  zh_HK: '已結算工作撤銷（報告更正、套件退回、運輸取消）沖紅',
} as const;
