// Generation of a period's billable events (docs/finance.md "Billable events"): idempotent, so it
// runs again after a contract arrives late and creates nothing twice. It (1) charges the work each
// source did in the period that has no charge yet, (2) reverses charges whose work was undone,
// (3) re-prices the period's exceptions a contract now covers and (4), for an ended period, accrues
// storage from custody intervals. Every price is the contract line in force on the work day, copied
// onto the event. The unique index on (source, project, direction) makes a concurrent run harmless.
import { Decimal } from '@trialab/api-contract';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { financeBillableEvents } from '../../db/schema-finance.js';
import { dayStart } from '../../lib/time-zone.js';
import { contractLineInForce } from '../marketing/repository.js';
import { clippedIntervals } from './custody-intervals.js';
import { boxMonths, negate, type PriceSource, periodDays, priceEvent } from './service.js';
import { WORK_SOURCES } from './sources.js';

type EventInsert = typeof financeBillableEvents.$inferInsert;
type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const CHUNK = 1000;

export interface GenerateResult {
  period: string;
  charges: number;
  reversals: number;
  repriced: number;
  unpriced: number;
  storageAccrued: boolean;
}

/** The contract line in force, looked up once per project, service and day within one run. */
function priceBook(db: Executor) {
  const memo = new Map<string, Promise<PriceSource | null>>();
  return (projectId: number, serviceKey: string, day: string): Promise<PriceSource | null> => {
    const key = `${projectId}|${serviceKey}|${day}`;
    let hit = memo.get(key);
    if (!hit) {
      hit = contractLineInForce(db, projectId, serviceKey, day).then((l) =>
        l
          ? {
              contractId: l.contractId,
              versionNo: l.versionNo,
              currency: l.currency,
              taxInclusive: l.taxInclusive,
              unit: l.unit,
              unitPrice: l.unitPrice,
              taxRate: l.taxRate,
            }
          : null,
      );
      memo.set(key, hit);
    }
    return hit;
  };
}

/** The priced (or, without a line, unpriced) columns of an event. */
function pricing(line: PriceSource | null, quantity: string, now: Date, override?: string | null) {
  if (!line) return { status: 'unpriced' as const };
  return {
    status: 'priced' as const,
    contractId: line.contractId,
    contractVersionNo: line.versionNo,
    currency: line.currency,
    taxInclusive: line.taxInclusive,
    unit: line.unit,
    ...priceEvent(quantity, line, override ?? undefined),
    pricedAt: now,
  };
}

async function insertEvents(db: Executor, rows: EventInsert[]): Promise<EventInsert[]> {
  const inserted: EventInsert[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const done = await db
      .insert(financeBillableEvents)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing()
      .returning();
    inserted.push(...done);
  }
  return inserted;
}

