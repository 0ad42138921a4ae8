import {
  clarificationQueryWorkflow,
  endpoints,
  type QueryAction,
  type QueryState,
  ResultCode,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { files, projects, sites, users } from '../../db/schema.js';
import { clarificationQueryShipments } from '../../db/schema-lab-queries.js';
import { clarificationQueries, clarificationReplies, sampleTransports } from '../../db/schema-portal.js';
import { clarificationReplyAttachments } from '../../db/schema-portal-admin.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { Page, type Principal, registerGroup, type SessionCtx } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import {
  applyTransition,
  eventsOf,
  iso,
  nextNumber,
  recordEvent,
  type TransitionCtx,
} from '../../lib/workflow.js';
import { assertInScope, checkedSite, scopeWhere } from '../portal/scope.js';
import { pageShipments } from '../transport/repository.js';
import { shipmentFilter } from '../transport/routes.js';

const { clarification, labQuery } = endpoints;
const WORKFLOW_ID = clarificationQueryWorkflow.id;

function baseQuery(db: Executor) {
  return db
    .select({
      q: clarificationQueries,
      projectNo: projects.projectNo,
      siteNo: sites.centerNo,
      siteName: sites.name,
      raisedByName: users.username,
      replyCount: sql<number>`(SELECT count(*)::int FROM clarification_replies r WHERE r.query_id = ${clarificationQueries.id})`,
    })
    .from(clarificationQueries)
    .innerJoin(projects, eq(projects.id, clarificationQueries.projectId))
    .innerJoin(sites, eq(sites.id, clarificationQueries.siteId))
    .innerJoin(users, eq(users.id, clarificationQueries.raisedBy));
}
type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const toRow = (r: Joined) => ({
  id: r.q.id,
  queryNo: r.q.queryNo,
  projectId: r.q.projectId,
  projectNo: r.projectNo,
  siteId: r.q.siteId,
  siteNo: r.siteNo,
  siteName: r.siteName,
  subjectNo: r.q.subjectNo,
  visit: r.q.visit,
  barcode: r.q.barcode,
  queryType: r.q.queryType,
  content: r.q.content,
  needsClarification: r.q.needsClarification,
  status: r.q.status as QueryState,
  raisedByName: r.raisedByName,
  raisedAt: r.q.raisedAt.toISOString(),
  replyCount: Number(r.replyCount),
  version: r.q.version,
});

async function detail(db: Executor, id: number) {
  const [r] = await baseQuery(db).where(eq(clarificationQueries.id, id));
  if (!r) throw notFound();
  const replies = await db
    .select({
      id: clarificationReplies.id,
      userId: clarificationReplies.userId,
      username: users.username,
      content: clarificationReplies.content,
      imageFileIds: clarificationReplies.imageFileIds,
      at: clarificationReplies.at,
    })
    .from(clarificationReplies)
    .innerJoin(users, eq(users.id, clarificationReplies.userId))
    .where(eq(clarificationReplies.queryId, id))
    .orderBy(asc(clarificationReplies.id));
  const attached =
    replies.length === 0
      ? []
      : await db
          .select({
            replyId: clarificationReplyAttachments.replyId,
            fileId: files.id,
            name: files.name,
            size: files.size,
          })
          .from(clarificationReplyAttachments)
          .innerJoin(files, eq(files.id, clarificationReplyAttachments.fileId))
          .where(
            inArray(
              clarificationReplyAttachments.replyId,
              replies.map((x) => x.id),
            ),
          )
          .orderBy(asc(clarificationReplyAttachments.sort));
  const [shipment] = await db
    .select({
      id: sampleTransports.id,
      orderNo: sampleTransports.orderNo,
      expressNo: sampleTransports.expressNo,
    })
    .from(clarificationQueryShipments)
    .innerJoin(sampleTransports, eq(sampleTransports.id, clarificationQueryShipments.transportId))
    .where(eq(clarificationQueryShipments.queryId, id));
  return {
    ...toRow(r),
    shipment: shipment ?? null,
    imageFileIds: r.q.imageFileIds,
    resolvedAt: iso(r.q.resolvedAt),
    replies: replies.map((x) => ({
      ...x,
      attachments: attached.filter((f) => f.replyId === x.id).map(({ replyId: _, ...f }) => f),
      at: x.at.toISOString(),
    })),
    events: await eventsOf(db, WORKFLOW_ID, id),
  };
}

