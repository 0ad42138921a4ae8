// Supply (docs/supply.md): the consumable catalogue and its kits (/supply/consum-material), the stock
// ledger of lots (/supply/consum-cost-manage: stock-in, issue, transfer, adjustment, write-off,
// stocktake; on-hand is the ledger's sum), the FEFO plan a dispatch issues by, reorder suggestions
// and lot recall. Unit costs are money: decimal strings here, NUMERIC in the database.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileId, id, idParams, imageFileId, optionalText, pageFields, text, version } from '../schemas.js';
import { CONSUMABLE_PERMISSIONS } from '../workflows/consumable-order.js';
import { firing } from '../workflows/machine.js';
import { STOCKTAKE_STATES, SUPPLY_PERMISSIONS, stocktakeWorkflow } from '../workflows/supply-stocktake.js';
import { dateString } from './portal-fields.js';

/** Delivery models of kits (SPEC dictionary 1016). */
export const DELIVERY_MODEL_DICT = 1016;

/**
 * An amount of money as a decimal string (up to 10 integer digits, 4 decimals), never a binary
 * float: what the database's NUMERIC(14, 4) holds. The finance area's money type takes its place.
 */
export const SUPPLY_AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,4})?$/;
export const supplyAmount = z.string().trim().regex(SUPPLY_AMOUNT_PATTERN, 'validation.amount');

/** The settings of supply; absent ones take these values. */
export const SUPPLY_DEFAULTS = {
  /** A lot with fewer days left than this is not shipped ("do not ship" days). */
  doNotShipDays: 180,
} as const;
export const supplySettings = z.object({ doNotShipDays: z.number().int().min(0).max(3650) });
export type SupplySettings = z.infer<typeof supplySettings>;

/** The kinds of ledger row. */
export const MOVEMENT_KINDS = ['in', 'issue', 'transfer', 'adjust', 'writeOff', 'stocktake'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
/** The most of one lot a movement moves. */
const QUANTITY_MAX = 999_999;
const quantity = z.number().int().min(1).max(QUANTITY_MAX);

export const consumableRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  size: z.string().nullable(),
  vendor: z.string().nullable(),
  unit: z.string(),
  /** The English size, vendor, unit and scope of use (`localText`: en-US readers see them); null: none. */
  enSize: z.string().nullable(),
  enVendor: z.string().nullable(),
  enUnit: z.string().nullable(),
  pictureFileId: z.number().nullable(),
  scopeOfUse: z.string().nullable(),
  enScopeOfUse: z.string().nullable(),
  leadDays: z.number(),
  safetyDays: z.number(),
  enabled: z.boolean(),
  /** Usable on-hand across stores (every lot, expired ones included). */
  onHand: z.number(),
  version: z.number(),
});
export type ConsumableRow = z.infer<typeof consumableRow>;

/** A code of supply (a consumable's, a supplier's, a lot no.): letters, digits and `._/-`, up to 32. */
export const supplyCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._/-]+$/, 'validation.supplyCode');

const consumableFields = {
  code: supplyCode,
  name: text(64),
  enName: optionalText(64),
  size: optionalText(32),
  vendor: optionalText(64),
  unit: text(16),
  enSize: optionalText(32),
  enVendor: optionalText(128),
  enUnit: optionalText(16),
  pictureFileId: imageFileId.nullish(),
  scopeOfUse: optionalText(255),
  enScopeOfUse: optionalText(255),
  leadDays: z.number().int().min(0).max(365),
  safetyDays: z.number().int().min(0).max(365),
};

export const kitItemRow = z.object({
  consumableId: z.number().nullable(),
  consumableCode: z.string().nullable(),
  consumableName: z.string(),
  size: z.string().nullable(),
  unit: z.string(),
  quantityPerKit: z.number(),
});
export const supplyKitRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  name: z.string(),
  deliveryModel: z.string().nullable(),
  /** The plan whose online version defines the kit (its bill of materials is edited there). */
  planNo: z.string().nullable(),
  offered: z.boolean(),
  items: z.array(kitItemRow),
});
export type SupplyKitRow = z.infer<typeof supplyKitRow>;