export async function generatePeriod(
  db: Executor,
  options: { period: string; now: Date; today: string; timeZone: string },
): Promise<GenerateResult> {
  const { period, now, today, timeZone } = options;
  const days = periodDays(period);
  const range = {
    fromAt: dayStart(days.from, timeZone),
    toAt: dayStart(days.toExclusive, timeZone),
    timeZone,
  };
  const price = priceBook(db);
  let charges = 0;

  // 1. Work done in the period with no charge yet.
  for (const source of WORK_SOURCES) {
    // The work already charged is skipped by the insert (ON CONFLICT on the source index): one
    // probe of that index per row, where an anti-join's plan on a freshly filled table was not.
    const rows = rowsOf(await db.execute(source.done(range)));
    const events: EventInsert[] = [];
    for (const r of rows) {
      const projectId = Number(r.project_id);
      const serviceKey = String(r.service_key);
      const workDay = String(r.work_day);
      const quantity = Decimal.of(String(r.quantity)).toString();
      const line = await price(projectId, serviceKey, workDay);
      events.push({
        projectId,
        kind: source.kind,
        sourceKind: source.sourceKind,
        sourceRef: String(r.source_ref),
        sourceLabel: String(r.source_label),
        direction: 'charge',
        workDay,
        serviceKey,
        quantity,
        createdAt: now,
        ...pricing(line, quantity, now, r.price_override === null ? null : String(r.price_override)),
      });
    }
    const inserted = await insertEvents(db, events);
    charges += inserted.length;
  }

  // 2. Undone work: a priced charge is reversed (its prices copied, negated); an unpriced one was
  // never billed, so it is void.
  const undoneIds: number[] = [];
  for (const source of WORK_SOURCES) {
    if (source.undone) undoneIds.push(...rowsOf(await db.execute(source.undone)).map((r) => Number(r.id)));
  }
  let reversals = 0;
  if (undoneIds.length) {
    const originals = await db
      .select()
      .from(financeBillableEvents)
      .where(inArray(financeBillableEvents.id, undoneIds));
    const toVoid = originals.filter((o) => o.status === 'unpriced').map((o) => o.id);
    if (toVoid.length)
      await db
        .update(financeBillableEvents)
        .set({ status: 'void', version: sql`${financeBillableEvents.version} + 1` })
        .where(and(inArray(financeBillableEvents.id, toVoid), eq(financeBillableEvents.status, 'unpriced')));
    const inserted = await insertEvents(
      db,
      originals
        .filter((o) => o.status === 'priced')
        .map(({ id, ...o }) => ({
          ...o,
          direction: 'reversal',
          reversesId: id,
          workDay: today,
          quantity: negate(o.quantity) ?? '0',
          net: negate(o.net),
          tax: negate(o.tax),
          gross: negate(o.gross),
          createdAt: now,
          pricedAt: now,
          version: 1,
        })),
    );
    reversals = inserted.length;
  }

  // 3. The period's exceptions a contract line now covers (storage is re-priced by its accrual).
  const exceptions = await db
    .select()
    .from(financeBillableEvents)
    .where(
      and(
        eq(financeBillableEvents.status, 'unpriced'),
        eq(financeBillableEvents.direction, 'charge'),
        sql`${financeBillableEvents.sourceKind} <> 'storage'`,
        gte(financeBillableEvents.workDay, days.from),
        lt(financeBillableEvents.workDay, days.toExclusive),
      ),
    );
  let repriced = 0;
  for (const e of exceptions) {
    const line = await price(e.projectId, e.serviceKey, e.workDay);
    if (!line) continue;
    const override = e.sourceKind === 'fee' ? await feeAmount(db, e.sourceRef) : null;
    await db
      .update(financeBillableEvents)
      .set({ ...pricing(line, e.quantity, now, override), version: e.version + 1 })
      .where(and(eq(financeBillableEvents.id, e.id), eq(financeBillableEvents.status, 'unpriced')));
    repriced += 1;
  }

  // 4. Storage, once the period has ended.
  const storageAccrued = days.last < today;
  if (storageAccrued) {
    const accrued = await accrueStorage(db, { period, now, timeZone, price });
    charges += accrued.charges;
    repriced += accrued.repriced;
  }
  // What is left on the exception queue for the period.
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(financeBillableEvents)
    .where(
      and(
        eq(financeBillableEvents.status, 'unpriced'),
        gte(financeBillableEvents.workDay, days.from),
        lt(financeBillableEvents.workDay, days.toExclusive),
      ),
    );
  return { period, charges, reversals, repriced, unpriced: Number(left?.n ?? 0), storageAccrued };
}

