import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { authorIds, id, idParams, isoTime, optionalText, pageFields, text, version } from '../schemas.js';
import { firing } from '../workflows/machine.js';
import {
  PLAN_PERMISSIONS,
  PLAN_STATES,
  type PlanAction,
  projectPlanWorkflow,
  SITE_RECONCILIATION_PERMISSIONS,
} from '../workflows/project-plan.js';
import { catalogueEnglish } from './portal-consumables.js';
import { signatureInput, signatureRow } from './reports.js';

export const SAMPLING_PLAN_LIMITS = {
  visits: 40,
  samples: 20,
  testItems: 50,
  kits: 20,
  kitItems: 30,
} as const;

/** One consumable of a plan kit, per kit: what the portal's order lines copy. */
export const planKitItemInput = z.object({
  consumableName: text(64),
  size: optionalText(32).transform((v) => v || null),
  vendor: optionalText(64).transform((v) => v || null),
  unit: text(16),
  quantityPerKit: z.number().int().min(1).max(9_999),
  scopeOfUse: optionalText(128).transform((v) => v || null),
});

/** A kit of a plan version: `id` (with the version read) names one to change, else a new one. */
export const planKitInput = z.object({
  planId: id,
  id: id.optional(),
  version: version.optional(),
  name: text(64),
  /** Value of dictionary 1016 (delivery model). */
  deliveryModel: text(32),
  items: z.array(planKitItemInput).min(1).max(SAMPLING_PLAN_LIMITS.kitItems),
});

export const planKitRow = z.object({
  id: z.number(),
  planId: z.number(),
  name: z.string(),
  deliveryModel: z.string(),
  items: z.array(
    z.object({
      consumableName: z.string(),
      size: z.string().nullable(),
      vendor: z.string().nullable(),
      unit: z.string(),
      quantityPerKit: z.number(),
      scopeOfUse: z.string().nullable(),
      /** Those of the catalogue consumable the item names (by its Chinese or English name). */
      ...catalogueEnglish,
    }),
  ),
  /** Names of the visits whose samples name the kit. */
  visits: z.array(z.string()),
  version: z.number(),
});
export type PlanKitRow = z.infer<typeof planKitRow>;

/** One sample to collect at a visit: type, tube, volume, count, cold chain, tests and kit. */
export const planSampleInput = z.object({
  sampleTypeId: id,
  container: optionalText(64),
  volume: z.number().positive().max(100_000),
  unit: text(16),
  count: z.number().int().min(1).max(99),
  transportTemperatureId: id,
  storageTemperatureId: id,
  testItemIds: z.array(id).max(SAMPLING_PLAN_LIMITS.testItems),
  /** A kit of the same plan version (`plan.kitList`). */
  kitId: id.nullish(),
});
export type PlanSampleInput = z.infer<typeof planSampleInput>;

/** A visit as saved with the plan: `id` names an existing visit of the plan (kept, renamed). */
export const planVisitInput = z.object({
  id: id.optional(),
  name: text(64),
  /** The English name (en-US readers see it); blank: none. */
  enName: optionalText(64).transform((v) => v || null),
  /** Nominal day of the visit counted from the subject's enrolment (day 0); none: no window. */
  day: z.number().int().min(-365).max(3650).nullish(),
  /** Days allowed before and after the nominal day. */
  windowBefore: z.number().int().min(0).max(365).optional(),
  windowAfter: z.number().int().min(0).max(365).optional(),
  samples: z.array(planSampleInput).max(SAMPLING_PLAN_LIMITS.samples),
});

const temperature = z.object({ id: z.number(), name: z.string(), range: z.string() });
export const planSampleRow = planSampleInput.extend({
  sampleTypeName: z.string(),
  transportTemperature: temperature,
  storageTemperature: temperature,
  testItems: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  kitName: z.string().nullable(),
});
export const planVisitRow = z.object({
  id: z.number(),
  name: z.string(),
  enName: z.string().nullable(),
  sort: z.number(),
  day: z.number().nullable(),
  windowBefore: z.number(),
  windowAfter: z.number(),
  samples: z.array(planSampleRow),
});

