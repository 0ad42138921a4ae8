import {
  endpoints,
  type ReceiptDetail,
  type ReceiptShipment,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { t } from '../../lib/i18n.js';
import { Page, registerGroup, type SessionCtx } from '../../lib/route.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { actorOf, assertTransition, recordEvent } from '../../lib/workflow.js';
import { raiseQuery } from '../clarification/repository.js';
import { expiriesOfLotNo } from '../supply/repository.js';
import { receiptBarcodeRoutes } from './barcode-check.js';
import {
  deleteImage,
  fileMime,
  imageById,
  imagesOf,
  insertImage,
  insertReceipt,
  knownReasons,
  lineConditions,
  linkQuery,
  markReceived,
  pageShipments,
  shipmentDetail,
  shipmentInScope,
} from './repository.js';
import {
  assertEveryLineOnce,
  assertExpiredKitsExcepted,
  assertImage,
  assertOpen,
  assertReasonsKnown,
  assertWaybill,
  type ColdChainCheck,
  coldChainCheck,
  exceptionReasons,
  type KitCheck,
  kitCheck,
  receivedLines,
} from './service.js';

/** Dictionary 1020 value "sample issue": the type of the queries the cold-chain check raises. */
const SAMPLE_ISSUE_QUERY_TYPE = '3';

const api = endpoints.receipt;

type Line = { itemId: number; temperatureCelsius?: number | null | undefined };
type KitLine = Line & { kitLotNo?: string | null | undefined; collectedOn?: string | null | undefined };

/** The cold-chain check of every line read at receipt, by line. */
async function coldChainChecks(db: Executor, shipment: ReceiptShipment, samples: Line[]) {
  const checks = new Map<number, ColdChainCheck & { sampleTypeName: string }>();
  if (!samples.some((s) => s.temperatureCelsius != null)) return checks;
  const conditions = new Map((await lineConditions(db, shipment)).map((c) => [c.itemId, c]));
  for (const s of samples) {
    const line = conditions.get(s.itemId);
    if (s.temperatureCelsius == null || !line) continue;
    const check = coldChainCheck(s.temperatureCelsius, line.booked, line.planned);
    checks.set(s.itemId, { ...check, sampleTypeName: line.sampleTypeName });
  }
  return checks;
}

/**
 * Every kit lot the desk read, checked against its line's collection day (else today): refused when
 * the ledger does not know the lot no. or the day is after today.
 */
async function kitChecks(ctx: SessionCtx, detail: ReceiptDetail, samples: KitLine[]) {
  const checks = new Map<number, KitCheck & { sampleTypeName: string }>();
  const today = zonedTime(ctx).date(ctx.now);
  for (const s of samples) {
    if (!s.kitLotNo) continue;
    const check = kitCheck(s.kitLotNo, await expiriesOfLotNo(ctx.db, s.kitLotNo), s.collectedOn, today);
    const sampleTypeName = detail.samples.find((d) => d.itemId === s.itemId)?.sampleTypeName ?? '';
    checks.set(s.itemId, { ...check, sampleTypeName });
  }
  return checks;
}

/**
 * A query to the site for each line out of range or collected in an expired kit, naming the sample
 * and what is wrong (the same raise as the staff form's, by the desk user), linked to the shipment
 * and the receipt line: one query a line, saying both when both happened.
 */
async function raiseLineQueries(
  ctx: SessionCtx,
  shipment: ReceiptShipment,
  samples: KitLine[],
  checks: ReadonlyMap<number, ColdChainCheck & { sampleTypeName: string }>,
  kits: ReadonlyMap<number, KitCheck & { sampleTypeName: string }>,
) {
  const raised: string[] = [];
  for (const s of samples) {
    const check = checks.get(s.itemId);
    const kit = kits.get(s.itemId);
    const contents: string[] = [];
    if (check?.breach && s.temperatureCelsius != null)
      contents.push(
        t(ctx.lang, 'receiptColdChainQuery', {
          orderNo: shipment.orderNo,
          sampleType: check.sampleTypeName,
          reading: s.temperatureCelsius,
          range: check.range,
        }),
      );
    if (kit?.expired)
      contents.push(
        t(ctx.lang, 'receiptKitExpiredQuery', {
          orderNo: shipment.orderNo,
          sampleType: kit.sampleTypeName,
          date: kit.checkedOn,
          lot: kit.lotNo,
          expiry: kit.expiryDate,
        }),
      );
    if (contents.length === 0) continue;
    const values = {
      projectId: shipment.projectId,
      siteId: shipment.siteId,
      // A shipment line names no subject or visit: the query is about the shipment's samples.
      subjectNo: '-',
      queryType: SAMPLE_ISSUE_QUERY_TYPE,
      content: contents.join('\n'),
      needsClarification: true,
      raisedBy: ctx.principal.userId,
      raisedAt: ctx.now,
    };
    const query = await raiseQuery(ctx.db, values, shipment.id, ctx.timeZone);
    await linkQuery(ctx.db, shipment.id, s.itemId, query.id);
    ctx.audit({
      action: 'clarification.create',
      entity: 'clarificationQuery',
      entityId: query.id,
      newValue: {
        ...values,
        transportId: shipment.id,
        itemId: s.itemId,
        reading: s.temperatureCelsius ?? null,
        kitLotNo: kit?.expired ? kit.lotNo : null,
      },
    });
    raised.push(query.queryNo);
  }
  return raised;
}

/** The receipt desk: shipments on their way, their photos, and receiving them sample line by line. */
export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  await receiptBarcodeRoutes(app); // kit and tube codes scanned at the desk
  registerGroup(app, api, {
    paging: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      const { rows, total } = await pageShipments(ctx.db, await ctx.scope(), filter, page, size, ctx.lang);
      return new Page(rows, total);
    },
    lookup: async (ctx) => {
      const shipment = await shipmentInScope(
        ctx.db,
        await ctx.scope(),
        { keyword: ctx.query.keyword },
        ctx.lang,
      );
      return shipmentDetail(ctx.db, shipment, ctx.lang);
    },
    get: async (ctx) => {
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id }, ctx.lang);
      return shipmentDetail(ctx.db, shipment, ctx.lang);
    },
    attachImage: async (ctx) => {
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id }, ctx.lang);
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
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: image.transportId }, ctx.lang);
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
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id }, ctx.lang);
      const actor = actorOf(p, null);
      const to = assertTransition(ctx.lang, sampleShipmentWorkflow, shipment.status, 'sign', actor);
      const detail = await shipmentDetail(ctx.db, shipment, ctx.lang);
      assertEveryLineOnce(
        samples.map((s) => s.itemId),
        detail.samples.map((s) => s.itemId),
      );
      const reasons = exceptionReasons(samples);
      assertReasonsKnown(reasons, await knownReasons(ctx.db, reasons));
      assertWaybill(detail.images);
      // Collected in an expired kit: only as an exception with its reason (docs/express.md).
      const kits = await kitChecks(ctx, detail, samples);
      assertExpiredKitsExcepted(samples, kits);
      const temperatureFileIds = detail.images.filter((i) => i.kind === 'temperature').map((i) => i.fileId);
      const signed = { status: to, signerId: p.userId, signedAt: ctx.now, temperatureFileIds };
      const updated = await markReceived(ctx.db, shipment.id, version, signed, ctx.now);
      if (!updated) throw staleOrMissing(true);
      const checks = await coldChainChecks(ctx.db, shipment, samples);
      const received = { transportId: shipment.id, receivedBy: p.userId, receivedAt: ctx.now };
      const lines = receivedLines(ctx.lang, actor, samples, received, checks, kits);
      await insertReceipt(ctx.db, { ...received, remark }, lines);
      const queries = await raiseLineQueries(ctx, shipment, samples, checks, kits);
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
        newValue: { status: to, samples, remark, queries },
      });
      return { version: updated.version };
    },
    kitLot: async (ctx) => {
      await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id }, ctx.lang);
      const { lotNo, collectedOn } = ctx.query;
      const expiries = await expiriesOfLotNo(ctx.db, lotNo);
      const today = zonedTime(ctx).date(ctx.now);
      if (expiries.length === 0)
        return { lotNo, known: false, expiryDate: null, checkedOn: collectedOn ?? today, expired: false };
      const check = kitCheck(lotNo, expiries, collectedOn, today);
      return { known: true, ...check };
    },
  });
}