async function feeAmount(db: Executor, ref: string): Promise<string | null> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT amount::text AS amount FROM chargeback_notices WHERE id::text = ${ref}`),
  );
  return row ? String(row.amount) : null;
}

/** Storage figures of a period per project and class: specimen-days, box-days, specimens. */
export async function storageFigures(
  db: Executor,
  options: { period: string; timeZone: string; projectId?: number; storageClass?: string },
) {
  const days = periodDays(options.period);
  const before = dayStart(days.toExclusive, options.timeZone);
  const clipped = clippedIntervals(days.from, days.toExclusive, before, options.timeZone);
  const filter = sql.join(
    [
      sql`d1 > d0`,
      ...(options.projectId === undefined ? [] : [sql`project_id = ${options.projectId}`]),
      ...(options.storageClass === undefined ? [] : [sql`class = ${options.storageClass}`]),
    ],
    sql` AND `,
  );
  const rows = rowsOf(
    await db.execute(sql`
      WITH v AS (SELECT * FROM (${clipped}) c WHERE ${filter}),
      sd AS (SELECT project_id, class, SUM(d1 - d0) AS specimen_days, COUNT(DISTINCT specimen_id) AS specimens
        FROM v GROUP BY project_id, class),
      bx AS (SELECT project_id, class, d0, d1,
          MAX(d1) OVER (PARTITION BY project_id, class, box_id ORDER BY d0, d1
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev
        FROM v WHERE box_id IS NOT NULL),
      bd AS (SELECT project_id, class, SUM(GREATEST(0, d1 - GREATEST(d0, COALESCE(prev, d0)))) AS box_days
        FROM bx GROUP BY project_id, class)
      SELECT sd.project_id, sd.class, sd.specimen_days::text AS specimen_days, sd.specimens,
        COALESCE(bd.box_days, 0)::text AS box_days
      FROM sd LEFT JOIN bd ON bd.project_id = sd.project_id AND bd.class = sd.class
      ORDER BY sd.project_id, sd.class`),
  );
  return rows.map((r) => ({
    projectId: Number(r.project_id),
    storageClass: String(r.class),
    specimenDays: String(r.specimen_days),
    boxDays: String(r.box_days),
    specimens: Number(r.specimens),
  }));
}

/**
 * Storage of an ended period: one event per project and storage class, priced at the period's last
 * day by the `storage:<class>` line, in its unit (box-months or specimen-days). An accrual already
 * priced is left alone; an unpriced one is re-priced (its quantity too) when a line now covers it.
 */
async function accrueStorage(
  db: Executor,
  options: {
    period: string;
    now: Date;
    timeZone: string;
    price: ReturnType<typeof priceBook>;
  },
) {
  const { period, now, price } = options;
  const days = periodDays(period);
  const figures = await storageFigures(db, options);
  const existing = await db
    .select()
    .from(financeBillableEvents)
    .where(
      and(
        eq(financeBillableEvents.sourceKind, 'storage'),
        eq(financeBillableEvents.direction, 'charge'),
        sql`${financeBillableEvents.sourceRef} LIKE ${`%:${period}`}`,
      ),
    );
  const known = new Map(existing.map((e) => [`${e.projectId}|${e.sourceRef}`, e]));
  const fresh: EventInsert[] = [];
  let repriced = 0;
  for (const f of figures) {
    const sourceRef = `${f.storageClass}:${period}`;
    const serviceKey = `storage:${f.storageClass}`;
    const line = await price(f.projectId, serviceKey, days.last);
    const quantity = line?.unit === 'box-month' ? boxMonths(f.boxDays, days.days) : f.specimenDays;
    const before = known.get(`${f.projectId}|${sourceRef}`);
    if (before) {
      if (before.status !== 'unpriced' || !line) continue;
      await db
        .update(financeBillableEvents)
        .set({ quantity, ...pricing(line, quantity, now), version: before.version + 1 })
        .where(and(eq(financeBillableEvents.id, before.id), eq(financeBillableEvents.status, 'unpriced')));
      repriced += 1;
      continue;
    }
    fresh.push({
      projectId: f.projectId,
      kind: 'storage',
      sourceKind: 'storage',
      sourceRef,
      sourceLabel: `${f.storageClass} · ${period} · ${f.specimens}`,
      direction: 'charge',
      workDay: days.last,
      serviceKey,
      unit: line ? line.unit : 'specimen-day',
      quantity,
      createdAt: now,
      ...pricing(line, quantity, now),
    });
  }
  const inserted = await insertEvents(db, fresh);
  return { charges: inserted.length, repriced };
}
