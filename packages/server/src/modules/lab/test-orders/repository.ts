import type { TestOrderRow } from '@trialab/api-contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { projects, sites, testItems, users } from '../../../db/schema.js';
import { labSubjects, labTestOrders } from '../../../db/schema-lab.js';
import { notFound } from '../../../lib/errors.js';
import { pageOf } from '../../../lib/paging.js';
import { Page } from '../../../lib/route.js';
import { assertInScope, type SiteScope, scopeWhere } from '../../../lib/scope.js';
import { containsAny } from '../../../lib/search.js';
import { versionedBump } from '../../../lib/versioned.js';

const reviewer = alias(users, 'order_reviewer');

/** The first report entered for the order's barcode (results are entered once per order). */
const reportOfOrder = sql<
  number | null
>`(SELECT min(r.id)::int FROM lab_reports r WHERE r.barcode = ${labTestOrders.barcode})`;

function query(db: Executor) {
  return db
    .select({
      id: labTestOrders.id,
      projectId: labTestOrders.projectId,
      siteId: labTestOrders.siteId,
      projectNo: projects.projectNo,
      siteName: sites.name,
      subjectId: labTestOrders.subjectId,
      subjectNo: labSubjects.subjectNo,
      subjectName: labSubjects.name,
      barcode: labTestOrders.barcode,
      visit: labTestOrders.visit,
      testItemIds: labTestOrders.testItemIds,
      requisitionFileIds: labTestOrders.requisitionFileIds,
      status: labTestOrders.status,
      createdBy: labTestOrders.createdBy,
      createdByName: users.username,
      createdAt: labTestOrders.createdAt,
      reviewedByName: reviewer.username,
      reviewReason: labTestOrders.reviewReason,
      reportId: reportOfOrder,
      version: labTestOrders.version,
    })
    .from(labTestOrders)
    .innerJoin(projects, eq(projects.id, labTestOrders.projectId))
    .innerJoin(sites, eq(sites.id, labTestOrders.siteId))
    .innerJoin(labSubjects, eq(labSubjects.id, labTestOrders.subjectId))
    .innerJoin(users, eq(users.id, labTestOrders.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, labTestOrders.reviewedBy));
}
type Raw = Awaited<ReturnType<typeof query>>[number];

async function toRows(
  db: Executor,
  raws: Raw[],
): Promise<Array<TestOrderRow & { projectId: number; siteId: number }>> {
  const ids = [...new Set(raws.flatMap((r) => r.testItemIds))];
  const items =
    ids.length > 0
      ? await db
          .select({ id: testItems.id, code: testItems.code, name: testItems.name, enName: testItems.enName })
          .from(testItems)
          .where(inArray(testItems.id, ids))
      : [];
  return raws.map(({ testItemIds, ...raw }) => ({
    ...raw,
    testItems: testItemIds.flatMap((id) => items.filter((i) => i.id === id)),
    status: raw.status as TestOrderRow['status'],
    createdAt: raw.createdAt.toISOString(),
    reviewedByName: raw.reviewedByName ?? null,
    reportId: raw.reportId === null ? null : Number(raw.reportId),
  }));
}

export async function pageOrders(
  db: Executor,
  scope: SiteScope,
  filter: {
    status?: string | undefined;
    keyword?: string | undefined;
    awaitingResults?: boolean | undefined;
  },
  page: { page: number; size: number },
): Promise<Page<TestOrderRow>> {
  const where = and(
    scopeWhere(scope, labTestOrders.projectId, labTestOrders.siteId),
    filter.status ? eq(labTestOrders.status, filter.status) : undefined,
    filter.awaitingResults
      ? and(eq(labTestOrders.status, 'approved'), sql`${reportOfOrder} IS NULL`)
      : undefined,
    containsAny([labTestOrders.barcode, labSubjects.subjectNo], filter.keyword),
  );
  const { rows: raws, total } = await pageOf(
    db
      .select({ n: count() })
      .from(labTestOrders)
      .innerJoin(labSubjects, eq(labSubjects.id, labTestOrders.subjectId))
      .where(where),
    query(db).where(where).orderBy(desc(labTestOrders.createdAt), desc(labTestOrders.id)),
    page,
  );
  const rows = await toRows(db, raws);
  return new Page(
    rows.map(({ projectId: _p, siteId: _s, ...row }) => row),
    total,
  );
}

/** One order in the caller's scope (404 otherwise, as if it did not exist). */
export async function findOrder(db: Executor, scope: SiteScope, id: number) {
  const [raw] = await query(db).where(eq(labTestOrders.id, id));
  if (!raw) throw notFound();
  const [row] = await toRows(db, [raw]);
  if (!row) throw notFound();
  assertInScope(scope, row);
  return row;
}

/** The order of a barcode in the caller's scope, if there is one (barcodes are unique). */
export async function findOrderByBarcode(db: Executor, scope: SiteScope, barcode: string) {
  const [raw] = await query(db).where(eq(labTestOrders.barcode, barcode));
  if (!raw) return null;
  const [row] = await toRows(db, [raw]);
  if (!row) return null;
  assertInScope(scope, row);
  return row;
}

/** The ids among these that are enabled test items. */
export async function enabledTestItems(db: Executor, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: testItems.id })
    .from(testItems)
    .where(and(inArray(testItems.id, ids), eq(testItems.enabled, true)));
  return rows.map((r) => r.id);
}

/** The barcodes among these that an order already has. */
export async function takenBarcodes(db: Executor, barcodes: string[]): Promise<string[]> {
  const rows = await db
    .select({ barcode: labTestOrders.barcode })
    .from(labTestOrders)
    .where(inArray(labTestOrders.barcode, barcodes));
  return rows.map((r) => r.barcode);
}

export function insertOrders(
  db: Executor,
  values: Array<typeof labTestOrders.$inferInsert>,
): Promise<Array<{ id: number; version: number }>> {
  return db
    .insert(labTestOrders)
    .values(values)
    .returning({ id: labTestOrders.id, version: labTestOrders.version });
}

/** Writes the order at the version read; nothing comes back when the version moved on. */
export const updateOrder = versionedBump(labTestOrders);
