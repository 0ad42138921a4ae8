import { defineWorkflow } from './machine.js';

/**
 * A stocktake count (docs/supply.md "Stocktake"): the variance between the ledger and the count waits
 * for a second person, who approves it into the ledger or rejects it; never the person who counted.
 */
export const STOCKTAKE_STATES = ['pending', 'approved', 'rejected'] as const;
export type StocktakeState = (typeof STOCKTAKE_STATES)[number];

export const SUPPLY_PERMISSIONS = {
  /** The catalogue: consumables and kits. */
  cataloguePage: 'supply:consum-material:page',
  catalogueEdit: 'supply:consum-material:update',
  /** The stock ledger: on-hand, movements, stocktakes, reorder suggestions, recalls. */
  stockPage: 'supply:consum-cost-manage:page',
  /** Receiving a lot into a store. */
  stockIn: 'supply:consum-cost-manage:in',
  /** Issue, transfer, adjustment, write-off and the stocktake count. */
  stockOut: 'supply:consum-cost-manage:out',
  /** Approving or rejecting a stocktake's variance (never one's own count). */
  stocktakeReview: 'supply:consum-cost-manage:review',
  /** The supply settings (do-not-ship days). */
  setting: 'supply:consum-cost-manage:setting',
  /** Suppliers (/supply/supplier): the list, editing, blocking and making active again. */
  supplierPage: 'supply:supplier:page',
  supplierEdit: 'supply:supplier:update',
  supplierBlock: 'supply:supplier:block',
} as const;

export const stocktakeWorkflow = defineWorkflow({
  id: 'supplyStocktake',
  states: STOCKTAKE_STATES,
  initial: 'pending',
  final: ['approved', 'rejected'],
  words: {
    pending: { 'zh-CN': '待审核', 'en-US': 'Awaiting approval', 'zh-HK': '待審核' },
    approved: { 'zh-CN': '已入账', 'en-US': 'Posted', 'zh-HK': '已入賬' },
    rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected', 'zh-HK': '已駁回' },
  },
  transitions: {
    approve: {
      from: ['pending'],
      to: 'approved',
      permission: SUPPLY_PERMISSIONS.stocktakeReview,
      actor: 'not-applicant',
      signature: false,
    },
    reject: {
      from: ['pending'],
      to: 'rejected',
      permission: SUPPLY_PERMISSIONS.stocktakeReview,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type StocktakeAction = keyof typeof stocktakeWorkflow.transitions;
