// The specimen library's bills (docs/library.md "Bills"): outbound bills of four kinds and
// destruction bills. A bill holds lines (specimens); from its creation until it is closed, rejected
// or cancelled its specimens are reserved for it (no second bill, move or destruction takes them).
import { defineWorkflow } from './machine.js';

/**
 * Outbound kinds (SPEC names create-pre, create-post and create-backup without defining them):
 * - `out`: an ordinary outbound: review, then the handover scanned at confirmation;
 * - `pre`: a planned outbound (a date ahead): the specimens are reserved and the pick list printed
 *   at once, nothing moves until the handover is confirmed;
 * - `post`: the registration after the fact of an urgent removal: a deviation reason and when it
 *   happened; the specimens leave the library on submission (they are gone) and the review comes
 *   afterwards (acknowledged or rejected as a deviation), no confirmation scan;
 * - `backup`: backup aliquots sent to a second lab or the sponsor's biorepository: each line is an
 *   aliquot, and another aliquot (or the parent) of the same specimen stays in the library.
 */
export const OUTBOUND_KINDS = ['out', 'pre', 'post', 'backup'] as const;
export type OutboundKind = (typeof OUTBOUND_KINDS)[number];
export const BILL_KINDS = [...OUTBOUND_KINDS, 'destroy'] as const;
export type BillKind = (typeof BILL_KINDS)[number];
/** Bills of one family share a workflow, pages and permissions. */
export const BILL_FAMILIES = ['outbound', 'destroy'] as const;
export type BillFamily = (typeof BILL_FAMILIES)[number];
export const billFamily = (kind: BillKind): BillFamily => (kind === 'destroy' ? 'destroy' : 'outbound');

export const BILL_STATES = [
  'draft',
  'submitted',
  'authorised',
  'approved',
  'confirmed',
  'closed',
  'rejected',
  'cancelled',
] as const;
export type BillState = (typeof BILL_STATES)[number];
/** A bill in these states holds its specimens. */
export const BILL_OPEN_STATES: readonly BillState[] = ['draft', 'submitted', 'authorised', 'approved'];

/** Dictionaries: outbound reasons (1017, within the stock-out type's own list), destruction reasons. */
export const OUTBOUND_REASON_DICT = 1017;
export const DESTROY_REASON_DICT = 1018;
/** At most this many lines on one bill (a bill of 1,000 is confirmed by scanning its boxes). */
export const BILL_MAX_LINES = 1000;
/** How a destruction is carried out (recorded at confirmation). */
export const DESTROY_METHODS = ['autoclave', 'incineration', 'chemical', 'vendor'] as const;
export type DestroyMethod = (typeof DESTROY_METHODS)[number];

/** What a line shows on review: why it may not go (none: eligible). Other parts add theirs. */
export const LINE_PROBLEMS = [
  /** The specimen is not in a state the bill can take (out on loan, destroyed, not stored). */
  'state',
  /** Held by an auto-allocation of someone else. */
  'reserved',
  /** Past its retention date (retention rules, specimen-expired). */
  'expired',
  /** A legal hold on the specimen or its subject (another part's flag). */
  'legalHold',
  /** The subject withdrew consent (another part's flag). */
  'consentWithdrawn',
] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];
/**
 * Problems shown on review that do not stop the bill: an outbound line past its retention end
 * (`expired`) is for the reviewer to weigh (docs/library.md "Retention and expired specimens").
 */
export const LINE_WARNINGS: readonly LineProblem[] = ['expired'];

/** The review and confirmation pages list with the bill lists' endpoints (their page permission). */
export const BILL_PERMISSIONS = {
  outPage: 'specimen:manage-out-warehouse-bill:page',
  outCreate: 'specimen:manage-out-warehouse-bill:create',
  outReview: 'specimen:manage-out-warehouse-bill-review:review',
  outConfirm: 'specimen:manage-out-warehouse-bill-confirm:confirm',
  destroyPage: 'specimen:manage-destroy-bill:page',
  destroyCreate: 'specimen:manage-destroy-bill:create',
  destroyReview: 'specimen:manage-destroy-bill-review:review',
  /** Quality assurance: one of a destruction's two authorisers must hold it. */
  destroyQa: 'specimen:manage-destroy-bill-review:qa',
  destroyConfirm: 'specimen:manage-destroy-bill-confirm:confirm',
} as const;
const P = BILL_PERMISSIONS;

