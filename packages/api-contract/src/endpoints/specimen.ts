// Specimen intake: sample codes, bench sign-for, sub-barcodes (main service) and temporary storage in
// containers and devices (container service, SPEC section 7 paths).
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileId, id, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import {
  IMPORT_ROW_PROBLEMS,
  SPECIMEN_PERMISSIONS as P,
  SAMPLE_CODE_BATCH_MAX,
  SAMPLE_STORAGE_STATES,
  SPECIMEN_BARCODE_STATES,
  STORAGE_CONTAINER_KINDS,
  STORAGE_DEVICE_KINDS,
  STORAGE_LOG_ACTIONS,
  STORAGE_MAX_COLS,
  STORAGE_MAX_ROWS,
  SUB_BARCODE_MAX_SUFFIX,
} from '../workflows/specimen.js';
import { barcode } from './lab.js';

/** One barcode as the lists and scans show it. */
export const specimenBarcodeRow = z.object({
  id: z.number(),
  code: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number().nullable(),
  centerNo: z.string().nullable(),
  subjectId: z.number().nullable(),
  subjectNo: z.string().nullable(),
  visit: z.string().nullable(),
  sampleTypeId: z.number().nullable(),
  sampleTypeName: z.string().nullable(),
  temperatureId: z.number().nullable(),
  temperatureName: z.string().nullable(),
  parentId: z.number().nullable(),
  parentCode: z.string().nullable(),
  suffix: z.number().nullable(),
  lastSuffix: z.number(),
  status: z.enum(SPECIMEN_BARCODE_STATES),
  storage: z.enum(SAMPLE_STORAGE_STATES),
  transportId: z.number().nullable(),
  transportOrderNo: z.string().nullable(),
  signedByName: z.string().nullable(),
  signedAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type SpecimenBarcodeRow = z.infer<typeof specimenBarcodeRow>;

const barcodeFilters = {
  ...pageFields,
  keyword: z.string().trim().max(64).optional(),
  projectId: id.optional(),
  status: z.enum(SPECIMEN_BARCODE_STATES).optional(),
};

const linkFields = {
  siteId: id.nullish(),
  sampleTypeId: id.nullish(),
  subjectId: id.nullish(),
  visit: optionalText(64),
};

/** A range of pre-printed labels: prefix + zero-padded numbers from..to (at most 1000 codes). */
export const codeRange = z
  .object({
    prefix: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/, 'validation.barcode'),
    from: z.number().int().min(0).max(999_999_999),
    to: z.number().int().min(0).max(999_999_999),
    width: z.number().int().min(1).max(10),
  })
  .refine((r) => r.to >= r.from && r.to - r.from < SAMPLE_CODE_BATCH_MAX, {
    message: 'validation.specimen.range',
    path: ['to'],
  });

/** The codes of a range, e.g. {prefix 'KM', from 1, to 3, width 4} -> KM0001, KM0002, KM0003. */
export function rangeCodes(r: z.output<typeof codeRange>): string[] {
  const codes: string[] = [];
  for (let n = r.from; n <= r.to; n += 1) codes.push(`${r.prefix}${String(n).padStart(r.width, '0')}`);
  return codes;
}

export const sampleCode = defineGroup('sampleCode', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/sample-code/paging',
    summary: 'Registered sample barcodes in the user scope, by code, project and status',
    access: { permission: P.codePage },
    mutates: false,
    paged: true,
    body: z.object(barcodeFilters),
    data: z.array(specimenBarcodeRow),
  }),
  register: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/sample-code',
    summary:
      'Register sample barcodes for a project: a range of pre-printed labels or a list (unique across the system; all or none)',
    access: { permission: P.codeCreate },
    mutates: true,
    body: z
      .object({
        projectId: id,
        ...linkFields,
        range: codeRange.optional(),
        codes: z.array(barcode).min(1).max(SAMPLE_CODE_BATCH_MAX).optional(),
      })
      .refine((b) => Boolean(b.range) !== Boolean(b.codes), {
        message: 'validation.specimen.rangeOrList',
        path: ['codes'],
      }),
    data: z.object({ count: z.number(), codes: z.array(z.string()) }),
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/lab/before/sample-code',
    summary: 'Link a registered barcode to its site, subject, visit and sample type once known',
    access: { permission: P.codeUpdate },
    mutates: true,
    body: z.object({ id, version, ...linkFields }),
    data: z.object({ version: z.number() }),
  }),
});

