// Reads and writes of billable events (docs/finance.md "Billable events"): the list (the exception
// queue is its `unpriced` filter), a period's totals, one visible event, the waiver and the storage
// drill-down. Sales staff see the events of their own customers' projects; finance sees all.
import type { BillableEventRow } from '@trialab/api-contract';
import { type AnyColumn, and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema.js';
import { financeBillableEventCounts, financeBillableEvents } from '../../db/schema-finance.js';
import {
  marketingContracts,
  marketingCustomerProjects,
  marketingCustomers,
} from '../../db/schema-marketing.js';
import { notFound } from '../../lib/errors.js';
import { Page } from '../../lib/route.js';
import { containsPattern } from '../../lib/search.js';
import { dayStart } from '../../lib/time-zone.js';
import type { CustomerVisibility } from '../marketing/service.js';
import { clippedIntervals } from './custody-intervals.js';
import { periodDays } from './service.js';

// What other modules read of receivables goes through here (the home to-do counts burn-down alerts).
export { burnDown } from './receivables-repository.js';

/**
 * Runs `run` with PostgreSQL settings of its own (`SET LOCAL`, in a transaction, a savepoint when
 * already in one: they last to the end of the caller's transaction, never beyond it).
 */
export function withLocalSettings<T>(
  db: Executor,
  settings: Record<string, string>,
  run: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    for (const [name, value] of Object.entries(settings)) {
      if (!/^[a-z_]+$/.test(name) || !/^[a-zA-Z0-9]+$/.test(value)) throw new Error(`bad setting ${name}`);
      await tx.execute(sql.raw(`SET LOCAL ${name} = '${value}'`));
    }
    return run(tx);
  });
}

const e = financeBillableEvents;
const c = financeBillableEventCounts;

/** The projects of the customers a caller owns (none needed for whoever sees every customer). */
export const projectScope = (column: AnyColumn, vis: CustomerVisibility): SQL | undefined =>
  vis.all
    ? undefined
    : inArray(
        column,
        sql`(SELECT ${marketingCustomerProjects.projectId} FROM ${marketingCustomerProjects}
          JOIN ${marketingCustomers} ON ${marketingCustomers.id} = ${marketingCustomerProjects.customerId}
          WHERE ${marketingCustomers.ownerId} = ${vis.userId})`,
      );
const eventScope = (vis: CustomerVisibility): SQL | undefined => projectScope(e.projectId, vis);

const select = (db: Executor) =>
  db
    .select({ event: e, projectNo: projects.projectNo, contractNumber: marketingContracts.number })
    .from(e)
    .innerJoin(projects, eq(projects.id, e.projectId))
    .leftJoin(marketingContracts, eq(marketingContracts.id, e.contractId));

const toRow = (r: {
  event: typeof e.$inferSelect;
  projectNo: string;
  contractNumber: string | null;
}): BillableEventRow => ({
  ...r.event,
  projectNo: r.projectNo,
  contractNumber: r.contractNumber,
  kind: r.event.kind as BillableEventRow['kind'],
  sourceKind: r.event.sourceKind as BillableEventRow['sourceKind'],
  direction: r.event.direction as BillableEventRow['direction'],
  status: r.event.status as BillableEventRow['status'],
  currency: r.event.currency as BillableEventRow['currency'],
  createdAt: r.event.createdAt.toISOString(),
});

const periodWhereOn = (column: AnyColumn, period: string | null | undefined) => {
  if (!period) return undefined;
  const days = periodDays(period);
  return and(gte(column, days.from), lt(column, days.toExclusive));
};
const periodWhere = (period: string | null | undefined) => periodWhereOn(e.workDay, period);

