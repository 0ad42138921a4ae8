import { defineWorkflow } from './machine.js';

/**
 * A reviewed move of the specimen library (/specimen/manage/specimen-move, docs/library.md "Reviewed
 * moves"): lines of specimen moves and box moves with a reason, or the evacuation of a failed unit.
 * Submitted when created, approved by someone else with an e-signature (or rejected with a reason),
 * then carried out: every line through the position engine in one transaction, all or none.
 */
export const MOVE_REQUEST_PERMISSIONS = {
  page: 'specimen:manage-specimen-move:page',
  /** Create a request (a move of many, a box move, an evacuation) and carry out an approved one. */
  move: 'specimen:manage-specimen-move:move',
  review: 'specimen:manage-specimen-move:review',
  export: 'specimen:manage-specimen-move:export',
} as const;

export const MOVE_REQUEST_STATES = ['submitted', 'approved', 'done', 'rejected', 'cancelled'] as const;
export type MoveRequestState = (typeof MOVE_REQUEST_STATES)[number];
/** A request's specimens and boxes are held while it is in one of these (no second request takes them). */
export const MOVE_REQUEST_OPEN_STATES: readonly MoveRequestState[] = ['submitted', 'approved'];
/** What a request is for: moves chosen by hand (the map), or a failed unit's evacuation. */
export const MOVE_REQUEST_KINDS = ['move', 'evacuate'] as const;
export type MoveRequestKind = (typeof MOVE_REQUEST_KINDS)[number];
/** A line moves a specimen to a cell (`move`, `evacuate`) or a box to a rack slot (`boxMove`). */
export const MOVE_LINE_ACTIONS = ['move', 'evacuate', 'boxMove'] as const;
export type MoveLineAction = (typeof MOVE_LINE_ACTIONS)[number];
/** At most this many lines per request (an evacuation of a large unit included). */
export const MOVE_REQUEST_MAX_LINES = 10_000;

/** Meaning of the approval signature (stored with it). */
export const MOVE_SIGNATURE_MEANING = {
  zh_CN: '样本移位审核：批准按本清单移动样本与冻存盒',
  en_US: 'Move approved: the specimens and boxes of this list may be moved',
  zh_HK: '樣本移位審核：批准按本清單移動樣本與凍存盒',
} as const;

export const moveRequestWorkflow = defineWorkflow({
  id: 'specimenMove',
  states: MOVE_REQUEST_STATES,
  initial: 'submitted',
  final: ['done', 'rejected', 'cancelled'],
  words: {
    submitted: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    approved: { 'zh-CN': '待执行', 'en-US': 'Approved, to carry out', 'zh-HK': '待執行' },
    done: { 'zh-CN': '已完成', 'en-US': 'Done', 'zh-HK': '已完成' },
    rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected', 'zh-HK': '已駁回' },
    cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'zh-HK': '已取消' },
  },
  transitions: {
    /** Never by whoever created the request (segregation of duties). */
    approve: {
      from: ['submitted'],
      to: 'approved',
      permission: MOVE_REQUEST_PERMISSIONS.review,
      actor: 'not-applicant',
      signature: true,
    },
    reject: {
      from: ['submitted'],
      to: 'rejected',
      permission: MOVE_REQUEST_PERMISSIONS.review,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
    /** The physical move done: every line through the engine, all or none. */
    execute: {
      from: ['approved'],
      to: 'done',
      permission: MOVE_REQUEST_PERMISSIONS.move,
      actor: 'any',
      signature: false,
    },
    cancel: {
      from: ['submitted', 'approved'],
      to: 'cancelled',
      permission: MOVE_REQUEST_PERMISSIONS.move,
      actor: 'applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type MoveRequestAction = keyof typeof moveRequestWorkflow.transitions;
