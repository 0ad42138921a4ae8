import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, isoTime, optionalText, pageFields, text, version } from '../schemas.js';
import { auditOptions } from './user.js';

/**
 * A project's configuration (/project/barcode-disabled, /project/test-project-config,
 * /project/item-log): voided barcodes, the project's own reference ranges, and the history of both.
 */
export const PROJECT_CONFIG_PERMISSIONS = {
  barcodeView: 'project:barcode-disabled:view',
  barcodeEdit: 'project:barcode-disabled:edit',
  rangeView: 'project:test-project-config:view',
  rangeEdit: 'project:test-project-config:edit',
  logView: 'project:item-log:view',
} as const;

/** Audit entities of a project's configuration: the item log lists these. */
export const PROJECT_CONFIG_ENTITIES = ['voidedBarcode', 'projectTestItem'] as const;

/** At most this many barcodes voided in one go (a pasted list). */
export const VOID_MAX = 500;
/** Dictionary of barcode void reasons: a voided barcode names one, with words of its own. */
export const VOID_REASON_DICT = 1025;
/** The void reason that needs the voider's own words. */
export const VOID_REASON_OTHER = 'other';

const barcode = z.string().trim().min(1).max(64);

export const voidedBarcodeRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  code: z.string(),
  /** An item of dictionary 1025; null for barcodes voided before reason codes. */
  reasonCode: z.string().nullable(),
  reason: z.string(),
  voidedBy: z.string().nullable(),
  voidedAt: isoTime,
});
export type VoidedBarcodeRow = z.infer<typeof voidedBarcodeRow>;

export const voidedBarcodes = defineGroup('voidedBarcodes', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/barcode-disabled/paging',
    summary: 'Voided barcodes of the projects in the caller scope, newest first; filter by project and code',
    access: { permission: PROJECT_CONFIG_PERMISSIONS.barcodeView },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectId: id.optional(),
      /** Barcode, contains. */
      keyword: z.string().trim().max(64).optional(),
    }),
    data: z.array(voidedBarcodeRow),
  }),
  void: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/barcode-disabled',
    summary:
      'Void barcodes of a project with a reason (one or a pasted list); refused at bench sign-for and registration',
    access: { permission: PROJECT_CONFIG_PERMISSIONS.barcodeEdit },
    mutates: true,
    body: z.object({
      projectId: id,
      codes: z.array(barcode).min(1).max(VOID_MAX),
      /** An enabled item of dictionary 1025 (VOID_REASON_DICT). */
      reasonCode: z.string().trim().min(1).max(32),
      /** Words of the voider's own; required with the code `other`. */
      reason: z.string().trim().max(200).default(''),
    }),
    data: z.object({ count: z.number() }),
  }),
  restore: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/barcode-disabled/restore',
    summary: 'Un-void barcodes (their rows by id) with a reason',
    access: { permission: PROJECT_CONFIG_PERMISSIONS.barcodeEdit },
    mutates: true,
    body: z.object({ ids: z.array(id).min(1).max(VOID_MAX), reason: text(200) }),
    data: z.object({ count: z.number() }),
  }),
});

export const RANGE_SEXES = ['M', 'F'] as const;

const limit = z.number().min(-1e9).max(1e9).nullish();
const rangeFields = {
  projectId: id,
  testItemId: id,
  /** Null: either sex. */
  sex: z.enum(RANGE_SEXES).nullish(),
  /** Age in years, inclusive; null: no bound. */
  ageMin: z.number().int().min(0).max(150).nullish(),
  ageMax: z.number().int().min(0).max(150).nullish(),
  low: limit,
  high: limit,
  unit: optionalText(32),
  /** The expected answer of a qualitative item (`阴性`, `negative`), instead of low/high. */
  text: optionalText(64),
};

export const projectTestItemRow = z.object({
  id: z.number(),
  projectId: z.number(),
  testItemId: z.number(),
  code: z.string(),
  name: z.string(),
  sex: z.enum(RANGE_SEXES).nullable(),
  ageMin: z.number().nullable(),
  ageMax: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  unit: z.string().nullable(),
  text: z.string().nullable(),
  /** The test item's own unit and range (what this row overrides). */
  defaultUnit: z.string().nullable(),
  defaultRange: z.string().nullable(),
  version: z.number(),
});
export type ProjectTestItemRow = z.infer<typeof projectTestItemRow>;

export const projectTestItems = defineGroup('projectTestItems', {
  items: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/test-item-config/items',
    summary: "The enabled test items a range may be set for, by code (the page's item select)",
    access: { permission: PROJECT_CONFIG_PERMISSIONS.rangeView },
    mutates: false,
    body: z.object({}),
    data: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  }),
  list: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/test-item-config/list',
    summary: "A project's test items with their reference ranges, by item code",
    access: { permission: PROJECT_CONFIG_PERMISSIONS.rangeView },
    mutates: false,
    body: z.object({ projectId: id }),
    data: z.array(projectTestItemRow),
  }),
  save: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/test-item-config',
    summary: 'Add (no id) or edit (id and version read) a reference range of a project test item',
    access: { permission: PROJECT_CONFIG_PERMISSIONS.rangeEdit },
    mutates: true,
    body: z.object({ id: id.optional(), version: version.optional(), ...rangeFields }),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  remove: defineEndpoint({
    service: 'user',
    method: 'DELETE',
    path: '/project/test-item-config/{id}',
    summary: 'Remove a reference range of a project (the test item default applies again)',
    access: { permission: PROJECT_CONFIG_PERMISSIONS.rangeEdit },
    mutates: true,
    params: idParams,
    data: z.boolean(),
  }),
});

const itemLogFilter = {
  projectId: id.optional(),
  username: z.string().trim().max(32).optional(),
  action: z.string().trim().max(64).optional(),
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
};

export const projectItemLogRow = z.object({
  id: z.number(),
  at: isoTime,
  username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  reason: z.string().nullable(),
  /** The names of the records the values point to (as the operation log's). */
  refs: z.record(z.string(), z.string()),
});
export type ProjectItemLogRow = z.infer<typeof projectItemLogRow>;

export const projectItemLog = defineGroup('projectItemLog', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/item-log/paging',
    summary: 'Configuration changes of the projects in the caller scope (the audit trail), newest first',
    access: { permission: PROJECT_CONFIG_PERMISSIONS.logView },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...itemLogFilter }),
    data: z.array(projectItemLogRow),
  }),
  options: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/project/item-log/options',
    summary:
      "The project log's pickers: the users and actions of the caller's projects' configuration changes",
    access: { permission: PROJECT_CONFIG_PERMISSIONS.logView },
    mutates: false,
    data: auditOptions,
  }),
  export: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/item-log/export',
    summary: 'The filtered project log as an xlsx workbook (binary body; at most 10 000 rows)',
    access: { permission: PROJECT_CONFIG_PERMISSIONS.logView },
    mutates: false,
    body: z.object(itemLogFilter),
    data: z.unknown(),
  }),
});
