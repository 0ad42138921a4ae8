// /express/edit-check: logistics staff correct a site's sample-shipment booking before pick-up
// (samples, pick-up time, contacts) with a reason the site sees. The fields and their limits are
// the booking's own (portal-transport.ts); the server applies the booking's temperature rule.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { idParams, version } from '../schemas.js';
import { SHIPMENT_PERMISSIONS } from '../workflows/sample-shipment.js';
import { PORTAL_LIMITS } from './portal-fields.js';
import { shipmentDetail, shipmentFields } from './portal-transport.js';

/** What staff may correct: the booking's samples, pick-up time and contacts, nothing else. */
export const shipmentCorrectionFields = shipmentFields
  .pick({ samples: true, bookSendTime: true, sender: true, consignee: true, backupContact: true })
  .extend({
    version,
    /** Shown to the site on its booking and in the message it is sent. */
    reason: z.string().trim().min(1).max(PORTAL_LIMITS.cancelReason),
  });

export const shipmentCorrection = defineGroup('shipmentCorrection', {
  correct: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/plan/sampletransport/staff/{id}/correct',
    summary:
      'Staff (express/edit-check): correct a booking of my projects before pick-up (samples, pick-up time, contacts) with a reason the site sees',
    access: { permission: SHIPMENT_PERMISSIONS.correct },
    mutates: true,
    params: idParams,
    body: shipmentCorrectionFields,
    data: shipmentDetail,
  }),
});
