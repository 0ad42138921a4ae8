import { COURIER_DICT, endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { printContext } from '../../documents/document.js';
import { download } from '../../lib/download.js';
import { registerGroup } from '../../lib/route.js';
import { assertInScope } from '../../lib/scope.js';
import { nextNumber, recordEvent } from '../../lib/workflow.js';
import { dictLabels } from '../../services/dictionaries.js';
import { checkedSite } from '../../services/scope.js';
import { receiptsZip } from './receipts.js';
import {
  insertShipment,
  pageItems,
  pageShipments,
  replaceSamples,
  shipmentDetail,
  shipmentDetails,
  shipmentHead,
  temperatureFileNames,
  temperatureList,
  WORKFLOW_ID,
} from './repository.js';
import { assertAllFound, checkSamples, fire } from './service.js';

const { sampleTransport } = endpoints;

/** Sample shipments the sites book: the booking, its pickup, cancellation and printed receipts. */
export async function transportRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, sampleTransport, {
    temperatures: async (ctx) => temperatureList(ctx.db),
    itemPaging: async (ctx) => pageItems(ctx.db, await ctx.scope(), ctx.body, ctx.lang),
    paging: async (ctx) => pageShipments(ctx.db, await ctx.scope(), ctx.body, ctx.lang),
    get: async (ctx) => {
      assertInScope(await ctx.scope(), await shipmentHead(ctx.db, ctx.params.id));
      return shipmentDetail(ctx.db, ctx.params.id, ctx.lang);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const { samples, backupContact, ...body } = ctx.body;
      await checkedSite(ctx.db, await ctx.scope(), body.projectId, body.siteId);
      const temperatureId = await checkSamples(ctx.db, samples);
      const orderNo = await nextNumber(ctx.db, 'ST', ctx.now, ctx.timeZone);
      const id = await insertShipment(ctx.db, {
        ...body,
        orderNo,
        status: 'booked',
        temperatureId,
        backupContact,
        bookSendTime: new Date(body.bookSendTime),
        lang: ctx.lang,
        createdBy: p.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await replaceSamples(ctx.db, id, samples);
      await recordEvent(ctx.db, {
        workflow: WORKFLOW_ID,
        recordId: id,
        action: 'book',
        fromState: null,
        toState: 'booked',
        userId: p.userId,
        at: ctx.now,
      });
      const detail = await shipmentDetail(ctx.db, id, ctx.lang);
      ctx.audit({
        action: 'sampleTransport.create',
        entity: 'sampleTransport',
        entityId: id,
        newValue: detail,
      });
      return detail;
    },
    update: async (ctx) => {
      const scope = await ctx.scope();
      const { id, version, samples, backupContact, ...body } = ctx.body;
      assertInScope(scope, await shipmentHead(ctx.db, id));
      await checkedSite(ctx.db, scope, body.projectId, body.siteId);
      const temperatureId = await checkSamples(ctx.db, samples);
      const patch = { ...body, temperatureId, backupContact, bookSendTime: new Date(body.bookSendTime) };
      await fire(ctx, ctx.principal, scope, { id, version, action: 'edit' }, patch);
      await replaceSamples(ctx.db, id, samples);
      return shipmentDetail(ctx.db, id, ctx.lang);
    },
    cancel: async (ctx) => {
      const p = ctx.principal;
      const { version, reason } = ctx.query;
      const input = { id: ctx.params.id, version, action: 'cancel', reason } as const;
      const patch = { cancelledBy: p.userId, cancelTime: ctx.now, cancelReason: reason };
      await fire(ctx, p, await ctx.scope(), input, patch);
      return shipmentDetail(ctx.db, ctx.params.id, ctx.lang);
    },
    pickup: async (ctx) => {
      const p = ctx.principal;
      const { version, courier, expressNo } = ctx.body;
      const input = { id: ctx.params.id, version, action: 'pickup' } as const;
      const patch = { courier, expressNo, dispatcherId: p.userId, dispatchTime: ctx.now };
      await fire(ctx, p, await ctx.scope(), input, patch);
      return shipmentDetail(ctx.db, ctx.params.id, ctx.lang);
    },
    receipts: async (ctx) => {
      const scope = await ctx.scope();
      const ids = [...new Set(ctx.body.ids)];
      const found = await shipmentDetails(ctx.db, ids, ctx.lang);
      assertAllFound(found, ids);
      for (const s of found) assertInScope(scope, s);
      const files = await temperatureFileNames(ctx.db, found);
      const couriers = await dictLabels(ctx.db, COURIER_DICT, ctx.lang);
      const print = printContext(ctx);
      const receipts = found.map((s) => ({
        ...s,
        temperatureFiles: files.get(s.id) ?? [],
        courierName: s.courier && (couriers.get(s.courier) ?? s.courier),
      }));
      const zip = await receiptsZip(receipts, print);
      const name = `shipment-receipts-${print.time.date(ctx.now)}.zip`;
      return download({ name, mime: 'application/zip', content: zip });
    },
  });
}
