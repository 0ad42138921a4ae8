import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileId, id, idParams, pageFields, version } from '../schemas.js';
import { CONSUMABLE_ORDER_STATES, CONSUMABLE_PERMISSIONS } from '../workflows/consumable-order.js';
import { KIT_SUPPLY_PERMISSIONS, KIT_SUPPLY_STATES } from '../workflows/kit-supply.js';
import {
  contactFields,
  contactRow,
  dateString,
  eventRow,
  optional,
  optionalDate,
  PORTAL_LIMITS,
} from './portal-fields.js';

/** The dictionary of couriers (SPEC dictionary 1006): consumable dispatch and sample shipments. */
export const COURIER_DICT = 1006;

const state = z.enum(CONSUMABLE_ORDER_STATES);
const listFilters = {
  ...pageFields,
  orderNo: z.string().trim().max(32).optional(),
  projectId: id.optional(),
  siteId: id.optional(),
  status: z.array(state).max(CONSUMABLE_ORDER_STATES.length).optional(),
  /** Apply time range, YYYY-MM-DD inclusive. */
  applyFrom: dateString.optional(),
  applyTo: dateString.optional(),
};

export const consumableOrderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  siteId: z.number(),
  siteNo: z.string(),
  siteName: z.string(),
  receiver: z.string(),
  status: state,
  expectedShipDate: z.string().nullable(),
  auditTime: z.string().nullable(),
  auditorName: z.string().nullable(),
  rejectReason: z.string().nullable(),
  courier: z.string().nullable(),
  expressNo: z.string().nullable(),
  applicantId: z.number(),
  applicantName: z.string(),
  applyTime: z.string(),
  kitCount: z.number(),
  looseCount: z.number(),
  version: z.number(),
});
export type ConsumableOrderRow = z.infer<typeof consumableOrderRow>;

/**
 * The English texts of a line's or kit item's catalogue consumable (null: none stored, or no
 * catalogue consumable): the console shows them to English readers beside the texts the line keeps
 * (`localText`), which stay as written for the application form (and a plan's kit editor).
 */
export const catalogueEnglish = {
  consumableEnName: z.string().nullable(),
  enSize: z.string().nullable(),
  enVendor: z.string().nullable(),
  enUnit: z.string().nullable(),
  enScopeOfUse: z.string().nullable(),
};

/** One line: a kit's consumable (kind 'kit') or a loose consumable (kind 'loose'), with dispatch data. */
export const orderLineRow = z.object({
  ...catalogueEnglish,
  id: z.number(),
  kind: z.enum(['kit', 'loose']),
  kitId: z.number().nullable(),
  kitName: z.string().nullable(),
  consumableName: z.string(),
  /** The catalogue's consumable (supply): issued from stock by FEFO at dispatch; null: lot data typed in. */
  consumableId: z.number().nullable(),
  size: z.string().nullable(),
  vendor: z.string().nullable(),
  unit: z.string(),
  quantityPerKit: z.number().nullable(),
  pictureFileId: z.number().nullable(),
  scopeOfUse: z.string().nullable(),
  /** Kits ordered (kit lines) or quantity (loose lines). */
  kitAmount: z.number(),
  deliveryModel: z.string().nullable(),
  lotNumber: z.string().nullable(),
  outboundQuantity: z.number().nullable(),
  expiryDate: z.string().nullable(),
  certificateFileId: z.number().nullable(),
  hopedArrivalDate: z.string().nullable(),
  note: z.string().nullable(),
});

export const consumableOrderDetail = consumableOrderRow.extend({
  receiveAddress: contactRow,
  addressId: z.number().nullable(),
  hopedArrivalDate: z.string().nullable(),
  note: z.string().nullable(),
  cancelReason: z.string().nullable(),
  dispatcherName: z.string().nullable(),
  dispatchTime: z.string().nullable(),
  receivedByName: z.string().nullable(),
  receivedAt: z.string().nullable(),
  lines: z.array(orderLineRow),
  events: z.array(eventRow),
});
export type ConsumableOrderDetail = z.infer<typeof consumableOrderDetail>;

