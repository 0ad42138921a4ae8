// Kit and tube barcodes reserved before kits are sent (/supply/consum-barcode-list, docs/supply.md
// "Barcodes and labels"): ranges per project, site and visit, unique across all projects, each code
// ending in an ISO 7064 MOD 37,36 check character; reserved → printed → shipped → used (at receipt),
// or voided (never reissued). The receipt desk's check answers the exact reason a scanned code is
// refused.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { type FormLang, wordIn } from '../form-fields.js';
import { id, idParams, pageFields, text } from '../schemas.js';
import { RECEIPT_PERMISSIONS } from '../workflows/sample-receipt.js';

/** What a code is printed on: a sample tube (DataMatrix by default) or a kit box (Code 128). */
export const BARCODE_KINDS = ['tube', 'kit'] as const;
export type BarcodeKind = (typeof BARCODE_KINDS)[number];
/** The first letter of a code of each kind. */
export const BARCODE_PREFIX: Readonly<Record<BarcodeKind, string>> = { tube: 'T', kit: 'K' };
/** Digits of the serial between the prefix and the check character (one counter for every project). */
export const BARCODE_SERIAL_DIGITS = 9;

export const BARCODE_STATES = ['reserved', 'printed', 'shipped', 'used', 'voided'] as const;
export type BarcodeState = (typeof BARCODE_STATES)[number];

/** Why the receipt desk refuses a scanned code (or `ok`). */
export const BARCODE_CHECK_ANSWERS = [
  'ok',
  'badCheck',
  'unknown',
  'voided',
  'alreadyUsed',
  'wrongProject',
  'wrongSite',
  'wrongVisit',
] as const;
export type BarcodeCheckAnswer = (typeof BARCODE_CHECK_ANSWERS)[number];

/** Most codes one reservation takes (one kit shipment's worth many times over). */
export const BARCODE_RANGE_MAX = 2000;
/** Most codes one void or ship request names. */
export const BARCODE_BATCH_MAX = 2000;

type Words = Readonly<Record<FormLang, string>>;
export const BARCODE_STATE_WORDS: Readonly<Record<BarcodeState, Words>> = {
  reserved: { 'zh-CN': '已预留', 'en-US': 'reserved', 'zh-HK': '已預留' },
  printed: { 'zh-CN': '已打印', 'en-US': 'printed', 'zh-HK': '已打印' },
  shipped: { 'zh-CN': '已寄出', 'en-US': 'shipped', 'zh-HK': '已寄出' },
  used: { 'zh-CN': '已接收', 'en-US': 'used at receipt', 'zh-HK': '已接收' },
  voided: { 'zh-CN': '已作废', 'en-US': 'voided', 'zh-HK': '已作廢' },
};
export const barcodeStateWord = (state: string, lang: string) =>
  wordIn(BARCODE_STATE_WORDS, state, lang) ?? state;

export const SUPPLY_BARCODE_PERMISSIONS = {
  page: 'supply:consum-barcode-list:page',
  reserve: 'supply:consum-barcode-list:create',
  ship: 'supply:consum-barcode-list:out',
  void: 'supply:consum-barcode-list:disable',
} as const;

/** A barcode as the supply desk writes it (the server upper-cases and trims). */
export const supplyBarcode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,32}$/, 'validation.barcode');

export const barcodeRangeRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  centerNo: z.string(),
  siteName: z.string(),
  visitId: z.number().nullable(),
  visitName: z.string().nullable(),
  kind: z.enum(BARCODE_KINDS),
  count: z.number(),
  firstCode: z.string(),
  lastCode: z.string(),
  /** How many of its codes are in each state now. */
  states: z.partialRecord(z.enum(BARCODE_STATES), z.number()),
  remark: z.string().nullable(),
  reservedByName: z.string(),
  reservedAt: z.string(),
});
export type BarcodeRangeRow = z.infer<typeof barcodeRangeRow>;