export const planRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  planNo: z.string(),
  name: z.string(),
  /** The English name (en-US readers see it, `localName`); null: none. */
  enName: z.string().nullable(),
  /** 1, 2, …: a new one for each revision of an online plan. */
  revision: z.number(),
  status: z.enum(PLAN_STATES),
  /** The online version this draft revises. */
  revisionOf: z.number().nullable(),
  visitCount: z.number(),
  returnReason: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  authorIds,
  createdAt: isoTime,
  updatedAt: isoTime,
  version: z.number(),
});
export type PlanRow = z.infer<typeof planRow>;

export const planDetail = planRow.extend({
  visits: z.array(planVisitRow),
  /** Every version of the plan number, newest first, with its author and approval signature. */
  versions: z.array(
    z.object({
      id: z.number(),
      revision: z.number(),
      status: z.enum(PLAN_STATES),
      updatedAt: isoTime,
      createdByName: z.string().nullable(),
      approvedByName: z.string().nullable(),
      approvedAt: isoTime.nullable(),
      meaning: z.string().nullable(),
    }),
  ),
  signatures: z.array(signatureRow),
  /**
   * SHA-256 of the version's content now (visits with their windows, samples): a signature whose
   * `contentHash` differs was given to other content (changed since it was signed).
   */
  contentHash: z.string(),
});
export type PlanDetail = z.infer<typeof planDetail>;

/** What a plan's samples may name: enabled references, transport/storage use, the version's kits. */
export const planChoices = z.object({
  sampleTypes: z.array(z.object({ id: z.number(), name: z.string(), container: z.string().nullable() })),
  temperatures: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      range: z.string(),
      forTransport: z.boolean(),
      forStorage: z.boolean(),
    }),
  ),
  testItems: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  kits: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type PlanChoices = z.infer<typeof planChoices>;
/** A temperature reading taken when a shipment line was received, for the samples of one visit and type. */
export const coldChainReading = z.object({
  orderNo: z.string(),
  /** °C read at receipt; null when none was recorded. */
  celsius: z.number().nullable(),
  /** The reading lies outside the plan's transport range (an excursion). */
  excursion: z.boolean(),
  /** Samples of this visit and type that came with the line. */
  samples: z.number(),
  recordedBy: z.string(),
  recordedAt: isoTime,
  /** The query raised to the site about it. */
  queryNo: z.string().nullable(),
});
export type ColdChainReading = z.infer<typeof coldChainReading>;

/** Per visit and sample type of a version: the transport leg (readings at receipt) and the storage. */
export const planColdChainRow = z.object({
  visitId: z.number(),
  visit: z.string(),
  sampleTypeId: z.number(),
  sampleTypeName: z.string(),
  transport: temperature,
  storage: temperature,
  /** Readings at receipt of the samples of this visit and type, newest first. */
  readings: z.array(coldChainReading),
  /** Storage conditions of the samples of this visit and type signed for so far, with their count. */
  stored: z.array(temperature.extend({ count: z.number() })),
});
export type PlanColdChainRow = z.infer<typeof planColdChainRow>;

/** Where a subject's visit sample stands against its window (`RECONCILIATION_STATES`). */
export const RECONCILIATION_STATES = ['complete', 'overdue', 'due', 'open', 'upcoming'] as const;
export type ReconciliationState = (typeof RECONCILIATION_STATES)[number];
/** The reconciliation's views: every row, rows still missing (not upcoming), overdue rows. */
export const RECONCILIATION_VIEWS = ['all', 'missing', 'overdue'] as const;

/** One subject's visit and sample type: expected by the online plan (with its window) against received. */
export const reconciliationRow = z.object({
  siteId: z.number(),
  centerNo: z.string(),
  siteName: z.string(),
  subjectId: z.number(),
  subjectNo: z.string(),
  /** Calendar day (`YYYY-MM-DD`, the caller's zone) the subject was enrolled: the windows' day 0. */
  enrolledOn: z.string(),
  /** The plan's visit name: the key of the visit (filters, barcodes). */
  visit: z.string(),
  /** The visit in the reader's language (`localName`). */
  visitName: z.string(),
  sampleTypeId: z.number(),
  sampleTypeName: z.string(),
  /** Nominal day and window (`YYYY-MM-DD`); null when the plan gives the visit no day. */
  dueOn: z.string().nullable(),
  windowFrom: z.string().nullable(),
  windowTo: z.string().nullable(),
  expected: z.number(),
  /** Signed for at the bench. */
  received: z.number(),
  /** Labelled at the site, not signed for yet (on the way). */
  labelled: z.number(),
  missing: z.number(),
  /** Beyond the plan's count, or a sample type the visit does not plan. */
  extra: z.number(),
  state: z.enum(RECONCILIATION_STATES),
  barcodes: z.array(z.object({ code: z.string(), status: z.string(), signedAt: isoTime.nullable() })),
});
export type ReconciliationRow = z.infer<typeof reconciliationRow>;