/** A received shipment with how many of each line's samples have been signed for at the bench. */
export const signShipment = z.object({
  id: z.number(),
  orderNo: z.string(),
  expressNo: z.string().nullable(),
  projectId: z.number(),
  projectNo: z.string(),
  centerNo: z.string(),
  signedAt: z.string().nullable(),
  lines: z.array(
    z.object({
      itemId: z.number(),
      sampleTypeId: z.number(),
      sampleTypeName: z.string(),
      temperatureName: z.string(),
      receivedQuantity: z.number(),
      benchSigned: z.number(),
    }),
  ),
});
export type SignShipment = z.infer<typeof signShipment>;

export const specimenSign = defineGroup('specimenSign', {
  shipments: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/specimen-sign/shipments',
    summary:
      'Received (signed-off) shipments with their lines and how many samples were signed for; pending: only those with samples still to sign for at the bench',
    access: { permission: P.signPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      /** Only shipments with samples still to sign for (the home to-do counts these). */
      pending: z.boolean().optional(),
    }),
    data: z.array(signShipment),
  }),
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/specimen-sign/paging',
    summary: 'Samples signed for at the bench, by barcode, shipment or project',
    access: { permission: P.signPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      transportId: id.optional(),
    }),
    data: z.array(specimenBarcodeRow),
  }),
  sign: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/specimen-sign',
    summary:
      'Sign for scanned barcodes of a received shipment at the bench: each registered for its project, not yet signed, within the received quantity of its sample type (all or none)',
    access: { permission: P.sign },
    mutates: true,
    body: z.object({ transportId: id, barcodes: z.array(barcode).min(1).max(500) }),
    data: z.object({ count: z.number(), signedAt: z.string() }),
  }),
});

export const subBarcode = defineGroup('subBarcode', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/sub-barcode/paging',
    summary: 'Sub-barcodes (aliquots), by parent barcode, code or status',
    access: { permission: P.subPage },
    mutates: false,
    paged: true,
    body: z.object({ ...barcodeFilters, parentCode: barcode.optional() }),
    data: z.array(specimenBarcodeRow),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/sub-barcode',
    summary: `Create the next sub-barcodes of a signed barcode: suffixes -01..-${SUB_BARCODE_MAX_SUFFIX}, issued in order, never reused`,
    access: { permission: P.subCreate },
    mutates: true,
    body: z.object({
      parentCode: barcode,
      count: z.number().int().min(1).max(SUB_BARCODE_MAX_SUFFIX),
      /** Aliquot sample type when it differs from the parent's (e.g. plasma from whole blood). */
      sampleTypeId: id.nullish(),
    }),
    data: z.object({ codes: z.array(z.string()), lastSuffix: z.number() }),
  }),
  disable: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/lab/before/sub-barcode/{id}/disable',
    summary:
      'Disable a sub-barcode (aliquot used up or label spoilt) with a reason; its suffix is not reused',
    access: { permission: P.subDisable },
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: text(255) }),
    data: z.object({ version: z.number() }),
  }),
});

// ---- temporary storage (container service) ----

export const storageDevice = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STORAGE_DEVICE_KINDS),
  temperatureId: z.number(),
  temperatureName: z.string(),
  temperatureRange: z.string(),
  location: z.string().nullable(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  containers: z.number(),
  stored: z.number(),
  version: z.number(),
});
export type StorageDevice = z.infer<typeof storageDevice>;

