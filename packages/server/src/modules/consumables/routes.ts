import {
  COURIER_DICT,
  type ConsumableOrderAction,
  type ConsumableOrderState,
  consumableOrderWorkflow,
  DISPATCH_NOTE_STATES,
  endpoints,
  kitSupplyWorkflow,
  ResultCode,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { consumableOrders } from '../../db/schema-portal.js';
import { printContext, renderDocument } from '../../documents/document.js';
import { download } from '../../lib/download.js';
import { ApiError } from '../../lib/errors.js';
import { type Ctx, type Principal, type RawReply, registerGroup } from '../../lib/route.js';
import { assertInScope, assertProjectInScope, type SiteScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { applyTransition, nextNumber, recordEvent, type TransitionCtx } from '../../lib/workflow.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { dictLabels } from '../../services/dictionaries.js';
import { checkedSite } from '../../services/scope.js';
import { catalogueIdsByName, issueByFefo } from '../supply/repository.js';
import { dispatchNote } from './dispatch-note.js';
import { ordersWorkbook } from './export.js';
import {
  auditTab,
  insertOrder,
  kitSupplyHead,
  kitSupplyRow,
  kitsOf,
  linesOf,
  orderDetail,
  orderHead,
  ownAddress,
  pageKitSupplies,
  pageLines,
  pageOrders,
  projectKits,
  replaceLines,
  setDispatchLines,
  updateKitSupply,
  updateOrder,
  WORKFLOW_ID,
} from './repository.js';
import { assertDispatchLines, kitIdsOf, type OrderInput, orderLines } from './service.js';

const { consumable } = endpoints;

/** Fires one action on an application: scope by id, then the workflow. */
async function transition(
  ctx: TransitionCtx,
  principal: Principal,
  scope: SiteScope,
  input: { id: number; version: number; action: ConsumableOrderAction; reason?: string | null },
  patch: Partial<typeof consumableOrders.$inferInsert> = {},
): Promise<ConsumableOrderState> {
  const head = await orderHead(ctx.db, input.id);
  assertInScope(scope, head);
  return applyTransition(
    ctx,
    principal,
    consumableOrderWorkflow,
    { id: head.id, status: head.status, creatorId: head.applicantId },
    { ...input, patch },
    (next) => updateOrder(ctx.db, input.id, input.version, { ...patch, ...next, updatedAt: ctx.now }),
  );
}

/** The caller's address and the lines an application (new or edited) asks for. */
async function application(ctx: TransitionCtx, userId: number, input: OrderInput) {
  const addressId = await ownAddress(ctx.db, userId, input.addressId);
  const { kits, items } = await kitsOf(ctx.db, kitIdsOf(input), input.siteId);
  const catalogue = await catalogueIdsByName(
    ctx.db,
    input.loose.map((l) => l.consumableName),
  );
  return { addressId, lines: orderLines(input, kits, items, catalogue) };
}

/**
 * Sends the dispatch note of an application in the caller's scope (another site's answers like a
 * missing one); before dispatch there is none. The lab's letterhead profile is the sender.
 */
async function sendDispatchNote(ctx: Ctx<typeof consumable.dispatchNote>): Promise<RawReply> {
  const head = await orderHead(ctx.db, ctx.params.id);
  assertInScope(await ctx.scope(), head);
  if (!(DISPATCH_NOTE_STATES as readonly ConsumableOrderState[]).includes(head.status)) {
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'notDispatched' });
  }
  const order = await orderDetail(ctx.db, head.id, ctx.lang);
  const print = printContext(ctx);
  const couriers = await dictLabels(ctx.db, COURIER_DICT, ctx.lang);
  const lab = print.lab;
  const pdf = await renderDocument(
    dispatchNote,
    {
      ...order,
      courierName: order.courier && (couriers.get(order.courier) ?? order.courier),
      sender: {
        name: lab.name[print.lang],
        address: lab.address[print.lang],
        phone: lab.phone,
        email: lab.email,
      },
    },
    print,
  );
  return download({
    name: `${order.orderNo}-dispatch-note.pdf`,
    mime: 'application/pdf',
    content: pdf,
  });
}

