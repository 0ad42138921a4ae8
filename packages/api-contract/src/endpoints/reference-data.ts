import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, optionalText, pageFields, text, version } from '../schemas.js';

/**
 * The lab's reference data that other records point to: sample types and temperature conditions
 * (transport and storage). Records keep pointing to a disabled entry; pickers for new records offer
 * only enabled ones.
 */
export const SAMPLE_TYPE_PERMISSIONS = {
  page: 'platform:sample-type:page',
  create: 'platform:sample-type:create',
  update: 'platform:sample-type:update',
  status: 'platform:sample-type:status',
} as const;

export const TEMPERATURE_PERMISSIONS = {
  page: 'platform:temperature:page',
  create: 'platform:temperature:create',
  update: 'platform:temperature:update',
  status: 'platform:temperature:status',
} as const;

/** Kinds of specimen, for grouping and for the storage rules of later areas. */
export const SAMPLE_CATEGORIES = ['blood', 'bodyFluid', 'tissue', 'nucleicAcid', 'cells', 'other'] as const;
export type SampleCategory = (typeof SAMPLE_CATEGORIES)[number];

/** Short code printed on labels and used in imports, e.g. `SER`, `2-8C`. */
export const referenceCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$/, 'validation.referenceCode');

const celsius = z.number().min(-273).max(200).multipleOf(0.1).nullable();

/** `2~8℃`, `≤-60℃`, `≥15℃`: the one way a range is written (stored with the condition for readers). */
export function temperatureRangeLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return min === max ? `${min}℃` : `${min}~${max}℃`;
  if (max !== null) return `≤${max}℃`;
  if (min !== null) return `≥${min}℃`;
  return '';
}

const enabledFilter = { keyword: z.string().trim().max(64).optional(), enabled: z.boolean().optional() };
const statusBody = z.object({ enabled: z.boolean(), version });
const versionOnly = z.object({ version: z.number() });

const sampleTypeFields = {
  code: referenceCode,
  name: text(32),
  enName: text(64),
  category: z.enum(SAMPLE_CATEGORIES),
  /** Default primary container: a value of the container dictionary (SAMPLE_CONTAINER_DICT), e.g. `EDTA-2`. */
  container: optionalText(64),
  storageTemperatureId: id.nullish(),
  sort: z.number().int().min(0).max(9999).default(0),
};

export const sampleTypeRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string(),
  category: z.enum(SAMPLE_CATEGORIES),
  container: z.string().nullable(),
  storageTemperatureId: z.number().nullable(),
  storageTemperatureName: z.string().nullable(),
  sort: z.number(),
  enabled: z.boolean(),
  version: z.number(),
});
export type SampleTypeRow = z.infer<typeof sampleTypeRow>;

const temperatureFields = {
  code: referenceCode,
  name: text(32),
  enName: text(64),
  /** Lowest and highest allowed °C (one decimal); null = open on that side (≤ -60 ℃). */
  minCelsius: celsius,
  maxCelsius: celsius,
  forTransport: z.boolean(),
  forStorage: z.boolean(),
  sort: z.number().int().min(0).max(9999).default(0),
};

/** At least one bound, min ≤ max, and at least one use. */
const temperatureRules = <T extends z.ZodObject<typeof temperatureFields>>(schema: T) =>
  schema
    .refine((v) => v.minCelsius !== null || v.maxCelsius !== null, {
      message: 'validation.temperatureBound',
      path: ['minCelsius'],
    })
    .refine((v) => v.minCelsius === null || v.maxCelsius === null || v.minCelsius <= v.maxCelsius, {
      message: 'validation.temperatureOrder',
      path: ['maxCelsius'],
    })
    .refine((v) => v.forTransport || v.forStorage, {
      message: 'validation.temperatureUse',
      path: ['forStorage'],
    });

export const temperatureRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string(),
  minCelsius: z.number().nullable(),
  maxCelsius: z.number().nullable(),
  /** temperatureRangeLabel(min, max). */
  range: z.string(),
  forTransport: z.boolean(),
  forStorage: z.boolean(),
  sort: z.number(),
  enabled: z.boolean(),
  version: z.number(),
});
export type TemperatureRow = z.infer<typeof temperatureRow>;

export const sampleTypes = defineGroup('sampleTypes', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/sampleType/paging',
    summary: 'Sample types, paged; filter by code/name (contains), category and status',
    access: { permission: SAMPLE_TYPE_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...enabledFilter, category: z.enum(SAMPLE_CATEGORIES).optional() }),
    data: z.array(sampleTypeRow),
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/sampleType',
    summary: 'Create a sample type (enabled); code and name must be new',
    access: { permission: SAMPLE_TYPE_PERMISSIONS.create },
    mutates: true,
    body: z.object(sampleTypeFields),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/sampleType/{id}',
    summary: 'Edit a sample type (send the version read); records keep pointing to it',
    access: { permission: SAMPLE_TYPE_PERMISSIONS.update },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...sampleTypeFields }),
    data: versionOnly,
  }),
  setStatus: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/sampleType/{id}/status',
    summary: 'Enable or disable a sample type; a disabled one is no longer offered for new records',
    access: { permission: SAMPLE_TYPE_PERMISSIONS.status },
    mutates: true,
    params: idParams,
    body: statusBody,
    data: versionOnly,
  }),
});

