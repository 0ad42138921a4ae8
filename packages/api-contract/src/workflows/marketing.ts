import { defineWorkflow } from './machine.js';

/**
 * Marketing (docs/finance.md): customers, rate cards, quotations and contracts. Sales staff see the
 * customers they own (and those customers' quotations and contracts); whoever holds `customerAll`
 * (finance) sees every customer; external users see nothing of the area.
 */
export const MARKETING_PERMISSIONS = {
  customerPage: 'marketing:customer:page',
  customerCreate: 'marketing:customer:create',
  customerUpdate: 'marketing:customer:update',
  /** See and act on every customer, not only one's own (finance, sales management). */
  customerAll: 'marketing:customer:all',
  rateCardPage: 'marketing:rate-card:page',
  rateCardCreate: 'marketing:rate-card:create',
  /** Discount limits per role (who may approve how large a discount). */
  discountLimitUpdate: 'marketing:rate-card:update',
  quotationPage: 'marketing:quotation:page',
  /** The project facts a quotation reads (its plan's visits and samples): `quotationInfo`. */
  quotationView: 'marketing:quotation:view',
  quotationCreate: 'marketing:quotation:create',
  quotationExport: 'marketing:quotation:export',
  quotationReview: 'marketing:quotation-review:review',
  contractPage: 'marketing:contract:page',
  contractCreate: 'marketing:contract:create',
  contractUpdate: 'marketing:contract:update',
} as const;

export const QUOTATION_STATES = [
  'draft',
  'submitted',
  'approved',
  'returned',
  'superseded',
  'cancelled',
] as const;
export type QuotationState = (typeof QUOTATION_STATES)[number];

/** Meaning of the approval signature (stored with it). */
export const QUOTATION_SIGNATURE_MEANING = {
  zh_CN: '报价审核：批准按本报价（价格、折扣、有效期）对客户报价',
  en_US: 'Quotation approved: these prices, discounts and validity may be offered to the customer',
  zh_HK: '報價審核：批准按本報價（價格、折扣、有效期）對客戶報價',
} as const;

/**
 * A quotation version: drafted from a rate-card version, submitted, then approved or returned by a
 * reviewer other than its authors whose discount limit covers it (with an e-signature), or returned
 * with a reason. A
 * returned or approved quotation is revised into a new version (a new draft, the old one
 * superseded); a contract is made from an approved, unexpired one.
 */
export const quotationWorkflow = defineWorkflow({
  id: 'quotation',
  states: QUOTATION_STATES,
  initial: 'draft',
  final: ['superseded', 'cancelled'],
  words: {
    draft: { 'zh-CN': '草稿', 'en-US': 'Draft', 'zh-HK': '草稿' },
    submitted: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    approved: { 'zh-CN': '已批准', 'en-US': 'Approved', 'zh-HK': '已批准' },
    returned: { 'zh-CN': '已退回', 'en-US': 'Returned', 'zh-HK': '已退回' },
    superseded: { 'zh-CN': '已被新版本替代', 'en-US': 'Superseded', 'zh-HK': '已被新版本替代' },
    cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'zh-HK': '已取消' },
  },
  transitions: {
    submit: {
      from: ['draft'],
      to: 'submitted',
      permission: MARKETING_PERMISSIONS.quotationCreate,
      actor: 'any',
      signature: false,
    },
    approve: {
      from: ['submitted'],
      to: 'approved',
      permission: MARKETING_PERMISSIONS.quotationReview,
      actor: 'not-applicant',
      signature: true,
    },
    return: {
      from: ['submitted'],
      to: 'returned',
      permission: MARKETING_PERMISSIONS.quotationReview,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
    /** A new version (a draft copy) replaces this one. */
    revise: {
      from: ['returned', 'approved'],
      to: 'superseded',
      permission: MARKETING_PERMISSIONS.quotationCreate,
      actor: 'any',
      signature: false,
    },
    cancel: {
      from: ['draft', 'submitted', 'returned'],
      to: 'cancelled',
      permission: MARKETING_PERMISSIONS.quotationCreate,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type QuotationAction = keyof typeof quotationWorkflow.transitions;

export const CONTRACT_STATES = ['draft', 'active', 'closed'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

export const CONTRACT_SIGNATURE_MEANING = {
  zh_CN: '合同生效：已核对签署的合同扫描件与条款',
  en_US: 'Contract in force: the signed scan and its terms were checked',
  zh_HK: '合同生效：已核對簽署的合同掃描件與條款',
} as const;

/**
 * A contract made from an approved quotation: a draft until its signed scan is attached and it is
 * put in force (e-signed); amendments are versions with an effective date while it is active;
 * closed at its end.
 */
export const contractWorkflow = defineWorkflow({
  id: 'contract',
  states: CONTRACT_STATES,
  initial: 'draft',
  final: ['closed'],
  words: {
    draft: { 'zh-CN': '待生效', 'en-US': 'Draft', 'zh-HK': '待生效' },
    active: { 'zh-CN': '执行中', 'en-US': 'In force', 'zh-HK': '執行中' },
    closed: { 'zh-CN': '已关闭', 'en-US': 'Closed', 'zh-HK': '已關閉' },
  },
  transitions: {
    activate: {
      from: ['draft'],
      to: 'active',
      permission: MARKETING_PERMISSIONS.contractUpdate,
      actor: 'any',
      signature: true,
    },
    close: {
      from: ['draft', 'active'],
      to: 'closed',
      permission: MARKETING_PERMISSIONS.contractUpdate,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type ContractAction = keyof typeof contractWorkflow.transitions;
