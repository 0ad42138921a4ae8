import { clarificationQueryWorkflow, type QueryState } from '@trialab/api-contract';
import { and, asc, type Column, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files, projects, sites, users } from '../../db/schema.js';
import { clarificationQueryShipments } from '../../db/schema-lab-queries.js';
import { clarificationQueries, clarificationReplies, sampleTransports } from '../../db/schema-portal.js';
import { clarificationReplyAttachments } from '../../db/schema-portal-admin.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { type SiteScope, scopeWhere } from '../../lib/scope.js';
import { containsAny } from '../../lib/search.js';
import { versionedUpdate } from '../../lib/versioned.js';
import { eventsOf, iso, nextNumber, recordEvent } from '../../lib/workflow.js';

/** Clarification queries' SQL: the lists, one query with its replies, and the writes. */

export const WORKFLOW_ID = clarificationQueryWorkflow.id;

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

/** The filters both lists share, with the columns the keyword is looked for in. */
function listWhere(
  scope: SiteScope,
  f: { status?: string[] | undefined; projectId?: number | undefined; keyword?: string | undefined },
  searched: ReadonlyArray<Column>,
  ...more: Array<SQL | undefined>
): SQL | undefined {
  return and(
    scopeWhere(scope, clarificationQueries.projectId, clarificationQueries.siteId),
    f.status && f.status.length > 0 ? inArray(clarificationQueries.status, f.status) : undefined,
    f.projectId ? eq(clarificationQueries.projectId, f.projectId) : undefined,
    ...more,
    containsAny(searched, f.keyword),
  );
}

/** The states in the order a list shows them: the ones its reader acts on first, then newest. */
const STATE_ORDER = {
  // Site users answer open queries.
  site: sql`CASE ${clarificationQueries.status} WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END`,
  // Staff follow up answered ones.
  staff: sql`CASE ${clarificationQueries.status} WHEN 'answered' THEN 0 WHEN 'open' THEN 1 ELSE 2 END`,
};

async function pageQueries(
  db: Executor,
  where: SQL | undefined,
  order: SQL,
  page: { page: number; size: number },
) {
  return pageOf(
    db.select({ n: count() }).from(clarificationQueries).where(where),
    baseQuery(db)
      .where(where)
      .orderBy(order, desc(clarificationQueries.raisedAt), desc(clarificationQueries.id)),
    page,
    toRow,
  );
}

/** The portal's list: the scope's queries, open ones first. */
export function pageSiteQueries(
  db: Executor,
  scope: SiteScope,
  f: {
    page: number;
    size: number;
    status?: string[] | undefined;
    projectId?: number | undefined;
    keyword?: string | undefined;
  },
) {
  const searched = [
    clarificationQueries.queryNo,
    clarificationQueries.subjectNo,
    clarificationQueries.content,
  ];
  return pageQueries(db, listWhere(scope, f, searched), STATE_ORDER.site, f);
}

/** The staff list: also by barcode and the caller's own, answered ones first. */
export function pageStaffQueries(
  db: Executor,
  scope: SiteScope,
  userId: number,
  f: {
    page: number;
    size: number;
    status?: string[] | undefined;
    projectId?: number | undefined;
    keyword?: string | undefined;
    barcode?: string | undefined;
    mine?: boolean | undefined;
  },
) {
  const searched = [
    clarificationQueries.queryNo,
    clarificationQueries.subjectNo,
    clarificationQueries.barcode,
    clarificationQueries.content,
  ];
  const where = listWhere(
    scope,
    f,
    searched,
    f.barcode ? eq(clarificationQueries.barcode, f.barcode) : undefined,
    f.mine ? eq(clarificationQueries.raisedBy, userId) : undefined,
  );
  return pageQueries(db, where, STATE_ORDER.staff, f);
}

/** One query with its replies (and their attachments), its shipment and its workflow events. */
export async function queryDetail(db: Executor, id: number) {
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

/** What the checks need of a query: its place, state and version. */
export async function queryHead(db: Executor, id: number) {
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

export type QueryHead = Awaited<ReturnType<typeof queryHead>>;

/** Writes the query at the version read; false when the version moved on. */
export const updateQuery = versionedUpdate(clarificationQueries);

/** A new query, linked to the shipment it is about when there is one. */
async function insertQuery(
  db: Executor,
  values: typeof clarificationQueries.$inferInsert,
  transportId: number | null | undefined,
): Promise<number> {
  const [row] = await db
    .insert(clarificationQueries)
    .values(values)
    .returning({ id: clarificationQueries.id });
  if (!row) throw new Error('insert returned no row');
  if (transportId) await db.insert(clarificationQueryShipments).values({ queryId: row.id, transportId });
  return row.id;
}

/**
 * Raises a query to a site: numbered, open, its `raise` recorded, linked to the shipment when given.
 * The staff form and the receipt desk's cold-chain check both raise queries this way.
 */
export async function raiseQuery(
  db: Executor,
  values: Omit<typeof clarificationQueries.$inferInsert, 'queryNo' | 'status'>,
  transportId: number | null | undefined,
  zone: string,
) {
  const queryNo = await nextNumber(db, 'Q', values.raisedAt, zone);
  const id = await insertQuery(db, { ...values, queryNo, status: 'open' }, transportId);
  await recordEvent(db, {
    workflow: WORKFLOW_ID,
    recordId: id,
    action: 'raise',
    fromState: null,
    toState: 'open',
    userId: values.raisedBy,
    at: values.raisedAt,
  });
  return { id, queryNo };
}

/** A reply with its attachments in the order given. */
export async function insertReply(
  db: Executor,
  values: typeof clarificationReplies.$inferInsert,
  attachmentFileIds: number[],
): Promise<void> {
  const [reply] = await db
    .insert(clarificationReplies)
    .values(values)
    .returning({ id: clarificationReplies.id });
  if (reply && attachmentFileIds.length > 0) {
    await db
      .insert(clarificationReplyAttachments)
      .values(attachmentFileIds.map((fileId, sort) => ({ replyId: reply.id, fileId, sort })));
  }
}

/** The project and site of a shipment, if there is one. */
export async function shipmentPlace(db: Executor, transportId: number) {
  const [row] = await db
    .select({ projectId: sampleTransports.projectId, siteId: sampleTransports.siteId })
    .from(sampleTransports)
    .where(eq(sampleTransports.id, transportId));
  return row;
}