const kitLineInput = z.object({
  kitId: id,
  kitAmount: z.number().int().min(1).max(9999),
  hopedArrivalDate: optionalDate,
  note: optional(PORTAL_LIMITS.note),
});
const looseLineInput = z.object({
  consumableName: z.string().trim().min(1).max(64),
  size: optional(32),
  vendor: optional(64),
  unit: z.string().trim().min(1).max(16),
  quantity: z.number().int().min(1).max(99_999),
  hopedArrivalDate: optionalDate,
  note: optional(PORTAL_LIMITS.note),
});
const orderFields = z.object({
  projectId: id,
  siteId: id,
  /** Chosen from the address book (copied into the order) or typed in. */
  addressId: id.nullish(),
  receiveAddress: z.object(contactFields),
  expectedShipDate: optionalDate,
  hopedArrivalDate: optionalDate,
  note: optional(PORTAL_LIMITS.note),
  kits: z.array(kitLineInput).max(50).default([]),
  loose: z.array(looseLineInput).max(100).default([]),
});
const hasLines = (o: { kits: unknown[]; loose: unknown[] }) => o.kits.length + o.loose.length > 0;
const linesMessage = { message: 'validation.orderLines', path: ['kits'] };
const orderInput = orderFields.refine(hasLines, linesMessage);
const orderUpdate = orderFields.extend({ id, version }).refine(hasLines, linesMessage);

const versionBody = z.object({ version });

export const kitRow = z.object({
  id: z.number(),
  projectId: z.number(),
  name: z.string(),
  deliveryModel: z.string().nullable(),
  /** For the site asked about: pending or confirmed (only confirmed kits can be applied for). */
  supplyStatus: z.enum(KIT_SUPPLY_STATES).nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      consumableName: z.string(),
      size: z.string().nullable(),
      vendor: z.string().nullable(),
      unit: z.string(),
      quantityPerKit: z.number(),
      pictureFileId: z.number().nullable(),
      scopeOfUse: z.string().nullable(),
      ...catalogueEnglish,
    }),
  ),
});

export const kitSupplyRow = z.object({
  id: z.number(),
  kitId: z.number(),
  kitName: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  siteNo: z.string(),
  siteName: z.string(),
  status: z.enum(KIT_SUPPLY_STATES),
  itemCount: z.number(),
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  version: z.number(),
});

/** One line of an application with its order's identity (consumables detail table). */
export const orderLineReportRow = orderLineRow.extend({
  orderId: z.number(),
  orderNo: z.string(),
  projectNo: z.string(),
  siteNo: z.string(),
  siteName: z.string(),
  status: state,
  applicantName: z.string(),
  applyTime: z.string(),
  courier: z.string().nullable(),
  expressNo: z.string().nullable(),
  dispatchTime: z.string().nullable(),
});