async function head(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: clarificationQueries.id,
      projectId: clarificationQueries.projectId,
      siteId: clarificationQueries.siteId,
      status: clarificationQueries.status,
      needsClarification: clarificationQueries.needsClarification,
      version: clarificationQueries.version,
    })
    .from(clarificationQueries)
    .where(eq(clarificationQueries.id, id));
  if (!row) throw notFound();
  return { ...row, status: row.status as QueryState };
}

async function fire(
  ctx: TransitionCtx,
  principal: Principal,
  current: Awaited<ReturnType<typeof head>>,
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
    async (next) => {
      const rows = await ctx.db
        .update(clarificationQueries)
        .set({ ...patch, ...next })
        .where(and(eq(clarificationQueries.id, current.id), eq(clarificationQueries.version, version)))
        .returning({ id: clarificationQueries.id });
      return rows.length > 0;
    },
  );
}

export async function clarificationRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, clarification, {
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, status, projectId, keyword } = ctx.body;
      const where: SQL | undefined = and(
        scopeWhere(scope, clarificationQueries.projectId, clarificationQueries.siteId),
        status && status.length > 0 ? inArray(clarificationQueries.status, status) : undefined,
        projectId ? eq(clarificationQueries.projectId, projectId) : undefined,
        containsAny(
          [clarificationQueries.queryNo, clarificationQueries.subjectNo, clarificationQueries.content],
          keyword,
        ),
      );
      return pageOf(
        ctx.db.select({ n: count() }).from(clarificationQueries).where(where),
        baseQuery(ctx.db)
          .where(where)
          // Open queries first, then newest.
          .orderBy(
            sql`CASE ${clarificationQueries.status} WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END`,
            desc(clarificationQueries.raisedAt),
            desc(clarificationQueries.id),
          ),
        { page, size },
        toRow,
      );
    },
    get: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const current = await head(ctx.db, ctx.params.id);
      assertInScope(scope, current);
      // SPEC section 4: a query needing no clarification is resolved once a site user views it.
      if (p.type === 2 && current.status === 'open' && !current.needsClarification) {
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
      return detail(ctx.db, current.id);
    },
    reply: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const current = await head(ctx.db, ctx.params.id);
      assertInScope(scope, current);
      const { version, content, imageFileIds, attachmentFileIds } = ctx.body;
      await fire(ctx, p, current, 'reply', version);
      const [reply] = await ctx.db
        .insert(clarificationReplies)
        .values({ queryId: current.id, userId: p.userId, content, imageFileIds, at: ctx.now })
        .returning({ id: clarificationReplies.id });
      if (reply && attachmentFileIds.length > 0) {
        await ctx.db
          .insert(clarificationReplyAttachments)
          .values(attachmentFileIds.map((fileId, sort) => ({ replyId: reply.id, fileId, sort })));
      }
      return detail(ctx.db, current.id);
    },
    create: async (ctx) => {
      const p = requireStaff(ctx);
      const scope = await ctx.scope();
      const body = ctx.body;
      await checkedSite(ctx.db, scope, body.projectId, body.siteId);
      const queryNo = await nextNumber(ctx.db, 'Q', ctx.now);
      const { transportId, ...fields } = body;
      if (transportId) await checkedShipment(ctx.db, transportId, body.projectId, body.siteId);
      const [row] = await ctx.db
        .insert(clarificationQueries)
        .values({ ...fields, queryNo, status: 'open', raisedBy: p.userId, raisedAt: ctx.now })
        .returning({ id: clarificationQueries.id });
      if (!row) throw new Error('insert returned no row');
      if (transportId)
        await ctx.db.insert(clarificationQueryShipments).values({ queryId: row.id, transportId });
      await recordEvent(ctx.db, {
        workflow: WORKFLOW_ID,
        recordId: row.id,
        action: 'raise',
        fromState: null,
        toState: 'open',
        userId: p.userId,
        at: ctx.now,
      });
      ctx.audit({
        action: 'clarification.create',
        entity: 'clarificationQuery',
        entityId: row.id,
        newValue: body,
      });
      return detail(ctx.db, row.id);
    },
    close: async (ctx) => {
      const p = requireStaff(ctx);
      const scope = await ctx.scope();
      const current = await head(ctx.db, ctx.params.id);
      assertInScope(scope, current);
      await fire(ctx, p, current, 'close', ctx.body.version, { resolvedAt: ctx.now });
      return detail(ctx.db, current.id);
    },
  });

  await staffQueryRoutes(app);
}

