import {
  endpoints,
  ResultCode,
  type SampleShipmentAction,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { sampleTypes, temperatures } from '../../db/schema.js';
import { sampleTransportItems, sampleTransports } from '../../db/schema-portal.js';
import { sendDownload } from '../../lib/download.js';
import { ApiError } from '../../lib/errors.js';
import { Page, type Principal, registerGroup, SENT } from '../../lib/route.js';
import { contains } from '../../lib/search.js';
import { zonedTime } from '../../lib/time-zone.js';
import { applyTransition, nextNumber, recordEvent, type TransitionCtx } from '../../lib/workflow.js';
import { assertInScope, checkedSite, type SiteScope, scopeWhere } from '../portal/scope.js';
import { receiptsZip } from './receipts.js';
import {
  pageItems,
  pageShipments,
  shipmentDetail,
  shipmentDetails,
  shipmentHead,
  WORKFLOW_ID,
} from './repository.js';

const { sampleTransport } = endpoints;

interface SampleInput {
  sampleTypeId: number;
  temperatureId: number;
  quantity: number;
  unit: string;
}

/**
 * SPEC section 5: only samples with the same transport temperature go in one shipment. Also checks
 * that every sample type and temperature exists. Answers the shipment's temperature.
 */
export async function checkSamples(db: Executor, samples: SampleInput[]): Promise<number> {
  const temps = new Set(samples.map((s) => s.temperatureId));
  if (temps.size > 1) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'mixedTemperature' });
  const [temperatureId] = [...temps];
  if (temperatureId === undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'samples' } });
  const [temp] = await db
    .select({ id: temperatures.id })
    .from(temperatures)
    .where(eq(temperatures.id, temperatureId));
  if (!temp)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'invalidReference',
      params: { field: 'temperatureId' },
    });
  const typeIds = [...new Set(samples.map((s) => s.sampleTypeId))];
  const types = await db
    .select({ id: sampleTypes.id })
    .from(sampleTypes)
    .where(inArray(sampleTypes.id, typeIds));
  if (types.length !== typeIds.length) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'invalidReference',
      params: { field: 'sampleTypeId' },
    });
  }
  return temperatureId;
}

async function replaceSamples(db: Executor, transportId: number, samples: SampleInput[]) {
  await db.delete(sampleTransportItems).where(eq(sampleTransportItems.transportId, transportId));
  await db.insert(sampleTransportItems).values(samples.map((s, sort) => ({ ...s, transportId, sort })));
}

/** Fires one shipment action: scope by id, then the workflow (portal/workflow.ts). */
async function fire(
  ctx: TransitionCtx,
  principal: Principal,
  scope: SiteScope,
  input: { id: number; version: number; action: SampleShipmentAction; reason?: string | null },
  patch: Partial<typeof sampleTransports.$inferInsert>,
) {
  const head = await shipmentHead(ctx.db, input.id);
  assertInScope(scope, head);
  await applyTransition(
    ctx,
    principal,
    sampleShipmentWorkflow,
    { id: head.id, status: head.status, creatorId: head.createdBy },
    { ...input, patch },
    async (next) => {
      const rows = await ctx.db
        .update(sampleTransports)
        .set({ ...patch, ...next, updatedAt: ctx.now })
        .where(and(eq(sampleTransports.id, input.id), eq(sampleTransports.version, input.version)))
        .returning({ id: sampleTransports.id });
      return rows.length > 0;
    },
  );
}

/** The list filters of bookings (site list and the staff mail list). */
export function shipmentFilter(f: {
  orderNo?: string | undefined;
  expressNo?: string | undefined;
  projectId?: number | undefined;
  siteId?: number | undefined;
  status?: string[] | undefined;
}): SQL | undefined {
  return and(
    f.orderNo ? contains(sampleTransports.orderNo, f.orderNo) : undefined,
    f.expressNo ? contains(sampleTransports.expressNo, f.expressNo) : undefined,
    f.projectId ? eq(sampleTransports.projectId, f.projectId) : undefined,
    f.siteId ? eq(sampleTransports.siteId, f.siteId) : undefined,
    f.status && f.status.length > 0 ? inArray(sampleTransports.status, f.status) : undefined,
  );
}