export const temperatures = defineGroup('temperatures', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/temperature/paging',
    summary: 'Temperature conditions, paged; filter by code/name (contains), use and status',
    access: { permission: TEMPERATURE_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...enabledFilter, use: z.enum(['transport', 'storage']).optional() }),
    data: z.array(temperatureRow),
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/temperature',
    summary: 'Create a temperature condition (enabled): range in °C, used for transport, storage or both',
    access: { permission: TEMPERATURE_PERMISSIONS.create },
    mutates: true,
    body: temperatureRules(z.object(temperatureFields)),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/temperature/{id}',
    summary: 'Edit a temperature condition (send the version read)',
    access: { permission: TEMPERATURE_PERMISSIONS.update },
    mutates: true,
    params: idParams,
    body: temperatureRules(z.object({ version, ...temperatureFields })),
    data: versionOnly,
  }),
  setStatus: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/temperature/{id}/status',
    summary: 'Enable or disable a temperature condition; a disabled one is no longer offered for new records',
    access: { permission: TEMPERATURE_PERMISSIONS.status },
    mutates: true,
    params: idParams,
    body: statusBody,
    data: versionOnly,
  }),
});

/** /platform/out-warehouse: the kinds of stock-out bill the specimen library issues. */
export const STOCK_OUT_TYPE_PERMISSIONS = {
  view: 'platform:out-warehouse:view',
  add: 'platform:out-warehouse:add',
  edit: 'platform:out-warehouse:edit',
  toggle: 'platform:out-warehouse:toggle',
} as const;

/** Dictionary of stock-out reasons: a type lists the values of its items it allows. */
export const STOCK_OUT_REASON_DICT = 1017;
/** Dictionary of sample containers (tubes, cryovials, cups, cassettes): a sample type's default container is one. */
export const SAMPLE_CONTAINER_DICT = 1024;

const stockOutTypeFields = {
  /** e.g. `TEST`, `TRANSFER`, `RETURN_SITE`, `PRE_TREATMENT`, `BACKUP`. */
  code: referenceCode,
  name: text(32),
  enName: text(64),
  /** True: the samples come back to the store (temporary); false: they leave for good (permanent). */
  returnsSample: z.boolean(),
  /** A bill of this type is reviewed before it is confirmed. */
  needsReview: z.boolean(),
  /** Values of dictionary 1017 (stock-out reason) a bill of this type may give, in order. */
  reasons: z.array(text(64)).min(1).max(20),
  sort: z.number().int().min(0).max(9999).default(0),
};

export const stockOutTypeRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string(),
  returnsSample: z.boolean(),
  needsReview: z.boolean(),
  reasons: z.array(z.string()),
  sort: z.number(),
  enabled: z.boolean(),
  version: z.number(),
});
export type StockOutTypeRow = z.infer<typeof stockOutTypeRow>;

export const stockOutTypes = defineGroup('stockOutTypes', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/stockOutType/paging',
    summary: 'Stock-out types, paged; filter by code/name (contains), temporary/permanent and status',
    access: { permission: STOCK_OUT_TYPE_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...enabledFilter, returnsSample: z.boolean().optional() }),
    data: z.array(stockOutTypeRow),
  }),
  enabled: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/stockOutType/enabled',
    summary: 'The enabled stock-out types in their order, with their reasons (what a new bill may choose)',
    access: 'authenticated',
    mutates: false,
    data: z.array(stockOutTypeRow.omit({ enabled: true, version: true })),
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/stockOutType',
    summary:
      'Create a stock-out type (enabled); code and name must be new, reasons enabled items of dictionary 1017',
    access: { permission: STOCK_OUT_TYPE_PERMISSIONS.add },
    mutates: true,
    body: z.object(stockOutTypeFields),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/stockOutType/{id}',
    summary: 'Edit a stock-out type (send the version read); a reason disabled since may be kept, not added',
    access: { permission: STOCK_OUT_TYPE_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...stockOutTypeFields }),
    data: versionOnly,
  }),
  setStatus: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/stockOutType/{id}/status',
    summary: 'Enable or disable a stock-out type; a disabled one is no longer offered for new bills',
    access: { permission: STOCK_OUT_TYPE_PERMISSIONS.toggle },
    mutates: true,
    params: idParams,
    body: statusBody,
    data: versionOnly,
  }),
});