/**
 * Raising, closing and re-opening queries is staff work: a site user is refused even if a role
 * granted the permission by mistake.
 */
function requireStaff(ctx: SessionCtx): Principal {
  const p = ctx.principal;
  if (p.type === 2) throw new ApiError(ResultCode.FORBIDDEN, { key: 'staffOnly' });
  return p;
}

/** The shipment a query is about must belong to the query's project and site. */
async function checkedShipment(db: Executor, transportId: number, projectId: number, siteId: number) {
  const [row] = await db
    .select({ projectId: sampleTransports.projectId, siteId: sampleTransports.siteId })
    .from(sampleTransports)
    .where(eq(sampleTransports.id, transportId));
  if (!row || row.projectId !== projectId || row.siteId !== siteId)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'queryShipmentInvalid' });
}

/** Staff screens (/project/question and /laboratory/before-analysis/question): list, follow, re-open. */
async function staffQueryRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, labQuery, {
    paging: async (ctx) => {
      const p = requireStaff(ctx);
      const scope = await ctx.scope();
      const { page, size, status, projectId, keyword, barcode, mine } = ctx.body;
      const where: SQL | undefined = and(
        scopeWhere(scope, clarificationQueries.projectId, clarificationQueries.siteId),
        status && status.length > 0 ? inArray(clarificationQueries.status, status) : undefined,
        projectId ? eq(clarificationQueries.projectId, projectId) : undefined,
        barcode ? eq(clarificationQueries.barcode, barcode) : undefined,
        mine ? eq(clarificationQueries.raisedBy, p.userId) : undefined,
        containsAny(
          [
            clarificationQueries.queryNo,
            clarificationQueries.subjectNo,
            clarificationQueries.barcode,
            clarificationQueries.content,
          ],
          keyword,
        ),
      );
      return pageOf(
        ctx.db.select({ n: count() }).from(clarificationQueries).where(where),
        baseQuery(ctx.db)
          .where(where)
          // Answered first (staff act on them), then open, then resolved; newest first.
          .orderBy(
            sql`CASE ${clarificationQueries.status} WHEN 'answered' THEN 0 WHEN 'open' THEN 1 ELSE 2 END`,
            desc(clarificationQueries.raisedAt),
            desc(clarificationQueries.id),
          ),
        { page, size },
        toRow,
      );
    },
    // The raise form's shipment picker: the chosen site's shipments (any state), in the staff scope.
    shipments: async (ctx) => {
      requireStaff(ctx);
      const scope = await ctx.scope();
      const { page, size, ...filters } = ctx.body;
      const where = and(
        scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId),
        shipmentFilter(filters),
      );
      const r = await pageShipments(ctx.db, where, page, size);
      return new Page(r.rows, r.total);
    },
    get: async (ctx) => {
      requireStaff(ctx);
      const scope = await ctx.scope();
      const current = await head(ctx.db, ctx.params.id);
      assertInScope(scope, current);
      return detail(ctx.db, current.id);
    },
    reopen: async (ctx) => {
      const p = requireStaff(ctx);
      const scope = await ctx.scope();
      const current = await head(ctx.db, ctx.params.id);
      assertInScope(scope, current);
      await fire(ctx, p, current, 'reopen', ctx.body.version, { resolvedAt: null }, ctx.body.reason);
      return detail(ctx.db, current.id);
    },
  });
}
