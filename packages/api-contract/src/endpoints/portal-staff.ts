// Staff screens of the portal workflows: sample shipments awaiting pick-up (/express/mail) and the
// distribution list of a logistics order (SPEC section 7).
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, pageFields } from '../schemas.js';
import { SAMPLE_SHIPMENT_STATES } from '../workflows/sample-shipment.js';
import { orderLineRow } from './portal-consumables.js';
import { shipmentDetail, shipmentRow } from './portal-transport.js';

export const MAIL_PERMISSIONS = { page: 'express:mail:page', query: 'express:mail:query' } as const;

/** A line of a logistics order: the application it belongs to, then the line with its dispatch data. */
export const logisticsLineRow = orderLineRow.extend({
  orderId: z.number(),
  orderNo: z.string(),
  siteNo: z.string(),
  siteName: z.string(),
});

export const staffShipment = defineGroup('staffShipment', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/plan/sampletransport/staff/paging',
    summary: 'Staff (express/mail): bookings of my projects, oldest pick-up first, booked ones by default',
    access: { permission: MAIL_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      orderNo: z.string().trim().max(32).optional(),
      projectId: id.optional(),
      siteId: id.optional(),
      status: z.array(z.enum(SAMPLE_SHIPMENT_STATES)).max(SAMPLE_SHIPMENT_STATES.length).optional(),
      expressNo: z.string().trim().max(32).optional(),
    }),
    data: z.array(shipmentRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/plan/sampletransport/staff/{id}',
    summary: 'Staff (express/mail): one booking of my projects',
    access: { permission: MAIL_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    data: shipmentDetail,
  }),
});

export const logisticsOrder = defineGroup('logisticsOrder', {
  /**
   * SPEC: GET /consumable/order/{id}/distriListByLogisticsOrderId. A logistics order is one
   * dispatch (courier + waybill); {id} is any application shipped with it. Answers every line of
   * every application in the caller's scope that went out under the same courier and waybill.
   */
  distributionList: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/consumable/order/{id}/distriListByLogisticsOrderId',
    summary:
      'Distribution list of the logistics order (courier + waybill) application {id} was dispatched with',
    access: 'authenticated',
    mutates: false,
    params: idParams,
    data: z.object({
      courier: z.string().nullable(),
      expressNo: z.string().nullable(),
      lines: z.array(logisticsLineRow),
    }),
  }),
});
