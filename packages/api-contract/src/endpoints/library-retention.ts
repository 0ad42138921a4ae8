// Retention rules and expired specimens (docs/library.md "Retention and expired specimens"): a
// project keeps each sample type for a period counted from a stated start, then does what the project
// says at the end of the study (destroy, return to the sponsor, keep). The longest applicable rule
// wins. The specimen-expired page lists the stored specimens whose retention ends within
// RETENTION_WINDOW_DAYS or has passed, with the action to take.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import type { FormLang } from '../form-fields.js';
import { id, idParams, optionalText, pageFields, version } from '../schemas.js';
import { BILL_KINDS, BILL_STATES } from '../workflows/library-bills.js';
import { dateString } from './portal-fields.js';
import { signatureInput } from './reports.js';

/** What the project wants done with a specimen whose retention has ended. */
export const RETENTION_INSTRUCTIONS = ['destroy', 'return', 'keep'] as const;
export type RetentionInstruction = (typeof RETENTION_INSTRUCTIONS)[number];
/** What the period is counted from: the specimen's receipt at the lab, or the study's end date. */
export const RETENTION_STARTS = ['received', 'studyEnd'] as const;
export type RetentionStart = (typeof RETENTION_STARTS)[number];
export const RETENTION_UNITS = ['month', 'year'] as const;
export type RetentionUnit = (typeof RETENTION_UNITS)[number];
/** The page lists specimens whose retention ends within this many days (or has ended). */
export const RETENTION_WINDOW_DAYS = 90;
/** The longest period a rule may state, in months (100 years). */
export const RETENTION_MONTHS_MAX = 1200;
/** Most specimens one extension (keep) takes. */
export const RETENTION_EXTEND_MAX = 1000;

export const RETENTION_PERMISSIONS = {
  page: 'specimen:specimen-expired:page',
  export: 'specimen:specimen-expired:export',
  /** Editing the retention rules (the page's rules tab). */
  rules: 'specimen:specimen-expired:update',
  /** Keeping specimens past their retention end (extension with a reason and an e-signature). */
  extend: 'specimen:specimen-expired:extend',
} as const;
const P = RETENTION_PERMISSIONS;

type Words = Readonly<Record<FormLang, string>>;
export const RETENTION_INSTRUCTION_WORDS: Readonly<Record<RetentionInstruction, Words>> = {
  destroy: { 'zh-CN': '销毁', 'en-US': 'Destroy', 'zh-HK': '銷毀' },
  return: { 'zh-CN': '归还申办方', 'en-US': 'Return to sponsor', 'zh-HK': '歸還申辦方' },
  keep: { 'zh-CN': '继续保存', 'en-US': 'Keep (long-term storage)', 'zh-HK': '繼續保存' },
};
export const RETENTION_START_WORDS: Readonly<Record<RetentionStart, Words>> = {
  received: { 'zh-CN': '样本接收日', 'en-US': 'receipt at the lab', 'zh-HK': '樣本接收日' },
  studyEnd: { 'zh-CN': '研究结束日', 'en-US': 'end of the study', 'zh-HK': '研究結束日' },
};
export const RETENTION_UNIT_WORDS: Readonly<Record<RetentionUnit, Words>> = {
  month: { 'zh-CN': '个月', 'en-US': 'months', 'zh-HK': '個月' },
  year: { 'zh-CN': '年', 'en-US': 'years', 'zh-HK': '年' },
};
export const retentionRule = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  /** Null: every sample type of the project. */
  sampleTypeId: z.number().nullable(),
  sampleTypeName: z.string().nullable(),
  period: z.number(),
  unit: z.enum(RETENTION_UNITS),
  start: z.enum(RETENTION_STARTS),
  instruction: z.enum(RETENTION_INSTRUCTIONS),
  /** The stock-out type a return to the sponsor goes out with (instruction `return`). */
  returnTypeId: z.number().nullable(),
  returnTypeName: z.string().nullable(),
  note: z.string().nullable(),
  /** The project's end date (a `studyEnd` rule counts from it; null: not recorded yet). */
  studyEnd: z.string().nullable(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number(),
});
export type RetentionRule = z.infer<typeof retentionRule>;

