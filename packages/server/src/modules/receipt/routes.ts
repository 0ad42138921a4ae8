import { endpoints, sampleShipmentWorkflow } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { Page, registerGroup } from '../../lib/route.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { actorOf, assertTransition, recordEvent } from '../../lib/workflow.js';
import {
  deleteImage,
  fileMime,
  imageById,
  imagesOf,
  insertImage,
  insertReceipt,
  knownReasons,
  markReceived,
  pageShipments,
  shipmentDetail,
  shipmentInScope,
} from './repository.js';
import {
  assertEveryLineOnce,
  assertImage,
  assertOpen,
  assertReasonsKnown,
  assertWaybill,
  exceptionReasons,
  receivedLines,
} from './service.js';

const api = endpoints.receipt;

/** The receipt desk: shipments on their way, their photos, and receiving them sample line by line. */
export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      const { rows, total } = await pageShipments(ctx.db, await ctx.scope(), filter, page, size);
      return new Page(rows, total);
    },
    lookup: async (ctx) => {
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { keyword: ctx.query.keyword });
      return shipmentDetail(ctx.db, shipment);
    },
    get: async (ctx) => {
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id });
      return shipmentDetail(ctx.db, shipment);
    },
    attachImage: async (ctx) => {
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id });
      assertOpen(shipment);
      const { fileId, kind } = ctx.body;
      assertImage(await fileMime(ctx.db, fileId));
      const values = {
        transportId: shipment.id,
        fileId,
        kind,
        capturedBy: ctx.principal.userId,
        capturedAt: ctx.now,
      };
      const imageId = await insertImage(ctx.db, values);
      ctx.audit({
        action: 'receipt.attachImage',
        entity: 'sampleTransport',
        entityId: shipment.id,
        newValue: { imageId, ...ctx.body },
      });
      const [image] = await imagesOf(ctx.db, shipment.id, imageId);
      if (!image) throw new Error('image vanished');
      return image;
    },
    removeImage: async (ctx) => {
      const image = await imageById(ctx.db, ctx.params.id);
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: image.transportId });
      assertOpen(shipment);
      await deleteImage(ctx.db, image.id);
      ctx.audit({
        action: 'receipt.removeImage',
        entity: 'sampleTransport',
        entityId: shipment.id,
        oldValue: image,
      });
      return null;
    },
    receive: async (ctx) => {
      const p = ctx.principal;
      const { samples, remark = null, version } = ctx.body;
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id });
      const actor = actorOf(p, null);
      const to = assertTransition(ctx.lang, sampleShipmentWorkflow, shipment.status, 'sign', actor);
      const detail = await shipmentDetail(ctx.db, shipment);
      assertEveryLineOnce(
        samples.map((s) => s.itemId),
        detail.samples.map((s) => s.itemId),
      );
      const reasons = exceptionReasons(samples);
      assertReasonsKnown(reasons, await knownReasons(ctx.db, reasons));
      assertWaybill(detail.images);
      const temperatureFileIds = detail.images.filter((i) => i.kind === 'temperature').map((i) => i.fileId);
      const signed = { status: to, signerId: p.userId, signedAt: ctx.now, temperatureFileIds };
      const updated = await markReceived(ctx.db, shipment.id, version, signed, ctx.now);
      if (!updated) throw staleOrMissing(true);
      const received = { transportId: shipment.id, receivedBy: p.userId, receivedAt: ctx.now };
      await insertReceipt(ctx.db, { ...received, remark }, receivedLines(ctx.lang, actor, samples, received));
      await recordEvent(ctx.db, {
        workflow: sampleShipmentWorkflow.id,
        recordId: shipment.id,
        action: 'sign',
        fromState: shipment.status,
        toState: to,
        userId: p.userId,
        at: ctx.now,
        reason: remark,
      });
      ctx.audit({
        action: 'receipt.receive',
        entity: 'sampleTransport',
        entityId: shipment.id,
        oldValue: { status: shipment.status },
        newValue: { status: to, samples, remark },
      });
      return { version: updated.version };
    },
  });
}
