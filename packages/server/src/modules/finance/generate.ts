// Generation of a period's billable events (docs/finance.md "Billable events"): idempotent, so it
// runs again after a contract arrives late and creates nothing twice. It (1) charges the work each
// source did in the period that has no charge yet, (2) reverses charges whose work was undone,
// (3) re-prices the period's exceptions a contract now covers and (4), for an ended period, accrues
// storage from custody intervals. Every price is the contract line in force on the work day, copied
// onto the event. The unique index on (source, project, direction) makes a concurrent run harmless.
import { Decimal } from '@trialab/api-contract';
import { and, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { financeBillableEvents } from '../../db/schema-finance.js';
import { dayStart } from '../../lib/time-zone.js';
import { contractLineInForce } from '../marketing/repository.js';
import { clippedIntervals } from './custody-intervals.js';
import { withLocalSettings } from './repository.js';
import { boxMonths, negate, type PriceSource, periodDays, priceEvent } from './service.js';
import { WORK_SOURCES } from './sources.js';

type EventInsert = typeof financeBillableEvents.$inferInsert;
const CHUNK = 5000;
/** Sort memory of the storage accrual's query (see storageFigures). */
const STORAGE_WORK_MEM = '256MB';

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

// An event's money by its line (the price book's object), quantity and price override: the same
// for every event of a run that shares them (thousands of report items at one price).
const moneyMemo = new WeakMap<PriceSource, Map<string, ReturnType<typeof priceEvent>>>();
function moneyOf(line: PriceSource, quantity: string, override: string | undefined) {
  let byLine = moneyMemo.get(line);
  if (!byLine) {
    byLine = new Map();
    moneyMemo.set(line, byLine);
  }
  const key = `${quantity}|${override ?? ''}`;
  let money = byLine.get(key);
  if (!money) {
    money = priceEvent(quantity, line, override);
    byLine.set(key, money);
  }
  return money;
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
    ...moneyOf(line, quantity, override ?? undefined),
    pricedAt: now,
  };
}

// The events table's columns but its id, as the JSON rows of `insertEvents` name and type them.
const EVENT_COLUMNS = Object.values(getTableColumns(financeBillableEvents)).filter((c) => c.name !== 'id');
const EVENT_KEYS = Object.entries(getTableColumns(financeBillableEvents))
  .filter(([, c]) => c.name !== 'id')
  .map(([key]) => key as keyof EventInsert);
const EVENT_RECORD = sql.raw(EVENT_COLUMNS.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
const EVENT_NAMES = sql.raw(EVENT_COLUMNS.map((c) => `"${c.name}"`).join(', '));
// A column left out of a row takes its default (the version), as drizzle's insert would give it.
const EVENT_VALUES = sql.raw(
  EVENT_COLUMNS.map((c) =>
    c.hasDefault && c.default !== undefined
      ? `COALESCE(r."${c.name}", ${Number(c.default)})`
      : `r."${c.name}"`,
  ).join(', '),
);

/**
 * Inserts events CHUNK at a time, each chunk one statement with one parameter (its rows as JSON,
 * read by jsonb_to_recordset): an event already there (the source index) is skipped. Answers how
 * many were inserted.
 */
async function insertEvents(db: Executor, rows: EventInsert[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(
      rows.slice(i, i + CHUNK).map((row) => {
        const record: Record<string, unknown> = {};
        EVENT_KEYS.forEach((key, n) => {
          const value = row[key];
          if (value !== undefined && value !== null) record[EVENT_COLUMNS[n]?.name ?? key] = value;
        });
        return record;
      }),
    );
    const done = rowsOf(
      await db.execute(sql`INSERT INTO finance_billable_events (${EVENT_NAMES})
        SELECT ${EVENT_VALUES} FROM jsonb_to_recordset(${json}::jsonb) AS r(${EVENT_RECORD})
        ON CONFLICT DO NOTHING RETURNING id`),
    );
    inserted += done.length;
  }
  return inserted;
}

/**
 * The charges of a source already made for work of the period's days (`project|ref`): that work is
 * skipped before it is priced, so a second run reads and writes nothing for it. The insert's
 * conflict on the source index stays the arbiter (a concurrent run, work charged on another day).
 */
async function chargedRefs(db: Executor, sourceKind: string, days: { from: string; toExclusive: string }) {
  const rows = rowsOf(
    await db.execute(sql`SELECT project_id, source_ref FROM finance_billable_events
      WHERE work_day >= ${days.from} AND work_day < ${days.toExclusive}
        AND source_kind = ${sourceKind} AND direction = 'charge'`),
  );
  return new Set(rows.map((r) => `${r.project_id}|${r.source_ref}`));
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
    // The work already charged is skipped here, from one read of the period's charges (an
    // anti-join's plan on a freshly filled table was one scan per row), and by the insert's conflict.
    const rows = rowsOf(await db.execute(source.done(range)));
    const charged = await chargedRefs(db, source.sourceKind, days);
    const events: EventInsert[] = [];
    for (const r of rows) {
      if (charged.has(`${r.project_id}|${r.source_ref}`)) continue;
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
    charges += await insertEvents(db, events);
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
    reversals = await insertEvents(
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
  // The intervals are sorted three times (each specimen's next event, the distinct specimens, each
  // box's overlaps): a million of them sort in memory with this much, on disk with the default 4 MB.
  const result = await withLocalSettings(db, { work_mem: STORAGE_WORK_MEM }, (tx) =>
    tx.execute(sql`
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
  return rowsOf(result).map((r) => ({
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
  return { charges: await insertEvents(db, fresh), repriced };
}