/** Consumable applications of the sites, their review and dispatch, and the kits a site may order. */
export async function consumableRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, consumable, {
    paging: async (ctx) =>
      pageOrders(ctx.db, await ctx.scope(), { ...ctx.body, zone: ctx.timeZone }, ctx.lang),
    linePaging: async (ctx) => pageLines(ctx.db, await ctx.scope(), { ...ctx.body, zone: ctx.timeZone }),
    auditPaging: async (ctx) =>
      pageOrders(
        ctx.db,
        await ctx.scope(),
        { ...ctx.body, zone: ctx.timeZone },
        ctx.lang,
        auditTab(ctx.body.tab),
      ),
    staffPaging: async (ctx) =>
      pageOrders(ctx.db, await ctx.scope(), { ...ctx.body, zone: ctx.timeZone }, ctx.lang),
    export: async (ctx) => {
      const { rows } = await pageOrders(
        ctx.db,
        await ctx.scope(),
        { ...ctx.body, zone: ctx.timeZone },
        ctx.lang,
      );
      const time = zonedTime(ctx);
      const book = await ordersWorkbook(rows, ctx.lang, time);
      const name = `consumable-applications-${time.date(ctx.now)}.xlsx`;
      return download({ name, mime: XLSX_MIME, content: book });
    },
    get: async (ctx) => {
      assertInScope(await ctx.scope(), await orderHead(ctx.db, ctx.params.id));
      return orderDetail(ctx.db, ctx.params.id, ctx.lang);
    },
    distributionList: async (ctx) => {
      assertInScope(await ctx.scope(), await orderHead(ctx.db, ctx.params.id));
      return linesOf(ctx.db, ctx.params.id);
    },
    dispatchNote: sendDispatchNote,
    staffDispatchNote: sendDispatchNote,
    create: async (ctx) => {
      const p = ctx.principal;
      const body = ctx.body;
      await checkedSite(ctx.db, await ctx.scope(), body.projectId, body.siteId);
      const { addressId, lines } = await application(ctx, p.userId, body);
      const orderNo = await nextNumber(ctx.db, 'CO', ctx.now, ctx.timeZone);
      const { projectId, siteId, receiveAddress, expectedShipDate, hopedArrivalDate, note } = body;
      const id = await insertOrder(ctx.db, {
        orderNo,
        projectId,
        siteId,
        status: 'submitted',
        addressId,
        receiveAddress,
        expectedShipDate,
        hopedArrivalDate,
        note,
        applicantId: p.userId,
        applyTime: ctx.now,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await replaceLines(ctx.db, id, lines);
      await recordEvent(ctx.db, {
        workflow: WORKFLOW_ID,
        recordId: id,
        action: 'submit',
        fromState: null,
        toState: 'submitted',
        userId: p.userId,
        at: ctx.now,
      });
      const detail = await orderDetail(ctx.db, id, ctx.lang);
      ctx.audit({ action: 'consumable.create', entity: 'consumableOrder', entityId: id, newValue: detail });
      return detail;
    },
    update: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { id, version, ...body } = ctx.body;
      assertInScope(scope, await orderHead(ctx.db, id));
      await checkedSite(ctx.db, scope, body.projectId, body.siteId);
      const { addressId, lines } = await application(ctx, p.userId, body);
      const { projectId, siteId, receiveAddress, expectedShipDate, hopedArrivalDate, note } = body;
      await transition(
        ctx,
        p,
        scope,
        { id, version, action: 'edit' },
        {
          projectId,
          siteId,
          addressId,
          receiveAddress,
          expectedShipDate,
          hopedArrivalDate,
          note,
          applyTime: ctx.now,
          rejectReason: null,
          auditorId: null,
          auditTime: null,
        },
      );
      await replaceLines(ctx.db, id, lines);
      return orderDetail(ctx.db, id, ctx.lang);
    },
    revoke: async (ctx) => {
      const { id, version } = ctx.body;
      await transition(ctx, ctx.principal, await ctx.scope(), { id, version, action: 'withdraw' });
      return orderDetail(ctx.db, id, ctx.lang);
    },
    cancel: async (ctx) => {
      const { version, reason } = ctx.body;
      const input = { id: ctx.params.id, version, action: 'cancel', reason } as const;
      await transition(ctx, ctx.principal, await ctx.scope(), input, { cancelReason: reason });
      return orderDetail(ctx.db, ctx.params.id, ctx.lang);
    },
    confirmReceive: async (ctx) => {
      const p = ctx.principal;
      const input = { id: ctx.params.id, version: ctx.body.version, action: 'receive' } as const;
      await transition(ctx, p, await ctx.scope(), input, { receivedBy: p.userId, receivedAt: ctx.now });
      return orderDetail(ctx.db, ctx.params.id, ctx.lang);
    },
    audit: async (ctx) => {
      const p = ctx.principal;
      const { version, pass, reason } = ctx.body;
      const rejectReason = pass ? null : reason;
      const input = {
        id: ctx.params.id,
        version,
        action: pass ? 'approve' : 'reject',
        reason: rejectReason,
      } as const;
      await transition(ctx, p, await ctx.scope(), input, {
        auditorId: p.userId,
        auditTime: ctx.now,
        rejectReason,
      });
      return orderDetail(ctx.db, ctx.params.id, ctx.lang);
    },
    dispatch: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { version, courier, expressNo, lines } = ctx.body;
      const existing = await linesOf(ctx.db, ctx.params.id);
      assertDispatchLines(
        lines,
        existing.filter((l) => l.consumableId === null),
      );
      const input = { id: ctx.params.id, version, action: 'dispatch' } as const;
      await transition(ctx, p, scope, input, {
        courier,
        expressNo,
        dispatcherId: p.userId,
        dispatchTime: ctx.now,
      });
      await setDispatchLines(ctx.db, ctx.params.id, lines);
      // The catalogue's lines leave stock by FEFO (refused, with nothing written, when one is short).
      const order = await orderHead(ctx.db, ctx.params.id);
      const today = zonedTime(ctx).date(ctx.now);
      const issued = await issueByFefo(ctx.db, order, { userId: p.userId, now: ctx.now, today });
      await setDispatchLines(ctx.db, ctx.params.id, issued);
      return orderDetail(ctx.db, ctx.params.id, ctx.lang);
    },
    planKits: async (ctx) => {
      const scope = await ctx.scope();
      const projectId = ctx.params.id;
      const siteId = ctx.body.siteId;
      if (siteId !== undefined) await checkedSite(ctx.db, scope, projectId, siteId);
      else assertProjectInScope(scope, projectId);
      return projectKits(ctx.db, projectId, siteId);
    },
    kitSupplyPaging: async (ctx) => pageKitSupplies(ctx.db, await ctx.scope(), ctx.body),
    kitSupplyConfirm: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const head = await kitSupplyHead(ctx.db, ctx.params.id);
      assertInScope(scope, head);
      const { version } = ctx.body;
      const patch = { confirmedBy: p.userId, confirmedAt: ctx.now };
      await applyTransition(
        ctx,
        p,
        kitSupplyWorkflow,
        { id: head.id, status: head.status, creatorId: null },
        { action: 'confirm', version, patch },
        (next) => updateKitSupply(ctx.db, head.id, version, { ...patch, ...next }),
      );
      return kitSupplyRow(ctx.db, head.id);
    },
  });
}
