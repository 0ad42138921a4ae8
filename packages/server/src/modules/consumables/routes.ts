import { endpoints, type KitSupplyState, kitSupplyWorkflow, ResultCode } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { projects, sites, users } from '../../db/schema.js';
import {
  consumableKitItems,
  consumableKits,
  consumableOrderLines,
  consumableOrders,
  kitSupplies,
} from '../../db/schema-portal.js';
import { sendDownload } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { Page, registerGroup, SENT } from '../../lib/route.js';
import { contains } from '../../lib/search.js';
import { zonedTime } from '../../lib/time-zone.js';
import { applyTransition, iso, nextNumber, recordEvent } from '../../lib/workflow.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { assertInScope, checkedSite, type SiteScope, scopeWhere } from '../portal/scope.js';
import { ordersWorkbook } from './export.js';
import {
  filterWhere,
  linesOf,
  orderDetail,
  orderHead,
  pageLines,
  pageOrders,
  WORKFLOW_ID,
} from './repository.js';
import { buildLines, checkAddress, insertLines, transition } from './service.js';

const { consumable } = endpoints;
const orderScope = (scope: SiteScope) =>
  scopeWhere(scope, consumableOrders.projectId, consumableOrders.siteId);

async function kitSupplyRows(db: Executor, where: SQL | undefined, page: number, size: number) {
  const { rows, total } = await pageOf(
    db
      .select({ n: count() })
      .from(kitSupplies)
      .innerJoin(consumableKits, eq(consumableKits.id, kitSupplies.kitId))
      .where(where),
    db
      .select({
        id: kitSupplies.id,
        kitId: kitSupplies.kitId,
        kitName: consumableKits.name,
        projectId: consumableKits.projectId,
        projectNo: projects.projectNo,
        siteId: kitSupplies.siteId,
        siteNo: sites.centerNo,
        siteName: sites.name,
        status: kitSupplies.status,
        itemCount: sql<number>`(SELECT count(*)::int FROM consumable_kit_items i WHERE i.kit_id = ${consumableKits.id})`,
        confirmedByName: users.username,
        confirmedAt: kitSupplies.confirmedAt,
        version: kitSupplies.version,
      })
      .from(kitSupplies)
      .innerJoin(consumableKits, eq(consumableKits.id, kitSupplies.kitId))
      .innerJoin(projects, eq(projects.id, consumableKits.projectId))
      .innerJoin(sites, eq(sites.id, kitSupplies.siteId))
      .leftJoin(users, eq(users.id, kitSupplies.confirmedBy))
      .where(where)
      .orderBy(asc(projects.projectNo), asc(sites.centerNo), asc(consumableKits.sort), asc(kitSupplies.id)),
    { page, size },
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      status: r.status as KitSupplyState,
      itemCount: Number(r.itemCount),
      confirmedAt: iso(r.confirmedAt),
    })),
    total,
  };
}