const kitFields = {
  projectId: id,
  name: text(64),
  deliveryModel: text(32),
  items: z
    .array(z.object({ consumableId: id, quantityPerKit: z.number().int().min(1).max(9999) }))
    .min(1)
    .max(50),
};

export const supplyStoreRow = z.object({ id: z.number(), code: z.string(), name: z.string() });

/** On-hand of one lot in one store: the sum of its ledger rows. */
export const stockRow = z.object({
  lotId: z.number(),
  lotNo: z.string(),
  consumableId: z.number(),
  consumableCode: z.string(),
  consumableName: z.string(),
  unit: z.string(),
  storeId: z.number(),
  storeName: z.string(),
  expiryDate: z.string(),
  /** Days from today to the expiry (negative: expired). */
  daysLeft: z.number(),
  onHand: z.number(),
  unitCost: z.string(),
  /** onHand × unitCost, summed in the database. */
  value: z.string(),
  certificateFileId: z.number().nullable(),
  /** The supplier the lot came from (a lot is consumable, lot no. and supplier); none before suppliers existed. */
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
});
export type StockRow = z.infer<typeof stockRow>;

export const movementRow = z.object({
  id: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  lotId: z.number(),
  lotNo: z.string(),
  consumableCode: z.string(),
  consumableName: z.string(),
  storeName: z.string(),
  quantity: z.number(),
  reason: z.string().nullable(),
  batch: z.string().nullable(),
  orderNo: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type MovementRow = z.infer<typeof movementRow>;

export const stocktakeRow = z.object({
  id: z.number(),
  stocktakeNo: z.string(),
  lotId: z.number(),
  lotNo: z.string(),
  consumableName: z.string(),
  storeId: z.number(),
  storeName: z.string(),
  expected: z.number(),
  counted: z.number(),
  variance: z.number(),
  reason: z.string().nullable(),
  status: z.enum(STOCKTAKE_STATES),
  createdBy: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  version: z.number(),
});
export type StocktakeRow = z.infer<typeof stocktakeRow>;

/** A movement of stock already received: each kind with its own fields. */
export const stockMove = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('issue'), lotId: id, storeId: id, quantity, reason: optionalText(255) }),
  z.object({ kind: z.literal('transfer'), lotId: id, storeId: id, toStoreId: id, quantity }),
  z.object({
    kind: z.literal('adjust'),
    lotId: id,
    storeId: id,
    /** Signed: what the store gains (+) or loses (-). */
    quantity: z
      .number()
      .int()
      .min(-QUANTITY_MAX)
      .max(QUANTITY_MAX)
      .refine((q) => q !== 0, 'validation.nonZero'),
    reason: text(255),
  }),
  z.object({ kind: z.literal('writeOff'), lotId: id, storeId: id, quantity, reason: text(255) }),
]);
export type StockMove = z.infer<typeof stockMove>;

/** One lot a FEFO plan takes for an application's line. */
export const fefoPick = z.object({
  lineId: z.number(),
  lotId: z.number(),
  lotNo: z.string(),
  storeId: z.number(),
  expiryDate: z.string(),
  quantity: z.number(),
});
export const fefoPlan = z.object({
  doNotShipDays: z.number(),
  /** The earliest expiry a lot may have to be shipped (today + do-not-ship days). */
  shipFrom: z.string(),
  picks: z.array(fefoPick),
  /** Each kit's expiry: its earliest component lot's. */
  kits: z.array(z.object({ kitId: z.number(), kitName: z.string(), expiryDate: z.string() })),
  /** Lines no lot qualifies for (the dispatch is refused while there are any). */
  short: z.array(
    z.object({ lineId: z.number(), consumableName: z.string(), needed: z.number(), available: z.number() }),
  ),
});
export type FefoPlan = z.infer<typeof fefoPlan>;