/** A site's totals over every row of its enrolled subjects (before the view's filters). */
export const reconciliationSite = z.object({
  siteId: z.number(),
  centerNo: z.string(),
  siteName: z.string(),
  subjects: z.number(),
  expected: z.number(),
  received: z.number(),
  /** Expected samples not received whose window is open or past (or that have no window). */
  missing: z.number(),
  overdue: z.number(),
  extra: z.number(),
});
export type ReconciliationSite = z.infer<typeof reconciliationSite>;

const reconciliationAnswer = z.object({
  planIds: z.array(z.number()),
  /** The caller's today (`YYYY-MM-DD`), against which windows are overdue. */
  today: z.string(),
  sites: z.array(reconciliationSite),
  /** The online plans' visits in order: `name` is the key (the filter's `visit`), `label` the reader's words. */
  visits: z.array(z.object({ name: z.string(), label: z.string() })),
  rows: z.array(reconciliationRow),
});

const reconciliationFilter = {
  projectId: id,
  siteId: id.optional(),
  subjectNo: z.string().trim().max(64).optional(),
  visit: z.string().trim().max(64).optional(),
  view: z.enum(RECONCILIATION_VIEWS).optional(),
};

const versionOnly = z.object({ version: z.number() });
const created = z.object({ id: z.number(), version: z.number() });
const transition = <B extends z.ZodTypeAny>(path: string, summary: string, action: PlanAction, body: B) =>
  defineEndpoint({
    service: 'main',
    method: 'PUT',
    path,
    summary,
    ...firing(projectPlanWorkflow, action),
    mutates: true,
    params: idParams,
    body,
    data: z.object({ version: z.number(), status: z.enum(PLAN_STATES) }),
  });

