import type { FeedbackRow, FeedbackState } from '@trialab/api-contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { projects, sites, users } from '../../../db/schema.js';
import { labFeedback } from '../../../db/schema-lab-queries.js';
import { clarificationQueries } from '../../../db/schema-portal.js';
import { notFound } from '../../../lib/errors.js';
import { pageOf } from '../../../lib/paging.js';
import type { Page } from '../../../lib/route.js';
import { type SiteScope, scopeWhere } from '../../../lib/scope.js';
import { containsAny } from '../../../lib/search.js';
import { versionedUpdate } from '../../../lib/versioned.js';
import { iso } from '../../../lib/workflow.js';

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

export async function feedbackById(db: Executor, id: number): Promise<FeedbackRow> {
  const [raw] = await query(db).where(eq(labFeedback.id, id));
  if (!raw) throw notFound();
  return toRow(raw);
}

/** Open feedback first, then answered, then closed; newest first within each. */
export function pageFeedback(
  db: Executor,
  scope: SiteScope,
  filter: {
    status?: string[] | undefined;
    keyword?: string | undefined;
    queryId?: number | undefined;
    projectId?: number | undefined;
  },
  page: { page: number; size: number },
): Promise<Page<FeedbackRow>> {
  const { status, keyword, queryId, projectId } = filter;
  const where: SQL | undefined = and(
    scopeWhere(scope, labFeedback.projectId, labFeedback.siteId),
    status && status.length > 0 ? inArray(labFeedback.status, status) : undefined,
    queryId ? eq(labFeedback.queryId, queryId) : undefined,
    projectId ? eq(labFeedback.projectId, projectId) : undefined,
    containsAny(
      [labFeedback.feedbackNo, labFeedback.barcode, labFeedback.subjectNo, labFeedback.content],
      keyword,
    ),
  );
  return pageOf(
    db.select({ n: count() }).from(labFeedback).where(where),
    query(db)
      .where(where)
      .orderBy(
        sql`CASE ${labFeedback.status} WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END`,
        desc(labFeedback.createdAt),
        desc(labFeedback.id),
      ),
    page,
    toRow,
  );
}

/** The project, site, subject and barcode of a clarification query (404 when there is none). */
export async function queryTarget(db: Executor, queryId: number) {
  const [q] = await db
    .select({
      projectId: clarificationQueries.projectId,
      siteId: clarificationQueries.siteId,
      subjectNo: clarificationQueries.subjectNo,
      barcode: clarificationQueries.barcode,
    })
    .from(clarificationQueries)
    .where(eq(clarificationQueries.id, queryId));
  if (!q) throw notFound();
  return q;
}

export async function insertFeedback(db: Executor, values: typeof labFeedback.$inferInsert): Promise<number> {
  const [row] = await db.insert(labFeedback).values(values).returning({ id: labFeedback.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Writes the feedback at the version read; false when the version moved on. */
export const updateFeedback = versionedUpdate(labFeedback);
