import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileIdList, id, idParams, pageFields, version } from '../schemas.js';
import { SAMPLE_SHIPMENT_STATES, SHIPMENT_PERMISSIONS } from '../workflows/sample-shipment.js';
import {
  contactRow,
  dateString,
  eventRow,
  optional,
  optionalEmail,
  PORTAL_LIMITS,
  personName,
  phone,
} from './portal-fields.js';

const state = z.enum(SAMPLE_SHIPMENT_STATES);

/** SPEC section 5: sender name 16, phone 16, company 32, e-mail 64; address detail 255. */
const senderFields = {
  name: personName(PORTAL_LIMITS.senderName),
  phone: phone(PORTAL_LIMITS.senderPhone),
  area: z.string().trim().min(1).max(128),
  detail: z.string().trim().min(1).max(PORTAL_LIMITS.addressDetail),
  company: optional(PORTAL_LIMITS.senderCompany),
  email: optionalEmail(PORTAL_LIMITS.senderEmail),
};

/**
 * 计量单位: a sample line's unit is free text (up to 16 characters); one that names an item of this
 * dictionary (its value `tube` or its Chinese label 管) is shown in the reader's language.
 */
export const SAMPLE_UNIT_DICT = 1008;

const sampleInput = z.object({
  sampleTypeId: id,
  temperatureId: id,
  /** SPEC: quantity up to 8 digits. */
  quantity: z
    .number()
    .int('validation.quantity')
    .min(1, 'validation.quantity')
    .max(PORTAL_LIMITS.quantityMax, 'validation.quantity'),
  unit: z.string().trim().min(1).max(16),
});

/** The booking's fields and their limits: the site's booking and the staff's correction (express-edit-check.ts) both use these. */
export const shipmentFields = z.object({
  projectId: id,
  siteId: id,
  sender: z.object(senderFields),
  consignee: z.object(senderFields),
  backupContact: z
    .object({ name: personName(PORTAL_LIMITS.senderName), phone: phone(PORTAL_LIMITS.senderPhone) })
    .nullish()
    .transform((v) => v ?? null),
  estimatedShipDate: dateString,
  /** Booked pick-up time (ISO date-time). */
  bookSendTime: z.iso.datetime({ offset: true }),
  coldChain: z.boolean().default(false),
  /** Turnaround time asked for, in hours. */
  tat: z
    .number()
    .int()
    .min(1)
    .max(9999)
    .nullish()
    .transform((v) => v ?? null),
  transportRequirement: optional(PORTAL_LIMITS.note),
  note: optional(PORTAL_LIMITS.note),
  attachmentFileIds: fileIdList(9),
  /** Only samples with the same transport temperature may travel in one shipment (checked by the server). */
  samples: z.array(sampleInput).min(1).max(100),
});

export const shipmentRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  protocolNo: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  siteId: z.number(),
  siteNo: z.string(),
  siteName: z.string(),
  receiver: z.string(),
  status: state,
  temperatureName: z.string(),
  sampleCount: z.number(),
  estimatedShipDate: z.string(),
  bookSendTime: z.string(),
  courier: z.string().nullable(),
  expressNo: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  cancelledByName: z.string().nullable(),
  cancelTime: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number(),
});
export type ShipmentRow = z.infer<typeof shipmentRow>;

export const shipmentDetail = shipmentRow.extend({
  sender: contactRow,
  consignee: contactRow,
  backupContact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  coldChain: z.boolean(),
  tat: z.number().nullable(),
  transportRequirement: z.string().nullable(),
  note: z.string().nullable(),
  attachmentFileIds: z.array(z.number()),
  temperatureFileIds: z.array(z.number()),
  samples: z.array(
    z.object({
      id: z.number(),
      sampleTypeId: z.number(),
      sampleTypeName: z.string(),
      temperatureId: z.number(),
      temperatureName: z.string(),
      quantity: z.number(),
      unit: z.string(),
    }),
  ),
  dispatcherName: z.string().nullable(),
  dispatchTime: z.string().nullable(),
  signerName: z.string().nullable(),
  signedAt: z.string().nullable(),
  createdById: z.number(),
  events: z.array(eventRow),
  /** The latest correction staff made before pick-up (/express/edit-check), with the reason the site reads. */
  correction: z.object({ byName: z.string(), at: z.string(), reason: z.string() }).nullable(),
});
export type ShipmentDetail = z.infer<typeof shipmentDetail>;