export async function consumableRoutes(app: FastifyInstance): Promise<void> {
  const readable = async (ctx: { db: Executor }, principalScope: SiteScope, id: number) => {
    const head = await orderHead(ctx.db, id);
    assertInScope(principalScope, head);
    return head;
  };

  registerGroup(app, consumable, {
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, ...filters } = ctx.body;
      const r = await pageOrders(ctx.db, and(orderScope(scope), filterWhere(filters)), page, size);
      return new Page(r.rows, r.total);
    },
    linePaging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, consumableName, ...filters } = ctx.body;
      const r = await pageLines(
        ctx.db,
        and(
          orderScope(scope),
          filterWhere(filters),
          consumableName ? contains(consumableOrderLines.consumableName, consumableName) : undefined,
        ),
        page,
        size,
      );
      return new Page(r.rows, r.total);
    },
    auditPaging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, tab, ...filters } = ctx.body;
      const tabWhere =
        tab === 'pending' ? eq(consumableOrders.status, 'submitted') : isNotNull(consumableOrders.auditTime);
      const r = await pageOrders(ctx.db, and(orderScope(scope), tabWhere, filterWhere(filters)), page, size);
      return new Page(r.rows, r.total);
    },
    staffPaging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, ...filters } = ctx.body;
      const r = await pageOrders(ctx.db, and(orderScope(scope), filterWhere(filters)), page, size);
      return new Page(r.rows, r.total);
    },
    export: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, ...filters } = ctx.body;
      const r = await pageOrders(ctx.db, and(orderScope(scope), filterWhere(filters)), page, size);
      const time = zonedTime(ctx);
      const book = await ordersWorkbook(r.rows, ctx.lang, time);
      const name = `consumable-applications-${time.date(ctx.now)}.xlsx`;
      await sendDownload(ctx.reply, { name, mime: XLSX_MIME, content: book });
      return SENT;
    },
    get: async (ctx) => {
      const scope = await ctx.scope();
      await readable(ctx, scope, ctx.params.id);
      return orderDetail(ctx.db, ctx.params.id);
    },
    distributionList: async (ctx) => {
      const scope = await ctx.scope();
      await readable(ctx, scope, ctx.params.id);
      return linesOf(ctx.db, ctx.params.id);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const body = ctx.body;
      await checkedSite(ctx.db, scope, body.projectId, body.siteId);
      const addressId = await checkAddress(ctx.db, p.userId, body.addressId);
      const lines = await buildLines(ctx.db, body);
      const orderNo = await nextNumber(ctx.db, 'CO', ctx.now);
      const [order] = await ctx.db
        .insert(consumableOrders)
        .values({
          orderNo,
          projectId: body.projectId,
          siteId: body.siteId,
          status: 'submitted',
          addressId,
          receiveAddress: body.receiveAddress,
          expectedShipDate: body.expectedShipDate,
          hopedArrivalDate: body.hopedArrivalDate,
          note: body.note,
          applicantId: p.userId,
          applyTime: ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: consumableOrders.id });
      if (!order) throw new Error('insert returned no row');
      await insertLines(ctx.db, order.id, lines);
      await recordEvent(ctx.db, {
        workflow: WORKFLOW_ID,
        recordId: order.id,
        action: 'submit',
        fromState: null,
        toState: 'submitted',
        userId: p.userId,
        at: ctx.now,
      });
      const detail = await orderDetail(ctx.db, order.id);
      ctx.audit({
        action: 'consumable.create',
        entity: 'consumableOrder',
        entityId: order.id,
        newValue: detail,
      });
      return detail;
    },
    update: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { id, version, ...body } = ctx.body;
      const before = await orderDetail(ctx.db, id);
      assertInScope(scope, before);
      await checkedSite(ctx.db, scope, body.projectId, body.siteId);
      const addressId = await checkAddress(ctx.db, p.userId, body.addressId);
      const lines = await buildLines(ctx.db, body);
      await transition(
        ctx,
        p,
        scope,
        { id, version, action: 'edit' },
        {
          projectId: body.projectId,
          siteId: body.siteId,
          addressId,
          receiveAddress: body.receiveAddress,
          expectedShipDate: body.expectedShipDate,
          hopedArrivalDate: body.hopedArrivalDate,
          note: body.note,
          applyTime: ctx.now,
          rejectReason: null,
          auditorId: null,
          auditTime: null,
        },
      );
      await insertLines(ctx.db, id, lines);
      return orderDetail(ctx.db, id);
    },
    revoke: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      await transition(ctx, p, scope, { id: ctx.body.id, version: ctx.body.version, action: 'withdraw' });
      return orderDetail(ctx.db, ctx.body.id);
    },
    cancel: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { version, reason } = ctx.body;
      await transition(
        ctx,
        p,
        scope,
        { id: ctx.params.id, version, action: 'cancel', reason },
        { cancelReason: reason },
      );
      return orderDetail(ctx.db, ctx.params.id);
    },
    confirmReceive: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      await transition(
        ctx,
        p,
        scope,
        { id: ctx.params.id, version: ctx.body.version, action: 'receive' },
        {
          receivedBy: p.userId,
          receivedAt: ctx.now,
        },
      );
      return orderDetail(ctx.db, ctx.params.id);
    },
    audit: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { version, pass, reason } = ctx.body;
      await transition(
        ctx,
        p,
        scope,
        { id: ctx.params.id, version, action: pass ? 'approve' : 'reject', reason: pass ? null : reason },
        { auditorId: p.userId, auditTime: ctx.now, rejectReason: pass ? null : reason },
      );
      return orderDetail(ctx.db, ctx.params.id);
    },
    dispatch: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { version, courier, expressNo, lines } = ctx.body;
      const existing = await linesOf(ctx.db, ctx.params.id);
      const given = new Map(lines.map((l) => [l.lineId, l]));
      // Every line gets its dispatch data, and only lines of this application.
      if (
        given.size !== lines.length ||
        given.size !== existing.length ||
        existing.some((l) => !given.has(l.id))
      ) {
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'lines' } });
      }
      await transition(
        ctx,
        p,
        scope,
        { id: ctx.params.id, version, action: 'dispatch' },
        {
          courier,
          expressNo,
          dispatcherId: p.userId,
          dispatchTime: ctx.now,
        },
      );
      for (const line of lines) {
        await ctx.db
          .update(consumableOrderLines)
          .set({
            lotNumber: line.lotNumber,
            outboundQuantity: line.outboundQuantity,
            expiryDate: line.expiryDate,
            certificateFileId: line.certificateFileId ?? null,
          })
          .where(
            and(eq(consumableOrderLines.id, line.lineId), eq(consumableOrderLines.orderId, ctx.params.id)),
          );
      }
      return orderDetail(ctx.db, ctx.params.id);
    },
    planKits: async (ctx) => {
      const scope = await ctx.scope();
      const projectId = ctx.params.id;
      const siteId = ctx.body.siteId;
      if (siteId !== undefined) await checkedSite(ctx.db, scope, projectId, siteId);
      else if (!scope.all && !scope.projectIds.has(projectId)) {
        throw new ApiError(ResultCode.FORBIDDEN, { key: 'forbiddenScope' });
      }
      const kits = await ctx.db
        .select({
          id: consumableKits.id,
          projectId: consumableKits.projectId,
          name: consumableKits.name,
          deliveryModel: consumableKits.deliveryModel,
          supplyStatus: kitSupplies.status,
        })
        .from(consumableKits)
        .leftJoin(
          kitSupplies,
          and(eq(kitSupplies.kitId, consumableKits.id), eq(kitSupplies.siteId, siteId ?? -1)),
        )
        .where(eq(consumableKits.projectId, projectId))
        .orderBy(asc(consumableKits.sort), asc(consumableKits.id));
      const items =
        kits.length === 0
          ? []
          : await ctx.db
              .select()
              .from(consumableKitItems)
              .where(
                inArray(
                  consumableKitItems.kitId,
                  kits.map((k) => k.id),
                ),
              )
              .orderBy(asc(consumableKitItems.sort), asc(consumableKitItems.id));
      return kits.map((k) => ({
        ...k,
        supplyStatus: (k.supplyStatus as KitSupplyState | null) ?? null,
        items: items
          .filter((i) => i.kitId === k.id)
          .map((i) => ({
            id: i.id,
            consumableName: i.consumableName,
            size: i.size,
            vendor: i.vendor,
            unit: i.unit,
            quantityPerKit: i.quantityPerKit,
            pictureFileId: i.pictureFileId,
            scopeOfUse: i.scopeOfUse,
          })),
      }));
    },
    kitSupplyPaging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, tab, projectId } = ctx.body;
      const where = and(
        scopeWhere(scope, consumableKits.projectId, kitSupplies.siteId),
        eq(kitSupplies.status, tab),
        projectId ? eq(consumableKits.projectId, projectId) : undefined,
      );
      const r = await kitSupplyRows(ctx.db, where, page, size);
      return new Page(r.rows, r.total);
    },
    kitSupplyConfirm: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const [head] = await ctx.db
        .select({
          id: kitSupplies.id,
          siteId: kitSupplies.siteId,
          projectId: consumableKits.projectId,
          status: kitSupplies.status,
        })
        .from(kitSupplies)
        .innerJoin(consumableKits, eq(consumableKits.id, kitSupplies.kitId))
        .where(eq(kitSupplies.id, ctx.params.id));
      if (!head) throw notFound();
      assertInScope(scope, head);
      const { version } = ctx.body;
      const patch = { confirmedBy: p.userId, confirmedAt: ctx.now };
      await applyTransition(
        ctx,
        p,
        kitSupplyWorkflow,
        { id: head.id, status: head.status as KitSupplyState, creatorId: null },
        { action: 'confirm', version, patch },
        async (next) => {
          const rows = await ctx.db
            .update(kitSupplies)
            .set({ ...patch, ...next })
            .where(and(eq(kitSupplies.id, head.id), eq(kitSupplies.version, version)))
            .returning({ id: kitSupplies.id });
          return rows.length > 0;
        },
      );
      const r = await kitSupplyRows(ctx.db, eq(kitSupplies.id, head.id), 1, 1);
      const [out] = r.rows;
      if (!out) throw notFound();
      return out;
    },
  });
}