export async function transportRoutes(app: FastifyInstance): Promise<void> {
  const where = (scope: SiteScope) => scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId);

  registerGroup(app, sampleTransport, {
    temperatures: async (ctx) => ctx.db.select().from(temperatures).orderBy(asc(temperatures.id)),
    itemPaging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, orderNo, projectId, status, sampleTypeId, temperatureId } = ctx.body;
      const r = await pageItems(
        ctx.db,
        and(
          where(scope),
          orderNo ? contains(sampleTransports.orderNo, orderNo) : undefined,
          projectId ? eq(sampleTransports.projectId, projectId) : undefined,
          status && status.length > 0 ? inArray(sampleTransports.status, status) : undefined,
          sampleTypeId ? eq(sampleTransportItems.sampleTypeId, sampleTypeId) : undefined,
          temperatureId ? eq(sampleTransportItems.temperatureId, temperatureId) : undefined,
        ),
        page,
        size,
      );
      return new Page(r.rows, r.total);
    },
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, ...filters } = ctx.body;
      const r = await pageShipments(ctx.db, and(where(scope), shipmentFilter(filters)), page, size);
      return new Page(r.rows, r.total);
    },
    get: async (ctx) => {
      const scope = await ctx.scope();
      assertInScope(scope, await shipmentHead(ctx.db, ctx.params.id));
      return shipmentDetail(ctx.db, ctx.params.id);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { samples, backupContact, ...body } = ctx.body;
      await checkedSite(ctx.db, scope, body.projectId, body.siteId);
      const temperatureId = await checkSamples(ctx.db, samples);
      const orderNo = await nextNumber(ctx.db, 'ST', ctx.now);
      const [row] = await ctx.db
        .insert(sampleTransports)
        .values({
          ...body,
          orderNo,
          status: 'booked',
          temperatureId,
          backupContact,
          bookSendTime: new Date(body.bookSendTime),
          createdBy: p.userId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: sampleTransports.id });
      if (!row) throw new Error('insert returned no row');
      await replaceSamples(ctx.db, row.id, samples);
      await recordEvent(ctx.db, {
        workflow: WORKFLOW_ID,
        recordId: row.id,
        action: 'book',
        fromState: null,
        toState: 'booked',
        userId: p.userId,
        at: ctx.now,
      });
      const detail = await shipmentDetail(ctx.db, row.id);
      ctx.audit({
        action: 'sampleTransport.create',
        entity: 'sampleTransport',
        entityId: row.id,
        newValue: detail,
      });
      return detail;
    },
    update: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { id, version, samples, backupContact, ...body } = ctx.body;
      assertInScope(scope, await shipmentHead(ctx.db, id));
      await checkedSite(ctx.db, scope, body.projectId, body.siteId);
      const temperatureId = await checkSamples(ctx.db, samples);
      await fire(
        ctx,
        p,
        scope,
        { id, version, action: 'edit' },
        {
          ...body,
          temperatureId,
          backupContact,
          bookSendTime: new Date(body.bookSendTime),
        },
      );
      await replaceSamples(ctx.db, id, samples);
      return shipmentDetail(ctx.db, id);
    },
    cancel: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { version, reason } = ctx.query;
      await fire(
        ctx,
        p,
        scope,
        { id: ctx.params.id, version, action: 'cancel', reason },
        {
          cancelledBy: p.userId,
          cancelTime: ctx.now,
          cancelReason: reason,
        },
      );
      return shipmentDetail(ctx.db, ctx.params.id);
    },
    pickup: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { version, courier, expressNo } = ctx.body;
      await fire(
        ctx,
        p,
        scope,
        { id: ctx.params.id, version, action: 'pickup' },
        {
          courier,
          expressNo,
          dispatcherId: p.userId,
          dispatchTime: ctx.now,
        },
      );
      return shipmentDetail(ctx.db, ctx.params.id);
    },
    receipts: async (ctx) => {
      const scope = await ctx.scope();
      const ids = [...new Set(ctx.body.ids)];
      const found = await shipmentDetails(ctx.db, ids);
      if (found.length !== ids.length) throw new ApiError(ResultCode.NOT_FOUND, { key: 'notFound' });
      for (const s of found) assertInScope(scope, s);
      const time = zonedTime(ctx);
      const zip = await receiptsZip(found, ctx.lang, ctx.now, time);
      const name = `shipment-receipts-${time.date(ctx.now)}.zip`;
      await sendDownload(ctx.reply, { name, mime: 'application/zip', content: zip });
      return SENT;
    },
  });
}
