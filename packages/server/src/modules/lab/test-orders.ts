import { endpoints, ResultCode, type TestOrderRow, testOrderWorkflow } from '@trialab/api-contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { projects, sites, testItems, users } from '../../db/schema.js';
import { labSubjects, labTestOrders } from '../../db/schema-lab.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { type Ctx, Page, registerGroup } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { actorOf, assertTransition } from '../../lib/workflow.js';
import { assertInScope, type SiteScope, scopeWhere } from '../portal/scope.js';
import { findSubject } from './subjects.js';

const api = endpoints.testOrder;
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

/** Enabled test items only: a bad id is a clear 400 (file ids are checked by the route pipeline). */
async function checkTestItems(db: Executor, testItemIds: number[]): Promise<void> {
  const enabled = await db
    .select({ id: testItems.id })
    .from(testItems)
    .where(and(inArray(testItems.id, testItemIds), eq(testItems.enabled, true)));
  const bad = testItemIds.filter((id) => !enabled.some((e) => e.id === id));
  if (bad.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'reportItemInvalid',
      params: { items: bad.join(', ') },
    });
}

async function freeBarcodes(db: Executor, barcodes: string[]): Promise<void> {
  const repeated = barcodes.filter((b, i) => barcodes.indexOf(b) !== i);
  if (repeated.length > 0) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'orderBarcodeRepeated',
      params: { barcodes: [...new Set(repeated)].join(', ') },
    });
  }
  const taken = await db
    .select({ barcode: labTestOrders.barcode })
    .from(labTestOrders)
    .where(inArray(labTestOrders.barcode, barcodes));
  if (taken.length > 0) {
    throw new ApiError(ResultCode.DUPLICATE, {
      key: 'orderBarcodeTaken',
      params: { barcodes: taken.map((t) => t.barcode).join(', ') },
    });
  }
}

export async function testOrderRoutes(app: FastifyInstance): Promise<void> {
  const create = async (
    ctx: Pick<Ctx<typeof api.create>, 'db' | 'now' | 'audit' | 'principal' | 'scope'>,
    body: {
      subjectId: number;
      visit?: string | null | undefined;
      testItemIds: number[];
      requisitionFileIds: number[];
    },
    barcodes: string[],
    action: 'testOrder.create' | 'testOrder.batchCreate',
  ) => {
    const p = ctx.principal;
    const subject = await findSubject(ctx.db, await ctx.scope(), body.subjectId);
    if (subject.status !== 'approved')
      throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportSubjectNotApproved' });
    const testItemIds = [...new Set(body.testItemIds)];
    await checkTestItems(ctx.db, testItemIds);
    await freeBarcodes(ctx.db, barcodes);
    const rows = await ctx.db
      .insert(labTestOrders)
      .values(
        barcodes.map((barcode) => ({
          projectId: subject.projectId,
          siteId: subject.siteId,
          subjectId: subject.id,
          barcode,
          visit: body.visit ?? null,
          testItemIds,
          requisitionFileIds: body.requisitionFileIds,
          status: testOrderWorkflow.initial,
          createdBy: p.userId,
          createdAt: ctx.now,
        })),
      )
      .returning({ id: labTestOrders.id, version: labTestOrders.version });
    for (const row of rows)
      ctx.audit({
        action,
        entity: 'testOrder',
        entityId: row.id,
        newValue: body,
      });
    return rows;
  };

  registerGroup(app, api, {
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, status, keyword, awaitingResults } = ctx.body;
      const where = and(
        scopeWhere(scope, labTestOrders.projectId, labTestOrders.siteId),
        status ? eq(labTestOrders.status, status) : undefined,
        awaitingResults
          ? and(eq(labTestOrders.status, 'approved'), sql`${reportOfOrder} IS NULL`)
          : undefined,
        containsAny([labTestOrders.barcode, labSubjects.subjectNo], keyword),
      );
      const { rows: raws, total } = await pageOf(
        ctx.db
          .select({ n: count() })
          .from(labTestOrders)
          .innerJoin(labSubjects, eq(labSubjects.id, labTestOrders.subjectId))
          .where(where),
        query(ctx.db).where(where).orderBy(desc(labTestOrders.createdAt), desc(labTestOrders.id)),
        { page, size },
      );
      const rows = await toRows(ctx.db, raws);
      return new Page(
        rows.map(({ projectId: _p, siteId: _s, ...row }) => row),
        total,
      );
    },
    get: async (ctx) => {
      const { projectId: _p, siteId: _s, ...row } = await findOrder(ctx.db, await ctx.scope(), ctx.params.id);
      return row;
    },
    create: async (ctx) => {
      const [row] = await create(ctx, ctx.body, [ctx.body.barcode], 'testOrder.create');
      if (!row) throw new Error('insert returned nothing');
      return row;
    },
    batchCreate: async (ctx) => ({
      ids: (await create(ctx, ctx.body, ctx.body.barcodes, 'testOrder.batchCreate')).map((r) => r.id),
    }),
    resubmit: async (ctx) => {
      const p = ctx.principal;
      const before = await findOrder(ctx.db, await ctx.scope(), ctx.body.id);
      const to = assertTransition(
        ctx.lang,
        testOrderWorkflow,
        before.status,
        'resubmit',
        actorOf(p, before.createdBy),
      );
      const testItemIds = [...new Set(ctx.body.testItemIds)];
      await checkTestItems(ctx.db, testItemIds);
      const [updated] = await ctx.db
        .update(labTestOrders)
        .set({
          status: to,
          visit: ctx.body.visit ?? null,
          testItemIds,
          requisitionFileIds: ctx.body.requisitionFileIds,
          reviewedBy: null,
          reviewedAt: null,
          reviewReason: null,
          version: sql`${labTestOrders.version} + 1`,
        })
        .where(and(eq(labTestOrders.id, before.id), eq(labTestOrders.version, ctx.body.version)))
        .returning({ version: labTestOrders.version });
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: 'testOrder.resubmit',
        entity: 'testOrder',
        entityId: before.id,
        oldValue: before,
        newValue: ctx.body,
      });
      return updated;
    },
    review: async (ctx) => {
      const p = ctx.principal;
      const before = await findOrder(ctx.db, await ctx.scope(), ctx.params.id);
      const { action, version } = ctx.body;
      const to = assertTransition(
        ctx.lang,
        testOrderWorkflow,
        before.status,
        action,
        actorOf(p, before.createdBy),
      );
      const reason = ctx.body.reason ?? null;
      if (testOrderWorkflow.transitions[action].reason?.required && !reason) {
        throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'actionReasonRequired' });
      }
      const [updated] = await ctx.db
        .update(labTestOrders)
        .set({
          status: to,
          reviewedBy: p.userId,
          reviewedAt: ctx.now,
          reviewReason: reason,
          version: sql`${labTestOrders.version} + 1`,
        })
        .where(and(eq(labTestOrders.id, before.id), eq(labTestOrders.version, version)))
        .returning({ version: labTestOrders.version });
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: `testOrder.${action}`,
        entity: 'testOrder',
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: to },
        reason,
      });
      return updated;
    },
  });
}