export const consumable = defineGroup('consumable', {
  linePaging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/consumable/order/line/paging',
    summary: 'Consumables detail table: every line of the applications of my sites, with filters',
    access: { permission: 'web:consumables-apply-report:page' },
    mutates: false,
    paged: true,
    body: z.object({ ...listFilters, consumableName: z.string().trim().max(64).optional() }),
    data: z.array(orderLineReportRow),
  }),
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/consumable/order/paging',
    summary: 'Consumable applications of my sites, newest first, with filters',
    access: { permission: CONSUMABLE_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object(listFilters),
    data: z.array(consumableOrderRow),
  }),
  auditPaging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/consumable/order/audit/paging',
    summary: 'Consumables audit: pending review (submitted) or reviewed (passed or rejected by anyone)',
    access: { permission: CONSUMABLE_PERMISSIONS.auditPage },
    mutates: false,
    paged: true,
    body: z.object({ ...listFilters, tab: z.enum(['pending', 'reviewed']) }),
    data: z.array(consumableOrderRow),
  }),
  staffPaging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/consumable/order/staff/paging',
    summary: 'Internal staff: applications of the projects in scope (dispatch list)',
    access: { permission: CONSUMABLE_PERMISSIONS.staffPage },
    mutates: false,
    paged: true,
    body: z.object(listFilters),
    data: z.array(consumableOrderRow),
  }),
  export: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/consumable/order/export',
    summary: 'The filtered applications as an xlsx workbook (binary body, not an envelope)',
    access: { permission: CONSUMABLE_PERMISSIONS.export },
    mutates: false,
    body: z.object({ ...listFilters, size: z.number().int().min(1).max(10_000).default(10_000) }),
    data: z.unknown(),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/consumable/order/{id}',
    summary: 'One application with its lines and the record of every transition',
    access: 'authenticated',
    mutates: false,
    params: idParams,
    data: consumableOrderDetail,
  }),
  distributionList: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/consumable/order/{id}/distribution-list',
    summary: 'Lines of one application with the dispatch data (lot, outbound quantity, expiry, certificate)',
    access: 'authenticated',
    mutates: false,
    params: idParams,
    data: z.array(orderLineRow),
  }),
  dispatchNote: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/consumable/order/{id}/dispatch-note',
    summary: 'The dispatch note (PDF) of a dispatched application of my sites (binary body, not an envelope)',
    access: { permission: CONSUMABLE_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
  staffDispatchNote: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/consumable/order/staff/{id}/dispatch-note',
    summary:
      'Internal staff: the dispatch note (PDF) of a dispatched application of my projects (binary body, not an envelope)',
    access: { permission: CONSUMABLE_PERMISSIONS.staffPage },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/consumable/order',
    summary: 'Submit a consumable application (kits confirmed for the site and/or loose items)',
    access: { permission: CONSUMABLE_PERMISSIONS.create },
    mutates: true,
    body: orderInput,
    data: consumableOrderDetail,
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/consumable/order',
    summary: 'Edit my application (submitted, withdrawn or rejected); it is submitted for review again',
    access: { permission: CONSUMABLE_PERMISSIONS.update },
    mutates: true,
    body: orderUpdate,
    data: consumableOrderDetail,
  }),
  revoke: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/consumable/order/revoke',
    summary: 'Withdraw my application before it is reviewed (it can be edited and resubmitted)',
    access: { permission: CONSUMABLE_PERMISSIONS.revoke },
    mutates: true,
    body: z.object({ id, version }),
    data: consumableOrderDetail,
  }),
  cancel: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/consumable/order/{id}/cancel',
    summary: 'Cancel my application before dispatch (final; optional reason up to 255)',
    access: { permission: CONSUMABLE_PERMISSIONS.cancel },
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: optional(PORTAL_LIMITS.cancelReason) }),
    data: consumableOrderDetail,
  }),
  confirmReceive: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/consumable/order/{id}/confirm/receive',
    summary: 'Confirm receipt of a dispatched application',
    access: { permission: CONSUMABLE_PERMISSIONS.receive },
    mutates: true,
    params: idParams,
    body: versionBody,
    data: consumableOrderDetail,
  }),
  audit: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/consumable/order/{id}/audit',
    summary: "Site audit: pass, or reject with a reason (<= 255); never one's own application",
    access: { permission: CONSUMABLE_PERMISSIONS.audit },
    mutates: true,
    params: idParams,
    body: z
      .object({ version, pass: z.boolean(), reason: optional(PORTAL_LIMITS.rejectReason) })
      .refine((b) => b.pass || (b.reason !== null && b.reason.length > 0), {
        message: 'validation.reasonRequired',
        path: ['reason'],
      }),
    data: consumableOrderDetail,
  }),
  dispatch: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/consumable/order/{id}/dispatch',
    summary:
      'Internal staff: dispatch an approved application: catalogue lines issued from stock by FEFO, the lot, expiry and certificate typed for the others',
    access: { permission: CONSUMABLE_PERMISSIONS.dispatch },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      /** Value of the courier dictionary (COURIER_DICT). */
      courier: z.string().trim().min(1).max(32),
      expressNo: z
        .string()
        .trim()
        .min(4)
        .max(32)
        .regex(/^[A-Za-z0-9-]+$/),
      /** The lines without a catalogue consumable (those are picked from stock by FEFO). */
      lines: z
        .array(
          z.object({
            lineId: id,
            lotNumber: z.string().trim().min(1).max(32),
            outboundQuantity: z.number().int().min(0).max(99_999),
            expiryDate: dateString,
            certificateFileId: fileId.nullish(),
          }),
        )
        .max(500)
        .default([]),
    }),
    data: consumableOrderDetail,
  }),
  /** SPEC: POST /sys/planconsumsuit/{id}: the kits of project {id}, with their supply status for a site. */
  planKits: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/sys/planconsumsuit/{id}',
    summary: 'Kits of a project (id = project id) with their items and the supply status for siteId',
    access: 'authenticated',
    mutates: false,
    params: idParams,
    body: z.object({ siteId: id.optional() }),
    data: z.array(kitRow),
  }),
  kitSupplyPaging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/consumable/kit-supply/paging',
    summary: 'Kit supply confirmation of my sites: to be confirmed or confirmed',
    access: { permission: KIT_SUPPLY_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, tab: z.enum(KIT_SUPPLY_STATES), projectId: id.optional() }),
    data: z.array(kitSupplyRow),
  }),
  kitSupplyConfirm: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/consumable/kit-supply/{id}/confirm',
    summary: 'Confirm the supply of a kit to my site (then it can be applied for)',
    access: { permission: KIT_SUPPLY_PERMISSIONS.confirm },
    mutates: true,
    params: idParams,
    body: versionBody,
    data: kitSupplyRow,
  }),
});
