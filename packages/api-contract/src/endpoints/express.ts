import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileId, id, idParams, optionalText, pageFields, version } from '../schemas.js';
import {
  RECEIPT_IMAGE_KINDS,
  RECEIPT_PERMISSIONS,
  RECEIPT_QUALITIES,
  RECEIPT_SAMPLE_STATES,
} from '../workflows/sample-receipt.js';
import { SAMPLE_SHIPMENT_STATES } from '../workflows/sample-shipment.js';
import { dateString } from './portal-fields.js';
import { supplyCode } from './supply.js';

/** Readings outside these (°C) are not temperatures a sample can arrive at: refused as typing errors. */
export const RECEIPT_TEMPERATURE_BOUNDS = { min: -200, max: 60 } as const;

export const receiptImage = z.object({
  id: z.number(),
  fileId: z.number(),
  kind: z.enum(RECEIPT_IMAGE_KINDS),
  name: z.string(),
  capturedBy: z.string().nullable(),
  capturedAt: z.string(),
});

export const receiptSample = z.object({
  /** The shipment's sample line. */
  itemId: z.number(),
  sampleTypeName: z.string(),
  temperatureName: z.string(),
  quantity: z.number(),
  unit: z.string(),
  state: z.enum(RECEIPT_SAMPLE_STATES),
  receivedQuantity: z.number().nullable(),
  exceptionReason: z.string().nullable(),
  remark: z.string().nullable(),
  /** The temperature recorded at receipt (°C), if one was. */
  temperatureCelsius: z.number().nullable(),
  /** The range the reading was checked against (the online plan's, else the booking's condition). */
  temperatureRange: z.string().nullable(),
  /** The reading was outside that range: the line became an exception and a query went to the site. */
  temperatureBreach: z.boolean(),
  /** The clarification query raised for the breach. */
  queryNo: z.string().nullable(),
  /** The lot no. of the kit the samples were collected in (from the tube or kit label), if the desk read one. */
  kitLotNo: z.string().nullable(),
  /** That lot's expiry (the ledger's; the earliest when several lots have the number). */
  kitExpiry: z.string().nullable(),
  /** The collection day the desk read from the requisition, if any. */
  collectedOn: z.string().nullable(),
  /** The kit had expired on the collection day (else the receipt day): the line was received as an exception. */
  kitExpired: z.boolean(),
});

/** A kit lot checked against a collection day (else the receipt day, today in the desk's zone). */
export const kitLotCheck = z.object({
  lotNo: z.string(),
  /** Whether the ledger knows the lot no.; an unknown one cannot be checked. */
  known: z.boolean(),
  expiryDate: z.string().nullable(),
  /** The day the expiry was checked against: the collection day, else today. */
  checkedOn: z.string(),
  /** Whether the lot had expired on that day (its expiry is before it). */
  expired: z.boolean(),
});
export type KitLotCheck = z.infer<typeof kitLotCheck>;

export const receiptShipment = z.object({
  id: z.number(),
  orderNo: z.string(),
  expressNo: z.string().nullable(),
  courier: z.string().nullable(),
  status: z.enum(SAMPLE_SHIPMENT_STATES),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  siteId: z.number(),
  centerNo: z.string(),
  siteName: z.string(),
  temperatureName: z.string(),
  coldChain: z.boolean(),
  bookSendTime: z.string(),
  dispatchTime: z.string().nullable(),
  signerName: z.string().nullable(),
  signedAt: z.string().nullable(),
  receiptRemark: z.string().nullable(),
  version: z.number(),
});
export type ReceiptShipment = z.infer<typeof receiptShipment>;

export const receiptDetail = receiptShipment.extend({
  samples: z.array(receiptSample),
  images: z.array(receiptImage),
});
export type ReceiptDetail = z.infer<typeof receiptDetail>;

const sampleReceiptInput = z
  .object({
    itemId: id,
    quality: z.enum(RECEIPT_QUALITIES),
    receivedQuantity: z.number().int().min(0).max(99_999_999),
    /** Value of dictionary 1009; required when the quality is `exception`. */
    exceptionReason: z.string().trim().max(32).nullish(),
    remark: optionalText(255),
    /** The line's temperature as read at receipt (°C, a thermometer or logger reading); optional. */
    temperatureCelsius: z
      .number({ message: 'validation.receipt.temperature' })
      .min(RECEIPT_TEMPERATURE_BOUNDS.min, { message: 'validation.receipt.temperature' })
      .max(RECEIPT_TEMPERATURE_BOUNDS.max, { message: 'validation.receipt.temperature' })
      .nullish(),
    /**
     * The lot no. of the kit the samples were collected in; a lot that had expired on the
     * collection day (else today) needs the line received as an exception with its reason.
     */
    kitLotNo: supplyCode.nullish(),
    /** The collection day from the requisition (not after today). */
    collectedOn: dateString.nullish(),
  })
  .refine((s) => s.quality !== 'exception' || Boolean(s.exceptionReason), {
    message: 'validation.receipt.reason',
    path: ['exceptionReason'],
  });

export const receipt = defineGroup('receipt', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/express/sign/paging',
    summary: 'Incoming shipments (in transit) and signed-off ones, by waybill, order or project number',
    access: { permission: RECEIPT_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      status: z.enum(['picked_up', 'signed']).optional(),
    }),
    data: z.array(receiptShipment),
  }),
  lookup: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/express/sign/lookup',
    summary: 'Find one shipment by its waybill (express number) or order number, exact match',
    access: { permission: RECEIPT_PERMISSIONS.query },
    mutates: false,
    query: z.object({ keyword: z.string().trim().min(1).max(64) }),
    data: receiptDetail,
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/express/sign/{id}',
    summary: 'One shipment with its sample lines, receipt state and captured images',
    access: { permission: RECEIPT_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    data: receiptDetail,
  }),
  attachImage: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/express/sign/{id}/images',
    summary: 'Attach an uploaded image (waybill or temperature printout) to a shipment awaiting receipt',
    access: { permission: RECEIPT_PERMISSIONS.capture },
    mutates: true,
    params: idParams,
    body: z.object({ fileId, kind: z.enum(RECEIPT_IMAGE_KINDS) }),
    data: receiptImage,
  }),
  removeImage: defineEndpoint({
    service: 'main',
    method: 'DELETE',
    path: '/express/sign/images/{id}',
    summary: 'Remove a captured image before the sign-off',
    access: { permission: RECEIPT_PERMISSIONS.capture },
    mutates: true,
    params: idParams,
    data: z.null(),
  }),
  receive: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/express/sign/{id}/receive',
    summary:
      'Sign off the receipt: every sample line with its quality (exceptions need a dictionary 1009 reason) and optionally its temperature reading; a reading outside the range the online plan (else the booking) sets makes the line an exception and raises a query to the site; needs a waybill image; the shipment becomes signed',
    access: { permission: RECEIPT_PERMISSIONS.receive },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      samples: z.array(sampleReceiptInput).min(1).max(100),
      remark: optionalText(255),
    }),
    data: z.object({ version: z.number() }),
  }),
  kitLot: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/express/sign/{id}/kit-lot',
    summary:
      'Check a kit lot no. read at receipt: its expiry in the ledger against the collection day (else today), i.e. whether the samples were collected in an expired kit',
    access: { permission: RECEIPT_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    query: z.object({ lotNo: supplyCode, collectedOn: dateString.optional() }),
    data: kitLotCheck,
  }),
});