export const storageContainer = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STORAGE_CONTAINER_KINDS),
  deviceId: z.number(),
  deviceCode: z.string(),
  deviceName: z.string(),
  temperatureName: z.string(),
  rows: z.number(),
  cols: z.number(),
  capacity: z.number(),
  stored: z.number(),
  enabled: z.boolean(),
  version: z.number(),
});
export type StorageContainer = z.infer<typeof storageContainer>;

/** A stored sample: the barcode and where it is. */
export const storedSample = z.object({
  id: z.number(),
  barcode: z.string(),
  projectNo: z.string(),
  sampleTypeName: z.string().nullable(),
  temperatureName: z.string().nullable(),
  deviceId: z.number(),
  deviceName: z.string(),
  containerId: z.number(),
  containerCode: z.string(),
  position: z.string(),
  storedByName: z.string(),
  storedAt: z.string(),
});
export type StoredSample = z.infer<typeof storedSample>;

export const storageLog = z.object({
  id: z.number(),
  action: z.enum(STORAGE_LOG_ACTIONS),
  deviceId: z.number(),
  deviceName: z.string(),
  containerCode: z.string().nullable(),
  barcode: z.string().nullable(),
  position: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  userName: z.string(),
  at: z.string(),
});
export type StorageLog = z.infer<typeof storageLog>;

const deviceFields = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, 'validation.specimen.code'),
  name: text(64),
  kind: z.enum(STORAGE_DEVICE_KINDS),
  temperatureId: id,
  location: optionalText(128),
  enabled: z.boolean().default(true),
  remark: optionalText(255),
};

const containerFields = {
  code: deviceFields.code,
  name: text(64),
  kind: z.enum(STORAGE_CONTAINER_KINDS),
  deviceId: id,
  rows: z.number().int().min(1).max(STORAGE_MAX_ROWS),
  cols: z.number().int().min(1).max(STORAGE_MAX_COLS),
  enabled: z.boolean().default(true),
};

/** A position such as `B3` (row letter, column number). */
const positionText = z
  .string()
  .trim()
  .regex(/^[A-Za-z]\d{1,2}$/, 'validation.specimen.position');

export const importPreviewRow = z.object({
  /** Row number in the sheet (1 = header). */
  line: z.number(),
  barcode: z.string(),
  /** The position asked for, or the one that would be assigned. */
  position: z.string().nullable(),
  problem: z.enum(IMPORT_ROW_PROBLEMS).nullable(),
  message: z.string().nullable(),
});

/** What the console needs to know about a scanned barcode before storing or taking it out. */
export const sampleInfo = specimenBarcodeRow.extend({
  location: storedSample.pick({ deviceName: true, containerCode: true, position: true }).nullable(),
});