/** A consumable's reorder suggestion: average daily issue over the window, lead and safety days. */
export const reorderRow = z.object({
  consumableId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  onHand: z.number(),
  /** Issued per day, averaged over the last `REORDER_WINDOW_DAYS` days (a decimal string). */
  dailyUse: z.string(),
  leadDays: z.number(),
  safetyDays: z.number(),
  /** Reorder when on-hand falls to this: daily use × (lead + safety days), rounded up. */
  reorderPoint: z.number(),
  /** What to order now to be back at twice the reorder point (0: nothing). */
  suggested: z.number(),
  below: z.boolean(),
});
export const REORDER_WINDOW_DAYS = 90;

/** What used a lot: the applications that shipped it (kits, sites) and the samples received since. */
export const recallAnswer = z.object({
  lot: z.object({ id: z.number(), lotNo: z.string(), consumableName: z.string(), expiryDate: z.string() }),
  shipments: z.array(
    z.object({
      orderId: z.number(),
      orderNo: z.string(),
      projectNo: z.string(),
      siteNo: z.string(),
      siteName: z.string(),
      kitName: z.string().nullable(),
      quantity: z.number(),
      dispatchTime: z.string().nullable(),
    }),
  ),
  /** Sample lines received from those sites in shipments booked after the lot reached them. */
  samples: z.array(
    z.object({
      shipmentNo: z.string(),
      projectNo: z.string(),
      siteNo: z.string(),
      sampleType: z.string(),
      receivedQuantity: z.number(),
      bookedAt: z.string(),
      receivedAt: z.string(),
    }),
  ),
});
export type RecallAnswer = z.infer<typeof recallAnswer>;

const P = SUPPLY_PERMISSIONS;

