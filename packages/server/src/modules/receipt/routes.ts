import {
  endpoints,
  RECEIPT_EXCEPTION_DICT,
  type ReceiptShipment,
  ResultCode,
  sampleReceiptWorkflow,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dictData, files } from '../../db/schema.js';
import { receiptImages, receiptSamples, receipts } from '../../db/schema-lab.js';
import { sampleTransports } from '../../db/schema-portal.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { Page, registerGroup } from '../../lib/route.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { actorOf, assertTransition, recordEvent } from '../../lib/workflow.js';
import { assertInScope } from '../portal/scope.js';
import { findShipment, imagesOf, pageShipments, shipmentDetail } from './repository.js';

const api = endpoints.receipt;
const IMAGE_MIMES = new Set(['image/jpeg', 'image/png']);

/** Images and sample receipts can change only while the shipment awaits receipt. */
function assertOpen(shipment: ReceiptShipment): void {
  if (shipment.status !== 'picked_up') throw new ApiError(ResultCode.INVALID_STATE, { key: 'receiptClosed' });
}

export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, ...filter } = ctx.body;
      const { rows, total } = await pageShipments(ctx.db, scope, filter, page, size);
      return new Page(rows, total);
    },
    lookup: async (ctx) => {
      const scope = await ctx.scope();
      const shipment = await findShipment(ctx.db, { keyword: ctx.query.keyword });
      if (!shipment) throw notFound();
      assertInScope(scope, shipment);
      return shipmentDetail(ctx.db, shipment);
    },
    get: async (ctx) => {
      const scope = await ctx.scope();
      const shipment = await findShipment(ctx.db, { id: ctx.params.id });
      if (!shipment) throw notFound();
      assertInScope(scope, shipment);
      return shipmentDetail(ctx.db, shipment);
    },
    attachImage: async (ctx) => {
      const p = ctx.principal;
      const shipment = await findShipment(ctx.db, { id: ctx.params.id });
      if (!shipment) throw notFound();
      assertInScope(await ctx.scope(), shipment);
      assertOpen(shipment);
      const [file] = await ctx.db
        .select({ mime: files.mime })
        .from(files)
        .where(eq(files.id, ctx.body.fileId));
      if (!file)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'labFileMissing',
          params: { id: ctx.body.fileId },
        });
      if (!IMAGE_MIMES.has(file.mime)) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'receiptNotImage' });
      const [row] = await ctx.db
        .insert(receiptImages)
        .values({
          transportId: shipment.id,
          fileId: ctx.body.fileId,
          kind: ctx.body.kind,
          capturedBy: p.userId,
          capturedAt: ctx.now,
        })
        .returning({ id: receiptImages.id });
      if (!row) throw new Error('insert returned nothing');
      ctx.audit({
        action: 'receipt.attachImage',
        entity: 'sampleTransport',
        entityId: shipment.id,
        newValue: { imageId: row.id, ...ctx.body },
      });
      const [image] = await imagesOf(ctx.db, shipment.id, row.id);
      if (!image) throw new Error('image vanished');
      return image;
    },
    removeImage: async (ctx) => {
      const [image] = await ctx.db.select().from(receiptImages).where(eq(receiptImages.id, ctx.params.id));
      if (!image) throw notFound();
      const shipment = await findShipment(ctx.db, { id: image.transportId });
      if (!shipment) throw notFound();
      assertInScope(await ctx.scope(), shipment);
      assertOpen(shipment);
      await ctx.db.delete(receiptImages).where(eq(receiptImages.id, image.id));
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
      const shipment = await findShipment(ctx.db, { id: ctx.params.id });
      if (!shipment) throw notFound();
      assertInScope(await ctx.scope(), shipment);
      const actor = actorOf(p, null);
      const to = assertTransition(ctx.lang, sampleShipmentWorkflow, shipment.status, 'sign', actor);
      const detail = await shipmentDetail(ctx.db, shipment);

      // Every sample line exactly once.
      const given = ctx.body.samples.map((s) => s.itemId);
      const lines = new Set(detail.samples.map((s) => s.itemId));
      const odd = [
        ...given.filter((id, i) => !lines.has(id) || given.indexOf(id) !== i),
        ...[...lines].filter((id) => !given.includes(id)),
      ];
      if (odd.length > 0) {
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'receiptSamplesMismatch',
          params: { items: [...new Set(odd)].join(', ') },
        });
      }
      const reasons = [
        ...new Set(
          ctx.body.samples.flatMap((s) =>
            s.quality === 'exception' && s.exceptionReason ? [s.exceptionReason] : [],
          ),
        ),
      ];
      if (reasons.length > 0) {
        const known = await ctx.db
          .select({ value: dictData.value })
          .from(dictData)
          .where(
            and(
              eq(dictData.dictNo, RECEIPT_EXCEPTION_DICT),
              eq(dictData.status, 1),
              inArray(dictData.value, reasons),
            ),
          );
        const bad = reasons.filter((r) => !known.some((k) => k.value === r));
        if (bad.length > 0)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'receiptReasonInvalid',
            params: { reason: bad.join(', ') },
          });
      }
      if (!detail.images.some((image) => image.kind === 'waybill')) {
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'receiptWaybillRequired' });
      }

      const [updated] = await ctx.db
        .update(sampleTransports)
        .set({
          status: to,
          signerId: p.userId,
          signedAt: ctx.now,
          temperatureFileIds: detail.images.filter((i) => i.kind === 'temperature').map((i) => i.fileId),
          version: sql`${sampleTransports.version} + 1`,
          updatedAt: ctx.now,
        })
        .where(and(eq(sampleTransports.id, shipment.id), eq(sampleTransports.version, ctx.body.version)))
        .returning({ version: sampleTransports.version });
      if (!updated) throw staleOrMissing(true);

      await ctx.db.insert(receipts).values({
        transportId: shipment.id,
        receivedBy: p.userId,
        receivedAt: ctx.now,
        remark: ctx.body.remark ?? null,
      });
      await ctx.db.insert(receiptSamples).values(
        ctx.body.samples.map((s) => ({
          transportId: shipment.id,
          itemId: s.itemId,
          state: assertTransition(
            ctx.lang,
            sampleReceiptWorkflow,
            'awaiting',
            s.quality === 'exception' ? 'receiveWithException' : 'receive',
            actor,
          ),
          receivedQuantity: s.receivedQuantity,
          exceptionReason: s.quality === 'exception' ? (s.exceptionReason ?? null) : null,
          remark: s.remark ?? null,
          receivedBy: p.userId,
          receivedAt: ctx.now,
        })),
      );
      await recordEvent(ctx.db, {
        workflow: sampleShipmentWorkflow.id,
        recordId: shipment.id,
        action: 'sign',
        fromState: shipment.status,
        toState: to,
        userId: p.userId,
        at: ctx.now,
        reason: ctx.body.remark ?? null,
      });
      ctx.audit({
        action: 'receipt.receive',
        entity: 'sampleTransport',
        entityId: shipment.id,
        oldValue: { status: shipment.status },
        newValue: { status: to, samples: ctx.body.samples, remark: ctx.body.remark ?? null },
      });
      return { version: updated.version };
    },
  });
}