export const tempStorage = defineGroup('tempStorage', {
  samplePage: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/sample/list',
    summary: 'Samples in temporary storage (user scope), by barcode, device or container',
    access: { permission: P.stagingPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      deviceId: id.optional(),
      containerId: id.optional(),
    }),
    data: z.array(storedSample),
  }),
  containerPage: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/list',
    summary: 'Storage containers (boxes, racks) with capacity and use, by code or device',
    access: { permission: P.stagingPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      deviceId: id.optional(),
    }),
    data: z.array(storageContainer),
  }),
  containerDetail: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/temp-storage/{id}/detail',
    summary: 'One container with its occupied positions (samples outside the user scope show no barcode)',
    access: { permission: P.stagingQuery },
    mutates: false,
    params: idParams,
    data: storageContainer.extend({
      positions: z.array(
        z.object({ position: z.string(), row: z.number(), col: z.number(), barcode: z.string().nullable() }),
      ),
    }),
  }),
  sampleDetail: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/temp-storage/sample/{id}/detail',
    summary: 'One sample barcode: where it is stored now and its storage history',
    access: { permission: P.stagingQuery },
    mutates: false,
    params: idParams,
    data: sampleInfo.extend({ history: z.array(storageLog) }),
  }),
  devicePage: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/device/list',
    summary: 'Storage devices (fridges, freezers) with their temperature condition and use',
    access: { permission: P.stagingPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      enabled: z.boolean().optional(),
    }),
    data: z.array(storageDevice),
  }),
  deviceCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/device',
    summary: 'Add a storage device (code unique; temperature condition from the platform list)',
    access: { permission: P.device },
    mutates: true,
    body: z.object(deviceFields),
    data: z.object({ id: z.number() }),
  }),
  deviceUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/temp-storage/device',
    summary:
      'Edit a storage device; its temperature condition cannot change while it holds samples of another',
    access: { permission: P.device },
    mutates: true,
    body: z.object({ id, version, ...deviceFields }),
    data: z.object({ version: z.number() }),
  }),
  deviceLogs: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/device/{id}/logs',
    summary: 'Log of a device: samples put in and taken out (who, where, why) and changes to it',
    access: { permission: P.stagingQuery },
    mutates: false,
    paged: true,
    params: idParams,
    body: z.object({ ...pageFields, action: z.enum(STORAGE_LOG_ACTIONS).optional() }),
    data: z.array(storageLog),
  }),
  containerCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/container',
    summary: 'Add a box or rack (rows x columns) to a device',
    access: { permission: P.device },
    mutates: true,
    body: z.object(containerFields),
    data: z.object({ id: z.number() }),
  }),
  containerUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/temp-storage/container',
    summary: 'Edit a container; it cannot move or shrink while it holds samples',
    access: { permission: P.device },
    mutates: true,
    body: z.object({ id, version, ...containerFields }),
    data: z.object({ version: z.number() }),
  }),
  containerList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/container/list',
    summary: 'Enabled containers of enabled devices for the put-in select, with free positions',
    access: { permission: P.stagingPage },
    mutates: false,
    body: z.object({ deviceId: id.optional(), keyword: z.string().trim().max(64).optional() }),
    data: z.array(storageContainer),
  }),
  sampleInfo: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/sample/info',
    summary: 'Look up a scanned barcode: its state, storage condition and where it is stored',
    access: { permission: P.stagingPage },
    mutates: false,
    body: z.object({ barcode }),
    data: sampleInfo,
  }),
  template: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/temp-storage/barcode/excel/template',
    summary: 'The xlsx template of a storage import: barcode and optional position (binary body)',
    access: { permission: P.storeIn },
    mutates: false,
    data: z.unknown(),
  }),
  export: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/temp-storage/{id}/export',
    summary: 'The samples of one container as xlsx (binary body, not an envelope)',
    access: { permission: P.stagingExport },
    mutates: false,
    params: idParams,
    data: z.unknown(),
  }),
  importPreview: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/import/preview',
    summary:
      'Check an uploaded xlsx of barcodes against a container: every row with its position or its problem (changes nothing)',
    access: { permission: P.storeIn },
    mutates: false,
    body: z.object({ fileId, containerId: id }),
    data: z.object({ rows: z.array(importPreviewRow), valid: z.number(), invalid: z.number() }),
  }),
  storeIn: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/in',
    summary:
      'Put signed samples into a container: the given positions or the next free ones; refused for taken positions, stored samples and another temperature condition (all or none)',
    access: { permission: P.storeIn },
    mutates: true,
    body: z.object({
      containerId: id,
      samples: z
        .array(z.object({ barcode, position: positionText.nullish() }))
        .min(1)
        .max(STORAGE_MAX_ROWS * STORAGE_MAX_COLS),
    }),
    data: z.object({ stored: z.array(z.object({ barcode: z.string(), position: z.string() })) }),
  }),
  takeOut: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/temp-storage/out',
    summary: 'Take stored samples out of temporary storage with a reason (all or none)',
    access: { permission: P.takeOut },
    mutates: true,
    body: z.object({ barcodes: z.array(barcode).min(1).max(500), reason: text(255) }),
    data: z.object({ count: z.number() }),
  }),
});