export const supply = defineGroup('supply', {
  consumablePage: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/consumable/paging',
    summary: 'The consumable catalogue with the on-hand of each (keyword: code, name, vendor)',
    access: { permission: P.cataloguePage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).nullish(),
      enabled: z.boolean().nullish(),
    }),
    data: z.array(consumableRow),
  }),
  consumableCreate: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/consumable',
    summary: 'Add a consumable to the catalogue (code unique)',
    access: { permission: P.catalogueEdit },
    mutates: true,
    body: z.object(consumableFields),
    data: consumableRow,
  }),
  consumableUpdate: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/supply/consumable/{id}',
    summary: 'Edit a consumable, or take it out of use (enabled false) or back',
    access: { permission: P.catalogueEdit },
    mutates: true,
    params: idParams,
    body: z.object({ ...consumableFields, enabled: z.boolean(), version }),
    data: consumableRow,
  }),
  kitPage: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/kit/paging',
    summary: "Kits of the projects in scope with their bill of materials (a plan's kits included)",
    access: { permission: P.cataloguePage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectId: id.nullish(),
      keyword: z.string().trim().max(64).nullish(),
    }),
    data: z.array(supplyKitRow),
  }),
  kitCreate: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/kit',
    summary: 'A kit of a project outside any plan: name, delivery model, consumables per kit',
    access: { permission: P.catalogueEdit },
    mutates: true,
    body: z.object(kitFields),
    data: supplyKitRow,
  }),
  kitUpdate: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/supply/kit/{id}',
    summary: "Edit a kit set up outside a plan (a plan's kits are edited in the plan)",
    access: { permission: P.catalogueEdit },
    mutates: true,
    params: idParams,
    body: z.object(kitFields),
    data: supplyKitRow,
  }),
  stores: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/supply/stores',
    summary: 'The stores stock is kept in',
    access: { permission: P.stockPage },
    mutates: false,
    data: z.array(supplyStoreRow),
  }),
  stockPage: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/stock/paging',
    summary: 'On-hand per lot and store (the ledger summed), earliest expiry first',
    access: { permission: P.stockPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      consumableId: id.nullish(),
      storeId: id.nullish(),
      lotNo: z.string().trim().max(32).nullish(),
      /** Only lots expiring within this many days (expired ones included). */
      expiringDays: z.number().int().min(0).max(3650).nullish(),
      /** Lots whose on-hand is 0 too. */
      includeEmpty: z.boolean().nullish(),
    }),
    data: z.array(stockRow),
  }),
  movementPage: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/movement/paging',
    summary: 'The stock ledger, newest first',
    access: { permission: P.stockPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      lotNo: z.string().trim().max(32).nullish(),
      consumableId: id.nullish(),
      kind: z.array(z.enum(MOVEMENT_KINDS)).max(MOVEMENT_KINDS.length).nullish(),
    }),
    data: z.array(movementRow),
  }),
  stockIn: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/stock/in',
    summary: 'Receive a lot into a store: lot no, expiry, quantity, unit cost, certificate, supplier',
    access: { permission: P.stockIn },
    mutates: true,
    body: z.object({
      consumableId: id,
      storeId: id,
      lotNo: supplyCode,
      expiryDate: dateString,
      quantity,
      unitCost: supplyAmount,
      certificateFileId: fileId.nullish(),
      /** The supplier of the lot: refused when blocked or a required qualification has expired. */
      supplierId: id.nullish(),
    }),
    data: movementRow,
  }),
  stockMove: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/stock/move',
    summary: 'Issue, transfer, adjust or write off stock of a lot (never below zero)',
    access: { permission: P.stockOut },
    mutates: true,
    body: stockMove,
    data: z.array(movementRow),
  }),
  stocktakePage: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/stocktake/paging',
    summary: 'Stocktake counts and their variance, by state',
    access: { permission: P.stockPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.array(z.enum(STOCKTAKE_STATES)).max(STOCKTAKE_STATES.length).nullish(),
    }),
    data: z.array(stocktakeRow),
  }),
  stocktakeCreate: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/stocktake',
    summary: "Record a count of a lot in a store; a variance waits for another person's approval",
    access: { permission: P.stockOut },
    mutates: true,
    body: z.object({
      lotId: id,
      storeId: id,
      counted: z.number().int().min(0).max(QUANTITY_MAX),
      reason: optionalText(255),
    }),
    data: stocktakeRow,
  }),
  stocktakeReview: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/supply/stocktake/{id}/review',
    summary: 'Approve a count (its variance goes into the ledger) or reject it with a reason',
    ...firing(stocktakeWorkflow, 'approve', 'reject'),
    mutates: true,
    params: idParams,
    body: z
      .object({ version, pass: z.boolean(), reason: optionalText(255) })
      .refine((b) => b.pass || (b.reason ?? '').length > 0, {
        message: 'validation.reasonRequired',
        path: ['reason'],
      }),
    data: stocktakeRow,
  }),
  settings: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/supply/settings',
    summary: 'Supply settings: the do-not-ship days of FEFO dispatch',
    access: { permission: P.stockPage },
    mutates: false,
    data: supplySettings,
  }),
  settingsUpdate: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/supply/settings',
    summary: 'Change the supply settings (audited)',
    access: { permission: P.setting },
    mutates: true,
    body: supplySettings,
    data: supplySettings,
  }),
  fefoPlan: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/supply/dispatch/{id}/plan',
    summary: "The lots a dispatch of application {id} would issue by FEFO, each kit's expiry, what is short",
    access: { permission: CONSUMABLE_PERMISSIONS.dispatch },
    mutates: false,
    params: idParams,
    data: fefoPlan,
  }),
  reorder: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/reorder',
    summary: 'Reorder suggestions from average consumption and lead time (belowOnly: under the point)',
    access: { permission: P.stockPage },
    mutates: false,
    body: z.object({ belowOnly: z.boolean().nullish() }),
    data: z.array(reorderRow),
  }),
  recall: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/supply/lot/{id}/recall',
    summary:
      'Lot recall: the applications, kits and sites that received lot {id}, and the sample lines received from them since',
    access: { permission: P.stockPage },
    mutates: false,
    params: idParams,
    data: recallAnswer,
  }),
});
