import { clarificationQueryWorkflow, endpoints, type QueryAction } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { clarificationQueries } from '../../db/schema-portal.js';
import { type Principal, registerGroup } from '../../lib/route.js';
import { assertInScope } from '../../lib/scope.js';
import { applyTransition, type TransitionCtx } from '../../lib/workflow.js';
import { checkedSite } from '../../services/scope.js';
import { pageShipments } from '../transport/repository.js';
import {
  insertReply,
  pageSiteQueries,
  pageStaffQueries,
  type QueryHead,
  queryDetail,
  queryHead,
  raiseQuery,
  shipmentPlace,
  updateQuery,
} from './repository.js';
import { assertShipmentOf, requireStaff, resolvesOnView } from './service.js';

const { clarification, labQuery } = endpoints;

/** Fires one workflow action on the query at the version the caller read. */
async function fire(
  ctx: TransitionCtx,
  principal: Principal,
  current: QueryHead,
  action: QueryAction,
  version: number,
  patch: Partial<typeof clarificationQueries.$inferInsert> = {},
  reason: string | null = null,
) {
  await applyTransition(
    ctx,
    principal,
    clarificationQueryWorkflow,
    { id: current.id, status: current.status, creatorId: null },
    { action, version, patch, reason },
    (next) => updateQuery(ctx.db, current.id, version, { ...patch, ...next }),
  );
}

/** Clarification queries: site users read and answer them, staff raise and close them. */
export async function clarificationRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, clarification, {
    paging: async (ctx) => pageSiteQueries(ctx.db, await ctx.scope(), ctx.body),
    get: async (ctx) => {
      const p = ctx.principal;
      const current = await queryHead(ctx.db, ctx.params.id);
      assertInScope(await ctx.scope(), current);
      if (resolvesOnView(p, current)) {
        await fire(ctx, p, current, 'autoResolve', current.version, { resolvedAt: ctx.now });
      } else {
        ctx.audit({
          action: 'clarification.view',
          entity: 'clarificationQuery',
          entityId: current.id,
          oldValue: null,
          newValue: null,
        });
      }
      return queryDetail(ctx.db, current.id);
    },
    reply: async (ctx) => {
      const p = ctx.principal;
      const current = await queryHead(ctx.db, ctx.params.id);
      assertInScope(await ctx.scope(), current);
      const { version, content, imageFileIds, attachmentFileIds } = ctx.body;
      await fire(ctx, p, current, 'reply', version);
      const reply = { queryId: current.id, userId: p.userId, content, imageFileIds, at: ctx.now };
      await insertReply(ctx.db, reply, attachmentFileIds);
      return queryDetail(ctx.db, current.id);
    },
    create: async (ctx) => {
      const p = requireStaff(ctx.principal);
      const body = ctx.body;
      await checkedSite(ctx.db, await ctx.scope(), body.projectId, body.siteId);
      const { transportId, ...fields } = body;
      if (transportId) assertShipmentOf(await shipmentPlace(ctx.db, transportId), body);
      const { id } = await raiseQuery(
        ctx.db,
        { ...fields, raisedBy: p.userId, raisedAt: ctx.now },
        transportId,
        ctx.timeZone,
      );
      ctx.audit({
        action: 'clarification.create',
        entity: 'clarificationQuery',
        entityId: id,
        newValue: body,
      });
      return queryDetail(ctx.db, id);
    },
    close: async (ctx) => {
      const p = requireStaff(ctx.principal);
      const current = await queryHead(ctx.db, ctx.params.id);
      assertInScope(await ctx.scope(), current);
      await fire(ctx, p, current, 'close', ctx.body.version, { resolvedAt: ctx.now });
      return queryDetail(ctx.db, current.id);
    },
  });

  await staffQueryRoutes(app);
}

/** Staff screens (/project/question and /laboratory/before-analysis/question): list, follow, re-open. */
async function staffQueryRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, labQuery, {
    paging: async (ctx) => {
      const p = requireStaff(ctx.principal);
      return pageStaffQueries(ctx.db, await ctx.scope(), p.userId, ctx.body);
    },
    // The raise form's shipment picker: the chosen site's shipments (any state), in the staff scope.
    shipments: async (ctx) => {
      requireStaff(ctx.principal);
      return pageShipments(ctx.db, await ctx.scope(), ctx.body, ctx.lang);
    },
    get: async (ctx) => {
      requireStaff(ctx.principal);
      const current = await queryHead(ctx.db, ctx.params.id);
      assertInScope(await ctx.scope(), current);
      return queryDetail(ctx.db, current.id);
    },
    reopen: async (ctx) => {
      const p = requireStaff(ctx.principal);
      const current = await queryHead(ctx.db, ctx.params.id);
      assertInScope(await ctx.scope(), current);
      const { version, reason } = ctx.body;
      await fire(ctx, p, current, 'reopen', version, { resolvedAt: null }, reason);
      return queryDetail(ctx.db, current.id);
    },
  });
}
