// Feedback from the lab bench to the project manager about a query or a sample barcode
// (/laboratory/before-analysis/feedback raises and closes it, /project/feedback answers it).
import {
  endpoints,
  type FeedbackRow,
  type FeedbackState,
  labFeedbackWorkflow,
  ResultCode,
} from '@trialab/api-contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { projects, sites, users } from '../../db/schema.js';
import { labFeedback } from '../../db/schema-lab-queries.js';
import { clarificationQueries } from '../../db/schema-portal.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { type Ctx, registerGroup } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { applyTransition, iso, nextNumber } from '../../lib/workflow.js';
import { assertInScope, inScope, outOfScope, scopeWhere } from '../portal/scope.js';
import { findOrderByBarcode } from './test-orders.js';

const api = endpoints.labFeedback;
const responder = alias(users, 'feedback_responder');

function query(db: Executor) {
  return db
    .select({
      f: labFeedback,
      projectNo: projects.projectNo,
      siteNo: sites.centerNo,
      siteName: sites.name,
      queryNo: clarificationQueries.queryNo,
      createdByName: users.username,
      respondedByName: responder.username,
    })
    .from(labFeedback)
    .innerJoin(projects, eq(projects.id, labFeedback.projectId))
    .innerJoin(sites, eq(sites.id, labFeedback.siteId))
    .innerJoin(users, eq(users.id, labFeedback.createdBy))
    .leftJoin(responder, eq(responder.id, labFeedback.respondedBy))
    .leftJoin(clarificationQueries, eq(clarificationQueries.id, labFeedback.queryId));
}
type Raw = Awaited<ReturnType<typeof query>>[number];

const toRow = (r: Raw): FeedbackRow => ({
  id: r.f.id,
  feedbackNo: r.f.feedbackNo,
  projectId: r.f.projectId,
  projectNo: r.projectNo,
  siteId: r.f.siteId,
  siteNo: r.siteNo,
  siteName: r.siteName,
  queryId: r.f.queryId,
  queryNo: r.queryNo ?? null,
  barcode: r.f.barcode,
  subjectNo: r.f.subjectNo,
  content: r.f.content,
  status: r.f.status as FeedbackState,
  createdBy: r.f.createdBy,
  createdByName: r.createdByName,
  createdAt: r.f.createdAt.toISOString(),
  respondedByName: r.respondedByName ?? null,
  respondedAt: iso(r.f.respondedAt),
  response: r.f.response,
  closedAt: iso(r.f.closedAt),
  version: r.f.version,
});

async function one(db: Executor, id: number): Promise<FeedbackRow> {
  const [raw] = await query(db).where(eq(labFeedback.id, id));
  if (!raw) throw notFound();
  return toRow(raw);
}

type PagingCtx = Ctx<typeof api.labPaging> | Ctx<typeof api.projectPaging>;

async function paging(ctx: PagingCtx) {
  const scope = await ctx.scope();
  const { page, size, status, keyword, queryId } = ctx.body;
  const where: SQL | undefined = and(
    scopeWhere(scope, labFeedback.projectId, labFeedback.siteId),
    status && status.length > 0 ? inArray(labFeedback.status, status) : undefined,
    queryId ? eq(labFeedback.queryId, queryId) : undefined,
    containsAny(
      [labFeedback.feedbackNo, labFeedback.barcode, labFeedback.subjectNo, labFeedback.content],
      keyword,
    ),
  );
  return pageOf(
    ctx.db.select({ n: count() }).from(labFeedback).where(where),
    query(ctx.db)
      .where(where)
      .orderBy(
        sql`CASE ${labFeedback.status} WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END`,
        desc(labFeedback.createdAt),
        desc(labFeedback.id),
      ),
    { page, size },
    toRow,
  );
}

export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const fire = async (
    ctx: Ctx<typeof api.respond> | Ctx<typeof api.close>,
    action: 'respond' | 'close',
    version: number,
    patch: Partial<typeof labFeedback.$inferInsert>,
    reason: string | null,
  ) => {
    const p = ctx.principal;
    const scope = await ctx.scope();
    const current = await one(ctx.db, ctx.params.id);
    assertInScope(scope, current);
    await applyTransition(
      ctx,
      p,
      labFeedbackWorkflow,
      { id: current.id, status: current.status, creatorId: current.createdBy },
      { action, version, reason, patch },
      async (next) => {
        const rows = await ctx.db
          .update(labFeedback)
          .set({ ...patch, ...next })
          .where(and(eq(labFeedback.id, current.id), eq(labFeedback.version, version)))
          .returning({ id: labFeedback.id });
        return rows.length > 0;
      },
    );
    return one(ctx.db, current.id);
  };

  registerGroup(app, api, {
    labPaging: paging,
    projectPaging: paging,
    create: async (ctx) => {
      const p = ctx.principal;
      if (p.type === 2) throw new ApiError(ResultCode.FORBIDDEN, { key: 'staffOnly' });
      const scope = await ctx.scope();
      const { queryId, barcode, content } = ctx.body;
      // The feedback is about a query (its project, site, subject and barcode) or a sample barcode
      // (the project, site and subject of its test order).
      let target: { projectId: number; siteId: number; subjectNo: string | null; barcode: string | null };
      if (queryId) {
        const [q] = await ctx.db
          .select({
            projectId: clarificationQueries.projectId,
            siteId: clarificationQueries.siteId,
            subjectNo: clarificationQueries.subjectNo,
            barcode: clarificationQueries.barcode,
          })
          .from(clarificationQueries)
          .where(eq(clarificationQueries.id, queryId));
        if (!q) throw notFound();
        assertInScope(scope, q);
        target = { ...q, barcode: barcode ?? q.barcode };
      } else {
        const order = await findOrderByBarcode(ctx.db, scope, barcode ?? '');
        if (!order)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'feedbackBarcodeUnknown',
            params: { barcode: barcode ?? '' },
          });
        target = {
          projectId: order.projectId,
          siteId: order.siteId,
          subjectNo: order.subjectNo,
          barcode: order.barcode,
        };
      }
      if (!inScope(scope, target.projectId, target.siteId)) throw outOfScope();
      const feedbackNo = await nextNumber(ctx.db, 'FB', ctx.now);
      const [row] = await ctx.db
        .insert(labFeedback)
        .values({
          feedbackNo,
          ...target,
          queryId: queryId ?? null,
          content,
          status: labFeedbackWorkflow.initial,
          createdBy: p.userId,
          createdAt: ctx.now,
        })
        .returning({ id: labFeedback.id });
      if (!row) throw new Error('insert returned no row');
      ctx.audit({
        action: 'labFeedback.create',
        entity: labFeedbackWorkflow.id,
        entityId: row.id,
        newValue: { feedbackNo, ...target, queryId: queryId ?? null, content },
      });
      return one(ctx.db, row.id);
    },
    respond: (ctx) =>
      fire(
        ctx,
        'respond',
        ctx.body.version,
        { response: ctx.body.response, respondedBy: ctx.principal?.userId ?? null, respondedAt: ctx.now },
        ctx.body.response,
      ),
    close: (ctx) => fire(ctx, 'close', ctx.body.version, { closedAt: ctx.now }, null),
  });
}