const WORDS = {
  draft: { 'zh-CN': '草稿', 'en-US': 'Draft', 'zh-HK': '草稿' },
  submitted: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
  authorised: { 'zh-CN': '待第二人审批', 'en-US': 'Awaiting second authoriser', 'zh-HK': '待第二人審批' },
  approved: { 'zh-CN': '待确认', 'en-US': 'Awaiting confirmation', 'zh-HK': '待確認' },
  confirmed: { 'zh-CN': '已出库待归还', 'en-US': 'Out, awaiting return', 'zh-HK': '已出庫待歸還' },
  closed: { 'zh-CN': '已完成', 'en-US': 'Closed', 'zh-HK': '已完成' },
  rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected', 'zh-HK': '已駁回' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'zh-HK': '已取消' },
} as const;

export const outboundBillWorkflow = defineWorkflow({
  id: 'outboundBill',
  states: BILL_STATES,
  initial: 'draft',
  final: ['closed', 'rejected', 'cancelled'],
  words: WORDS,
  transitions: {
    submit: { from: ['draft'], to: 'submitted', permission: P.outCreate, actor: 'any', signature: false },
    /** Review of an ordinary, planned or backup bill: someone else, with an e-signature. */
    approve: {
      from: ['submitted'],
      to: 'approved',
      permission: P.outReview,
      actor: 'not-applicant',
      signature: true,
    },
    /** Review after the fact of a post bill (the specimens already left): acknowledged and closed. */
    acknowledge: {
      from: ['submitted'],
      to: 'closed',
      permission: P.outReview,
      actor: 'not-applicant',
      signature: true,
    },
    reject: {
      from: ['submitted'],
      to: 'rejected',
      permission: P.outReview,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
    /** The handover confirmed; specimens of a returning stock-out type are out until they come back. */
    confirm: {
      from: ['approved'],
      to: 'confirmed',
      permission: P.outConfirm,
      actor: 'any',
      signature: false,
    },
    /** Handed over with nothing to come back, or everything returned. */
    close: {
      from: ['approved', 'confirmed'],
      to: 'closed',
      permission: P.outConfirm,
      actor: 'any',
      signature: false,
    },
    cancel: {
      from: ['draft', 'submitted', 'approved'],
      to: 'cancelled',
      permission: P.outCreate,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type OutboundBillAction = keyof typeof outboundBillWorkflow.transitions;

export const destroyBillWorkflow = defineWorkflow({
  id: 'destroyBill',
  states: BILL_STATES,
  initial: 'draft',
  final: ['closed', 'rejected', 'cancelled'],
  words: { ...WORDS, submitted: { 'zh-CN': '待审批', 'en-US': 'Awaiting authorisation', 'zh-HK': '待審批' } },
  transitions: {
    submit: { from: ['draft'], to: 'submitted', permission: P.destroyCreate, actor: 'any', signature: false },
    /** The first of two authorisers (neither the creator), with an e-signature. */
    authorise: {
      from: ['submitted'],
      to: 'authorised',
      permission: P.destroyReview,
      actor: 'not-applicant',
      signature: true,
    },
    /** The second authoriser: not the first; one of the two holds the QA permission. */
    approve: {
      from: ['authorised'],
      to: 'approved',
      permission: P.destroyReview,
      actor: 'not-applicant',
      signature: true,
    },
    reject: {
      from: ['submitted', 'authorised'],
      to: 'rejected',
      permission: P.destroyReview,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
    /** Destroyed before a witness: method and certificate recorded, the specimens closed for good. */
    confirm: {
      from: ['approved'],
      to: 'closed',
      permission: P.destroyConfirm,
      actor: 'any',
      signature: false,
    },
    cancel: {
      from: ['draft', 'submitted', 'authorised', 'approved'],
      to: 'cancelled',
      permission: P.destroyCreate,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type DestroyBillAction = keyof typeof destroyBillWorkflow.transitions;