/** One sample line of a booking with the booking's identity (sample-transport detail table). */
export const shipmentItemReportRow = z.object({
  id: z.number(),
  shipmentId: z.number(),
  orderNo: z.string(),
  projectNo: z.string(),
  siteNo: z.string(),
  siteName: z.string(),
  status: state,
  sampleTypeName: z.string(),
  temperatureName: z.string(),
  quantity: z.number(),
  unit: z.string(),
  estimatedShipDate: z.string(),
  courier: z.string().nullable(),
  expressNo: z.string().nullable(),
  createdAt: z.string(),
});

export const sampleTransport = defineGroup('sampleTransport', {
  itemPaging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/sampletransport/item/paging',
    summary: 'Sample-transport detail table: every sample line of the bookings of my sites, with filters',
    access: { permission: 'web:sample-transport-report:page' },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      orderNo: z.string().trim().max(32).optional(),
      projectId: id.optional(),
      status: z.array(state).max(SAMPLE_SHIPMENT_STATES.length).optional(),
      sampleTypeId: id.optional(),
      temperatureId: id.optional(),
    }),
    data: z.array(shipmentItemReportRow),
  }),
  temperatures: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/plan/sampletransport/temperatures',
    summary: 'Transport temperatures a sample can be shipped at (for the sample list of a booking)',
    access: 'authenticated',
    mutates: false,
    data: z.array(z.object({ id: z.number(), name: z.string(), enName: z.string(), range: z.string() })),
  }),
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/sampletransport/paging',
    summary: 'Shipment bookings of my sites, newest first (status [cancelled] gives the cancelling list)',
    access: { permission: SHIPMENT_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      orderNo: z.string().trim().max(32).optional(),
      projectId: id.optional(),
      siteId: id.optional(),
      status: z.array(state).max(SAMPLE_SHIPMENT_STATES.length).optional(),
      expressNo: z.string().trim().max(32).optional(),
    }),
    data: z.array(shipmentRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/plan/sampletransport/{id}',
    summary: 'One booking: samples, shipping, logistics, sign-off, temperature documents, order information',
    access: { permission: SHIPMENT_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    data: shipmentDetail,
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/sampletransport',
    summary: 'Book a sample shipment (all samples at one transport temperature)',
    access: { permission: SHIPMENT_PERMISSIONS.create },
    mutates: true,
    body: shipmentFields,
    data: shipmentDetail,
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/plan/sampletransport/update',
    summary: 'Edit a booking that is not yet picked up (send the version read)',
    access: { permission: SHIPMENT_PERMISSIONS.update },
    mutates: true,
    body: shipmentFields.extend({ id, version }),
    data: shipmentDetail,
  }),
  /** SPEC: DELETE /plan/sampletransport/{id}: a booking is never erased; it is cancelled with a reason. */
  cancel: defineEndpoint({
    service: 'main',
    method: 'DELETE',
    path: '/plan/sampletransport/{id}',
    summary: 'Cancel a booking before pick-up with a reason (<= 255); it moves to the cancelling list',
    access: { permission: SHIPMENT_PERMISSIONS.cancel },
    mutates: true,
    params: idParams,
    query: z.object({
      version: z.coerce.number().int().positive(),
      reason: z.string().trim().min(1).max(PORTAL_LIMITS.cancelReason),
    }),
    data: shipmentDetail,
  }),
  receipts: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/sampletransport/receipts',
    summary: 'Batch download: one zip with a PDF receipt per booking (binary body, not an envelope)',
    access: { permission: SHIPMENT_PERMISSIONS.download },
    mutates: false,
    body: z.object({ ids: z.array(id).min(1).max(200) }),
    data: z.unknown(),
  }),
  pickup: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/plan/sampletransport/{id}/pickup',
    summary: 'Internal staff: the courier picked the shipment up (courier, waybill)',
    access: { permission: SHIPMENT_PERMISSIONS.pickup },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      courier: z.string().trim().min(1).max(32),
      expressNo: z
        .string()
        .trim()
        .min(4)
        .max(32)
        .regex(/^[A-Za-z0-9-]+$/),
    }),
    data: shipmentDetail,
  }),
});