const ruleFields = {
  sampleTypeId: id.nullish(),
  period: z.number().int().min(1).max(RETENTION_MONTHS_MAX),
  unit: z.enum(RETENTION_UNITS),
  start: z.enum(RETENTION_STARTS),
  instruction: z.enum(RETENTION_INSTRUCTIONS),
  returnTypeId: id.nullish(),
  note: optionalText(255),
};

/** A stored specimen whose retention ends within the window, or has ended. */
export const expiredSpecimen = z.object({
  id: z.number(),
  code: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  subjectNo: z.string().nullable(),
  visit: z.string().nullable(),
  sampleTypeName: z.string().nullable(),
  unitName: z.string().nullable(),
  rack: z.string().nullable(),
  box: z.string().nullable(),
  position: z.string().nullable(),
  /** The day retention ends (YYYY-MM-DD): from then on the instruction applies. */
  endsOn: z.string(),
  /** Days from today (the reader's zone) to `endsOn`; 0 or less: ended. */
  daysLeft: z.number(),
  instruction: z.enum(RETENTION_INSTRUCTIONS),
  start: z.enum(RETENTION_STARTS),
  ruleId: z.number(),
  note: z.string().nullable(),
  returnTypeId: z.number().nullable(),
  /** Kept past the rules' end until this day (the latest extension). */
  extendedUntil: z.string().nullable(),
  /** An open bill already holds it: the bill to follow instead of an action. */
  bill: z
    .object({ id: z.number(), billNo: z.string(), kind: z.enum(BILL_KINDS), status: z.enum(BILL_STATES) })
    .nullable(),
});
export type ExpiredSpecimen = z.infer<typeof expiredSpecimen>;

const expiredFilters = {
  code: z.string().trim().max(32).optional(),
  projectId: id.optional(),
  sampleTypeId: id.optional(),
  unitId: id.optional(),
  instruction: z.enum(RETENTION_INSTRUCTIONS).optional(),
  /** Retention ending on these days (inclusive, YYYY-MM-DD); past-due ones by `dueTo` alone. */
  dueFrom: dateString.optional(),
  dueTo: dateString.optional(),
  /** Only those whose retention has ended. */
  overdue: z.boolean().optional(),
};

export const libraryRetention = defineGroup('libraryRetention', {
  expiredList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/retention/expired',
    summary: `Stored specimens whose retention ends within ${RETENTION_WINDOW_DAYS} days (today in the caller's zone) or has ended, by the longest applicable rule, due first`,
    access: { permission: P.page },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...expiredFilters }),
    data: z.array(expiredSpecimen),
  }),
  expiredExport: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/retention/expired/export',
    summary: 'The filtered expired-specimen list as an xlsx workbook (binary body)',
    access: { permission: P.export },
    mutates: false,
    body: z.object(expiredFilters),
    data: z.unknown(),
  }),
  extend: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/retention/extend',
    summary:
      'Keep specimens past their retention end until a later day, with a reason and an electronic signature',
    access: { permission: P.extend },
    mutates: true,
    body: z.object({
      specimenIds: z.array(id).min(1).max(RETENTION_EXTEND_MAX),
      until: dateString,
      reason: z.string().trim().min(1).max(255),
      signature: signatureInput.optional(),
    }),
    data: z.object({ extended: z.number() }),
  }),
  ruleList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/retention/rules/list',
    summary: "The retention rules of the caller's projects, by project and sample type",
    access: { permission: P.page },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, projectId: id.optional() }),
    data: z.array(retentionRule),
  }),
  ruleCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/retention/rules',
    summary:
      'Add a retention rule: project, sample type (none: all), period, start and end-of-study instruction',
    access: { permission: P.rules },
    mutates: true,
    body: z.object({ projectId: id, ...ruleFields }),
    data: z.object({ id: z.number() }),
  }),
  ruleUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/retention/rules/{id}',
    summary: 'Change a retention rule (its project stays)',
    access: { permission: P.rules },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...ruleFields }),
    data: z.object({ version: z.number() }),
  }),
  ruleRemove: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/retention/rules/{id}/remove',
    summary: 'Remove a retention rule',
    access: { permission: P.rules },
    mutates: true,
    params: idParams,
    body: z.object({ version }),
    data: z.object({ removed: z.number() }),
  }),
});