export const barcodeRow = z.object({
  id: z.number(),
  code: z.string(),
  rangeId: z.number(),
  kind: z.enum(BARCODE_KINDS),
  state: z.enum(BARCODE_STATES),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  centerNo: z.string(),
  siteName: z.string(),
  visitId: z.number().nullable(),
  visitName: z.string().nullable(),
  printedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  /** The shipment (order no) it arrived in. */
  usedOrderNo: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type BarcodeRow = z.infer<typeof barcodeRow>;

export const barcodeCheckResult = z.object({
  code: z.string(),
  answer: z.enum(BARCODE_CHECK_ANSWERS),
  /** The answer in the caller's language, naming what differs. */
  message: z.string(),
  /** The code's state after the check (null: not a code of ours). */
  state: z.enum(BARCODE_STATES).nullable(),
  projectNo: z.string().nullable(),
  centerNo: z.string().nullable(),
  visitName: z.string().nullable(),
});
export type BarcodeCheckResult = z.infer<typeof barcodeCheckResult>;

/** A project's visits (by name, each once), for the reservation form and the receipt desk. */
export const barcodeVisit = z.object({ id: z.number(), name: z.string() });

const codesBody = { codes: z.array(supplyBarcode).min(1).max(BARCODE_BATCH_MAX) };

export const supplyBarcodes = defineGroup('supplyBarcodes', {
  rangePage: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/barcode/range/page',
    summary:
      'Reserved barcode ranges in the caller’s projects, newest first, with their codes’ states counted',
    access: { permission: SUPPLY_BARCODE_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectId: id.optional(),
      siteId: id.optional(),
      kind: z.enum(BARCODE_KINDS).optional(),
    }),
    data: z.array(barcodeRangeRow),
  }),
  page: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/barcode/page',
    summary: 'Barcodes in the caller’s projects (of one range, a state, or by code)',
    access: { permission: SUPPLY_BARCODE_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      rangeId: id.optional(),
      projectId: id.optional(),
      state: z.enum(BARCODE_STATES).optional(),
      code: z.string().trim().max(32).optional(),
    }),
    data: z.array(barcodeRow),
  }),
  visits: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/supply/barcode/visits',
    summary: 'The visits of a project in the caller’s scope (each name once), to reserve codes for one',
    access: { permission: SUPPLY_BARCODE_PERMISSIONS.page },
    mutates: false,
    query: z.object({ projectId: id }),
    data: z.array(barcodeVisit),
  }),
  reserve: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/barcode/reserve',
    summary:
      'Reserve a range of new codes for a project’s site (and visit): the next serials of the one counter of every project, each with its check character',
    access: { permission: SUPPLY_BARCODE_PERMISSIONS.reserve },
    mutates: true,
    body: z.object({
      projectId: id,
      siteId: id,
      visitId: id.nullish(),
      kind: z.enum(BARCODE_KINDS),
      count: z.number().int().min(1).max(BARCODE_RANGE_MAX),
      remark: z.string().trim().max(255).nullish(),
    }),
    data: barcodeRangeRow,
  }),
  ship: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/barcode/ship',
    summary:
      'Mark reserved or printed codes as shipped to their site (with the kits); others are refused, named',
    access: { permission: SUPPLY_BARCODE_PERMISSIONS.ship },
    mutates: true,
    body: z.object(codesBody),
    data: z.object({ count: z.number() }),
  }),
  void: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/barcode/void',
    summary:
      'Void codes not yet used (a dictionary 1025 reason and words); they are never issued again and the project’s voided list (/project/barcode-disabled) gets them',
    access: { permission: SUPPLY_BARCODE_PERMISSIONS.void },
    mutates: true,
    body: z.object({ ...codesBody, reasonCode: text(32), reason: text(255) }),
    data: z.object({ count: z.number() }),
  }),
});

/** The receipt desk's scan of a kit or tube code against the shipment it arrived in. */
export const receiptBarcode = defineGroup('receiptBarcode', {
  visits: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/express/sign/{id}/visits',
    summary: 'The visits of the shipment’s project (each name once), to check scanned codes against one',
    access: { permission: RECEIPT_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    data: z.array(barcodeVisit),
  }),
  check: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/express/sign/{id}/barcode',
    summary:
      'Check a scanned code against the shipment’s project and site (and the visit, when given): a good one is recorded as used at this receipt; otherwise the exact reason (bad check character, unknown, voided, already used, wrong project, site or visit), changing nothing',
    access: { permission: RECEIPT_PERMISSIONS.receive },
    mutates: true,
    params: idParams,
    body: z.object({
      code: z.string().trim().toUpperCase().min(1).max(64),
      visitId: id.nullish(),
    }),
    data: barcodeCheckResult,
  }),
});