export async function pageEvents(
  db: Executor,
  vis: CustomerVisibility,
  f: {
    page: number;
    size: number;
    period?: string | null | undefined;
    projectId?: number | null | undefined;
    kind?: string | null | undefined;
    status?: string | null | undefined;
    keyword?: string | null | undefined;
  },
) {
  const like = f.keyword ? containsPattern(f.keyword) : undefined;
  const where = and(
    eventScope(vis),
    periodWhere(f.period),
    f.projectId ? eq(e.projectId, f.projectId) : undefined,
    f.kind ? eq(e.kind, f.kind) : undefined,
    f.status ? eq(e.status, f.status) : undefined,
    like ? or(sql`${e.sourceLabel} ILIKE ${like}`, sql`${e.serviceKey} ILIKE ${like}`) : undefined,
  );
  // Without a keyword the total is summed from the per-day counts the triggers keep (a few rows a
  // day) instead of counting the events; a keyword counts the matching events.
  const [total] = like
    ? await db.select({ n: count() }).from(e).where(where)
    : await db
        .select({ n: sql<string>`COALESCE(SUM(${c.n}), 0)::text` })
        .from(c)
        .where(
          and(
            projectScope(c.projectId, vis),
            periodWhereOn(c.workDay, f.period),
            f.projectId ? eq(c.projectId, f.projectId) : undefined,
            f.kind ? eq(c.kind, f.kind) : undefined,
            f.status ? eq(c.status, f.status) : undefined,
          ),
        );
  const rows = await select(db)
    .where(where)
    .orderBy(desc(e.workDay), desc(e.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  return new Page(rows.map(toRow), Number(total?.n ?? 0));
}

/** A period's priced totals per project, kind and currency (summed from the rounded events). */
export async function periodSummary(db: Executor, vis: CustomerVisibility, period: string) {
  const rows = await db
    .select({
      projectNo: projects.projectNo,
      kind: e.kind,
      currency: e.currency,
      events: count(),
      net: sql<string>`SUM(${e.net})::text`,
      tax: sql<string>`SUM(${e.tax})::text`,
      gross: sql<string>`SUM(${e.gross})::text`,
    })
    .from(e)
    .innerJoin(projects, eq(projects.id, e.projectId))
    .where(and(eventScope(vis), periodWhere(period), eq(e.status, 'priced')))
    .groupBy(projects.projectNo, e.kind, e.currency)
    .orderBy(projects.projectNo, e.kind, e.currency);
  const [exceptions] = await db
    .select({ n: sql<string>`COALESCE(SUM(${c.n}), 0)::text` })
    .from(c)
    .where(and(projectScope(c.projectId, vis), eq(c.status, 'unpriced')));
  return {
    exceptions: Number(exceptions?.n ?? 0),
    rows: rows.map((r) => ({
      projectNo: r.projectNo,
      kind: r.kind as BillableEventRow['kind'],
      currency: (r.currency ?? 'CNY') as NonNullable<BillableEventRow['currency']>,
      events: Number(r.events),
      net: r.net,
      tax: r.tax,
      gross: r.gross,
    })),
  };
}

/** An event the caller may see, or not found (another's customer's event is not there for them). */
export async function visibleEvent(db: Executor, vis: CustomerVisibility, id: number) {
  const [row] = await db
    .select()
    .from(e)
    .where(and(eq(e.id, id), eventScope(vis)));
  if (!row) throw notFound();
  return row;
}

export async function waiveEvent(
  db: Executor,
  id: number,
  version: number,
  values: { reason: string; userId: number; now: Date },
) {
  const [row] = await db
    .update(e)
    .set({
      status: 'waived',
      resolveReason: values.reason,
      resolvedBy: values.userId,
      resolvedAt: values.now,
      version: version + 1,
    })
    .where(and(eq(e.id, id), eq(e.version, version), eq(e.status, 'unpriced')))
    .returning({ version: e.version });
  return row ?? null;
}

/** The specimens behind a storage accrual: each one's days in the class over the period. */
export async function accrualSpecimens(
  db: Executor,
  accrual: { projectId: number; sourceRef: string },
  timeZone: string,
) {
  const cut = accrual.sourceRef.lastIndexOf(':');
  const storageClass = accrual.sourceRef.slice(0, cut);
  const period = accrual.sourceRef.slice(cut + 1);
  const days = periodDays(period);
  const clipped = clippedIntervals(
    days.from,
    days.toExclusive,
    dayStart(days.toExclusive, timeZone),
    timeZone,
  );
  const result = await db.execute(sql`
    SELECT c.specimen_id, b.code AS barcode, MAX(c.box_id) AS box_id, SUM(c.d1 - c.d0)::text AS days
    FROM (${clipped}) c JOIN specimen_barcodes b ON b.id = c.specimen_id
    WHERE c.d1 > c.d0 AND c.project_id = ${accrual.projectId} AND c.class = ${storageClass}
    GROUP BY c.specimen_id, b.code ORDER BY b.code`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    specimenId: Number(r.specimen_id),
    barcode: String(r.barcode),
    boxId: r.box_id === null ? null : Number(r.box_id),
    days: String(r.days),
  }));
}