export const plan = defineGroup('plan', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/page',
    summary: "Plans of the caller's projects, every version, paged; filter by project, status, plan no/name",
    access: { permission: PLAN_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectId: id.optional(),
      status: z.enum(PLAN_STATES).optional(),
      keyword: z.string().trim().max(64).optional(),
    }),
    data: z.array(planRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/plan/{id}',
    summary: 'One plan version: visits with their samples, the versions of its plan no, signatures',
    access: { permission: PLAN_PERMISSIONS.view },
    mutates: false,
    params: idParams,
    data: planDetail,
  }),
  choices: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/plan/choices',
    summary:
      "What a plan's samples may name: enabled sample types, temperature conditions and test items, and the kits of the version being edited (`planId`)",
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: false,
    query: z.object({ projectId: id, planId: id.optional() }),
    data: planChoices,
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan',
    summary: 'A new plan (version 1, draft) of a project in scope; the plan no must be new',
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: true,
    body: z.object({
      projectId: id,
      planNo: text(32),
      name: text(64),
      enName: optionalText(64).transform((v) => v || null),
      visits: z.array(planVisitInput).max(SAMPLING_PLAN_LIMITS.visits),
    }),
    data: created,
  }),
  revise: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/{id}/revise',
    summary:
      'A draft revision of an online plan (its visits and samples copied); one open revision per plan no',
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object({}),
    data: created,
  }),
  syncDraft: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/v2.0/plan/visit/save/sync-draft',
    summary:
      'Save the visits and samples of a draft or returned version (send the version read); a visit or sample type with samples received cannot be dropped',
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: true,
    body: z.object({
      planId: id,
      version,
      name: text(64),
      enName: optionalText(64).transform((v) => v || null),
      visits: z.array(planVisitInput).max(SAMPLING_PLAN_LIMITS.visits),
    }),
    data: versionOnly,
  }),
  visitPage: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/visit/page',
    summary: "A plan version's visits in order, paged",
    access: { permission: PLAN_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, planId: id }),
    data: z.array(
      z.object({
        id: z.number(),
        planNo: z.string(),
        name: z.string(),
        sort: z.number(),
        version: z.number(),
      }),
    ),
  }),
  visitUpdate: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/plan/visit/update',
    summary: 'Rename a visit of a draft or returned version; the name must be new within the version',
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: true,
    body: z.object({ id, version, name: text(64) }),
    data: versionOnly,
  }),
  visitSort: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/plan/visit/updateSort',
    summary: 'Order the visits of a draft or returned version (every visit id once, in the new order)',
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: true,
    body: z.object({ planId: id, ids: z.array(id).min(1).max(SAMPLING_PLAN_LIMITS.visits) }),
    data: z.boolean(),
  }),
  visitDelete: defineEndpoint({
    service: 'main',
    method: 'DELETE',
    path: '/plan/visit/{id}',
    summary: 'Delete a visit of a draft or returned version, unless samples of it were received',
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    data: z.boolean(),
  }),
  visitCheckExist: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/visit/checkExist',
    summary: 'Whether a visit of that name exists in the plan version (other than `id`)',
    access: { permission: PLAN_PERMISSIONS.view },
    mutates: false,
    body: z.object({ planId: id, name: text(64), id: id.optional() }),
    data: z.boolean(),
  }),
  kitList: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/plan/{id}/kits',
    summary: 'The consumable kits a plan version defines, with the visits whose samples name each',
    access: { permission: PLAN_PERMISSIONS.view },
    mutates: false,
    params: idParams,
    data: z.array(planKitRow),
  }),
  kitSave: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/kit',
    summary:
      'Add a kit to a draft or returned version, or change one (send its id and the version read); the name must be new within the version',
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: true,
    body: planKitInput,
    data: created,
  }),
  kitDelete: defineEndpoint({
    service: 'main',
    method: 'DELETE',
    path: '/plan/kit/{id}',
    summary: 'Remove a kit of a draft or returned version, unless a sample of the version names it',
    access: { permission: PLAN_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    data: z.boolean(),
  }),
  coldChain: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/plan/{id}/cold-chain',
    summary:
      "A version's cold chain per visit and sample type: transport range and the readings at receipt (excursions flagged, who recorded them), storage range and the storage conditions of the samples signed for; only the caller's sites",
    access: { permission: PLAN_PERMISSIONS.view },
    mutates: false,
    params: idParams,
    data: z.array(planColdChainRow),
  }),
  reconciliation: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/reconciliation',
    summary:
      "Expected against received, from the project's online plans and its enrolled subjects: per site, subject, visit and sample type, with the visit window, the missing and overdue rows, the barcodes; per-site totals; only the caller's sites",
    access: { permission: PLAN_PERMISSIONS.view },
    mutates: false,
    body: z.object(reconciliationFilter),
    data: reconciliationAnswer,
  }),
  reconciliationExport: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/reconciliation/export',
    summary:
      "The reconciliation rows the same filter shows, as an xlsx workbook (binary body, not an envelope; dates in the caller's zone)",
    access: { permission: PLAN_PERMISSIONS.export },
    mutates: false,
    body: z.object(reconciliationFilter),
    data: z.unknown(),
  }),
  siteReconciliation: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/reconciliation',
    summary:
      "The site's reconciliation (/web/reconciliation): the same rows and totals as `plan.reconciliation`, for the caller's own projects and sites only",
    access: { permission: SITE_RECONCILIATION_PERMISSIONS.page },
    mutates: false,
    body: z.object(reconciliationFilter),
    data: reconciliationAnswer,
  }),
  siteReconciliationExport: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/reconciliation/export',
    summary: "The site's reconciliation rows the same filter shows, as an xlsx workbook (binary body)",
    access: { permission: SITE_RECONCILIATION_PERMISSIONS.export },
    mutates: false,
    body: z.object(reconciliationFilter),
    data: z.unknown(),
  }),
  submit: transition(
    '/plan/{id}/submit',
    'Submit a draft or returned version for review',
    'submit',
    z.object({ version }),
  ),
  approve: transition(
    '/plan/{id}/approve',
    'Approve a submitted version: electronic signature, never by its author',
    'approve',
    z.object({ version, signature: signatureInput.optional() }),
  ),
  return: transition(
    '/plan/{id}/return',
    'Return a submitted version with a reason, never by its author',
    'return',
    z.object({ version, reason: text(255) }),
  ),
  goOnline: transition(
    '/plan/{id}/online',
    'Put an approved version online; the online version of the same plan no is superseded',
    'goOnline',
    z.object({ version }),
  ),
});
