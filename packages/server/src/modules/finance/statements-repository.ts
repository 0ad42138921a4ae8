// Reads and writes of statements and adjustments (docs/finance.md "Statements"). A statement's lines
// copy its events' money; its totals are the sums of its lines (NUMERIC sums are exact). Sales staff
// see the statements of their own customers' projects; finance sees all (`projectScope`).
import type { AdjustmentRow, Lang, StatementLine, StatementRow } from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client.js';
import { files, projects, users } from '../../db/schema.js';
import { financeBillableEvents } from '../../db/schema-finance.js';
import {
  financeAdjustmentLines,
  financeAdjustments,
  financeStatementLines,
  financeStatementSeries,
  financeStatements,
} from '../../db/schema-finance-statements.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { Page } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import type { CustomerVisibility } from '../marketing/service.js';
import { projectScope, withLocalSettings } from './repository.js';

const s = financeStatements;
const l = financeStatementLines;
const a = financeAdjustments;
const al = financeAdjustmentLines;
const ev = financeBillableEvents;
const creator = alias(users, 'statement_creator');
const reviewer = alias(users, 'statement_reviewer');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- statements ----

const statementSelect = (db: Executor, lang: Lang) =>
  db
    .select({
      s,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
      creatorName: creator.username,
      reviewerName: reviewer.username,
      customerName: sql<
        string | null
      >`(SELECT ${localNameColumn({ name: sql`c.name`, enName: sql`c.en_name` }, lang)}
        FROM marketing_customer_projects cp
        JOIN marketing_customers c ON c.id = cp.customer_id WHERE cp.project_id = ${s.projectId}
        ORDER BY c.id LIMIT 1)`,
      lineCount: sql<number>`(SELECT COUNT(*)::int FROM finance_statement_lines x WHERE x.statement_id = ${s.id})`,
      adjustedGross: sql<string>`(${s.gross} + COALESCE((SELECT SUM(j.gross) FROM finance_adjustments j
        WHERE j.statement_id = ${s.id} AND j.status = 'reviewed'), 0))::text`,
    })
    .from(s)
    .innerJoin(projects, eq(projects.id, s.projectId))
    .innerJoin(creator, eq(creator.id, s.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, s.reviewedBy));

type StatementSelected = Awaited<ReturnType<ReturnType<typeof statementSelect>['where']>>[number];

const toStatementRow = (r: StatementSelected): StatementRow => ({
  id: r.s.id,
  number: r.s.number,
  projectId: r.s.projectId,
  projectNo: r.projectNo,
  projectName: r.projectName,
  customerName: r.customerName,
  period: r.s.period,
  currency: r.s.currency as StatementRow['currency'],
  taxInclusive: r.s.taxInclusive,
  status: r.s.status as StatementRow['status'],
  lineCount: Number(r.lineCount),
  net: r.s.net,
  tax: r.s.tax,
  gross: r.s.gross,
  adjustedGross: r.adjustedGross,
  fxRate: r.s.fxRate,
  fxDate: r.s.fxDate,
  signedFileId: r.s.signedFileId,
  pdfFileId: r.s.pdfFileId,
  pdfSha256: r.s.pdfSha256,
  fapiaoNo: r.s.fapiaoNo,
  fapiaoDate: r.s.fapiaoDate,
  cancelReason: r.s.cancelReason,
  createdBy: r.s.createdBy,
  creatorName: r.creatorName,
  createdAt: r.s.createdAt.toISOString(),
  reviewerName: r.reviewerName,
  confirmedAt: iso(r.s.confirmedAt),
  version: r.s.version,
});

export async function pageStatements(
  db: Executor,
  vis: CustomerVisibility,
  f: {
    page: number;
    size: number;
    status?: string | null | undefined;
    projectId?: number | null | undefined;
    period?: string | null | undefined;
    keyword?: string | null | undefined;
  },
  lang: Lang,
) {
  const where = and(
    projectScope(s.projectId, vis),
    f.status ? eq(s.status, f.status) : undefined,
    f.projectId ? eq(s.projectId, f.projectId) : undefined,
    f.period ? eq(s.period, f.period) : undefined,
    containsAny([s.number, s.fapiaoNo, projects.projectNo], f.keyword ?? undefined),
  );
  const [total] = await db
    .select({ n: count() })
    .from(s)
    .innerJoin(projects, eq(projects.id, s.projectId))
    .where(where);
  const rows = await statementSelect(db, lang)
    .where(where)
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  return new Page(rows.map(toStatementRow), Number(total?.n ?? 0));
}

/** A statement the caller may see, or not found (another's customer's statement is not there). */
export async function visibleStatement(
  db: Executor,
  vis: CustomerVisibility,
  id: number,
  lang: Lang,
): Promise<StatementRow> {
  const [row] = await statementSelect(db, lang).where(and(eq(s.id, id), projectScope(s.projectId, vis)));
  if (!row) throw notFound();
  return toStatementRow(row);
}

/** A project the caller may bill: one of their customers' (every one for finance), or not found. */
export async function assertProjectVisible(db: Executor, vis: CustomerVisibility, projectId: number) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), projectScope(projects.id, vis)));
  if (!row) throw notFound();
}

/** The language the project's customer reads its documents in (null: no customer). */
export async function customerLangOf(db: Executor, projectId: number): Promise<Lang | null> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT c.lang FROM marketing_customer_projects cp
      JOIN marketing_customers c ON c.id = cp.customer_id WHERE cp.project_id = ${projectId}
      ORDER BY c.id LIMIT 1`),
  );
  return row ? (String(row.lang) as Lang) : null;
}

/** Locks a statement's row for the transaction (adjustments of one statement are made one at a time). */
export async function lockStatement(db: Executor, id: number): Promise<void> {
  await db.execute(sql`SELECT id FROM finance_statements WHERE id = ${id} FOR UPDATE`);
}

const lineSelect = (db: Executor) =>
  db
    .select({
      l,
      ev,
      credited: sql<string>`COALESCE((SELECT SUM(x.gross) FROM finance_adjustment_lines x
        JOIN finance_adjustments j ON j.id = x.adjustment_id
        WHERE x.statement_line_id = ${l.id} AND x.direction = 'credit' AND j.status <> 'cancelled'), 0)::text`,
    })
    .from(l)
    .innerJoin(ev, eq(ev.id, l.eventId));

const lineOrder = [asc(ev.kind), asc(ev.workDay), asc(l.id)];

type LineSelected = Awaited<ReturnType<ReturnType<typeof lineSelect>['where']>>[number];

const toLine = (r: LineSelected): StatementLine => ({
  id: r.l.id,
  eventId: r.ev.id,
  kind: r.ev.kind as StatementLine['kind'],
  serviceKey: r.ev.serviceKey,
  sourceLabel: r.ev.sourceLabel,
  direction: r.ev.direction as StatementLine['direction'],
  workDay: r.ev.workDay,
  unit: r.ev.unit,
  quantity: r.ev.quantity,
  unitPrice: r.ev.unitPrice ?? '0',
  taxRate: r.ev.taxRate ?? '0',
  net: r.l.net,
  tax: r.l.tax,
  gross: r.l.gross,
  credited: r.credited,
});

/** Every line of a statement with its event's prices and what adjustments not cancelled credited. */
export async function statementLines(db: Executor, statementId: number): Promise<StatementLine[]> {
  const rows = await lineSelect(db)
    .where(eq(l.statementId, statementId))
    .orderBy(...lineOrder);
  return rows.map(toLine);
}

/**
 * The SHA-256 (hex) of a statement's lines as its e-signatures attest them, computed in the database
 * so a statement of 100,000 lines is never read into the server: each line (its id, its event's id,
 * kind, service, source, direction, work day, unit, quantity, prices and rate, and its net, tax and
 * gross) as a JSON array, one per row in line order, joined by newlines; with the number of lines.
 * Any change to a line, a line added or one removed changes it. What adjustments credited is not in
 * it: a statement is signed before it is confirmed, and only a confirmed statement is adjusted.
 */
export async function linesDigest(
  db: Executor,
  statementId: number,
): Promise<{ lines: number; sha256: string }> {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT COUNT(*)::int AS lines, encode(sha256(convert_to(COALESCE(string_agg(json_build_array(
          l.id, e.id, e.kind, e.service_key, e.source_label, e.direction, e.work_day::text, e.unit,
          e.quantity::text, e.unit_price::text, e.tax_rate::text, l.net::text, l.tax::text, l.gross::text
        )::text, E'\n' ORDER BY l.id), ''), 'UTF8')), 'hex') AS sha256
      FROM finance_statement_lines l JOIN finance_billable_events e ON e.id = l.event_id
      WHERE l.statement_id = ${statementId}`),
  );
  return { lines: Number(row?.lines ?? 0), sha256: String(row?.sha256) };
}

/**
 * A page of a statement's lines, in the order of `statementLines` (charges or reversals only when
 * `direction` is given). The total counts the statement's lines through their index.
 */
export async function pageStatementLines(
  db: Executor,
  statementId: number,
  f: { page: number; size: number; direction?: 'charge' | 'reversal' | null | undefined },
) {
  const where = and(eq(l.statementId, statementId), f.direction ? eq(ev.direction, f.direction) : undefined);
  const [total] = f.direction
    ? await db.select({ n: count() }).from(l).innerJoin(ev, eq(ev.id, l.eventId)).where(where)
    : await db.select({ n: count() }).from(l).where(eq(l.statementId, statementId));
  const rows = await lineSelect(db)
    .where(where)
    .orderBy(...lineOrder)
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  return new Page(rows.map(toLine), Number(total?.n ?? 0));
}

/** Totals per kind (sums of the rounded lines). */
export async function statementKinds(db: Executor, statementId: number) {
  const rows = await db
    .select({
      kind: ev.kind,
      lines: count(),
      net: sql<string>`SUM(${l.net})::text`,
      tax: sql<string>`SUM(${l.tax})::text`,
      gross: sql<string>`SUM(${l.gross})::text`,
    })
    .from(l)
    .innerJoin(ev, eq(ev.id, l.eventId))
    .where(eq(l.statementId, statementId))
    .groupBy(ev.kind)
    .orderBy(ev.kind);
  return rows.map((r) => ({ ...r, kind: r.kind as StatementLine['kind'], lines: Number(r.lines) }));
}

/**
 * The lines a statement prints: its events grouped by service and price (quantities and amounts
 * summed from the rounded lines), in kind order.
 */
export async function printedLines(db: Executor, statementId: number) {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT e.kind, e.service_key, e.unit, e.unit_price::text AS unit_price, e.tax_rate::text AS tax_rate,
        COUNT(*)::int AS events, SUM(e.quantity)::text AS quantity, SUM(l.net)::text AS net,
        SUM(l.tax)::text AS tax, SUM(l.gross)::text AS gross
      FROM finance_statement_lines l JOIN finance_billable_events e ON e.id = l.event_id
      WHERE l.statement_id = ${statementId}
      GROUP BY e.kind, e.service_key, e.unit, e.unit_price, e.tax_rate
      ORDER BY e.kind, e.service_key, e.unit_price`),
  );
  return rows.map((r) => ({
    kind: String(r.kind),
    serviceKey: String(r.service_key),
    unit: r.unit === null ? null : String(r.unit),
    unitPrice: String(r.unit_price),
    taxRate: String(r.tax_rate),
    events: Number(r.events),
    quantity: String(r.quantity),
    net: String(r.net),
    tax: String(r.tax),
    gross: String(r.gross),
  }));
}

/**
 * The events a project's statement for a period takes: priced, done before the period's end, on no
 * statement or adjustment yet, and not the reversal of work already on a confirmed statement (that
 * goes to an adjustment).
 */
const eligible = (projectId: number, toExclusive: string): SQL => sql`
  e.project_id = ${projectId} AND e.status = 'priced' AND e.work_day < ${toExclusive}
  AND NOT EXISTS (SELECT 1 FROM finance_statement_lines x WHERE x.event_id = e.id)
  AND NOT EXISTS (SELECT 1 FROM finance_adjustment_lines x WHERE x.event_id = e.id)
  AND NOT (e.direction = 'reversal' AND EXISTS (SELECT 1 FROM finance_statement_lines x
    JOIN finance_statements t ON t.id = x.statement_id
    WHERE x.event_id = e.reverses_id AND t.status = 'confirmed'))`;

/**
 * Drafts a project's statements for a period: one per currency and tax basis of its eligible
 * events. Lines are taken by INSERT … SELECT (an event already taken by a concurrent run is skipped
 * by the unique index) and the totals are the sums of the lines that insert took.
 */
export function generateStatements(
  db: Executor,
  input: { projectId: number; period: string; toExclusive: string; userId: number; now: Date },
): Promise<number[]> {
  // The eligible events are read twice (their currencies, then the lines): estimated far above
  // what they cost, each was JIT-compiled first (0.9 s apiece at 100,000 events), and the lines'
  // sort spilled to disk with the default 4 MB.
  return withLocalSettings(db, { jit: 'off', work_mem: '64MB' }, (tx) => draftStatements(tx, input));
}

async function draftStatements(
  db: Executor,
  input: { projectId: number; period: string; toExclusive: string; userId: number; now: Date },
): Promise<number[]> {
  const groups = rowsOf(
    await db.execute(sql`SELECT e.currency, e.tax_inclusive FROM finance_billable_events e
      WHERE ${eligible(input.projectId, input.toExclusive)}
      GROUP BY e.currency, e.tax_inclusive ORDER BY e.currency, e.tax_inclusive`),
  );
  const ids: number[] = [];
  for (const g of groups) {
    const currency = String(g.currency);
    const taxInclusive = g.tax_inclusive === true || g.tax_inclusive === 't';
    const [row] = await db
      .insert(s)
      .values({
        projectId: input.projectId,
        period: input.period,
        currency,
        taxInclusive,
        status: 'draft',
        net: '0',
        tax: '0',
        gross: '0',
        createdBy: input.userId,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: s.id });
    if (!row) throw notFound();
    // The lines and their sums in one statement: what the insert took (RETURNING) is summed.
    const [sums] = rowsOf(
      await db.execute(sql`WITH added AS (
        INSERT INTO finance_statement_lines (statement_id, event_id, net, tax, gross)
        SELECT ${row.id}, e.id, e.net, e.tax, e.gross FROM finance_billable_events e
        WHERE ${eligible(input.projectId, input.toExclusive)} AND e.currency = ${currency}
          AND e.tax_inclusive = ${taxInclusive}
        ORDER BY e.work_day, e.id
        ON CONFLICT (event_id) DO NOTHING
        RETURNING net, tax, gross)
      SELECT COUNT(*)::int AS n, COALESCE(SUM(net), 0)::text AS net,
        COALESCE(SUM(tax), 0)::text AS tax, COALESCE(SUM(gross), 0)::text AS gross FROM added`),
    );
    if (!sums || Number(sums.n) === 0) {
      await db.delete(s).where(eq(s.id, row.id));
      continue;
    }
    await db
      .update(s)
      .set({ net: String(sums.net), tax: String(sums.tax), gross: String(sums.gross) })
      .where(eq(s.id, row.id));
    ids.push(row.id);
  }
  return ids;
}

/** Releases a cancelled statement's events (they may be billed again); the statement keeps its totals. */
export async function releaseLines(db: Executor, statementId: number): Promise<void> {
  await db.delete(l).where(eq(l.statementId, statementId));
}

/**
 * The next number of a series, gapless: the series' counter row is locked FOR UPDATE by the
 * confirming transaction, so a rolled-back confirmation gives its number back and two confirmations
 * never share one.
 */
export async function nextStatementNumber(db: Executor, series: string): Promise<string> {
  await db.insert(financeStatementSeries).values({ series, lastNo: 0 }).onConflictDoNothing();
  const [locked] = rowsOf(
    await db.execute(sql`SELECT last_no FROM finance_statement_series WHERE series = ${series} FOR UPDATE`),
  );
  const next = Number(locked?.last_no ?? 0) + 1;
  await db
    .update(financeStatementSeries)
    .set({ lastNo: next })
    .where(eq(financeStatementSeries.series, series));
  return `${series}-${String(next).padStart(4, '0')}`;
}

/** The stored file of a confirmed statement's PDF (by its hash). */
export async function storedPdf(db: Executor, sha256: string) {
  const [file] = await db.select({ size: files.size }).from(files).where(eq(files.sha256, sha256)).limit(1);
  if (!file) throw notFound();
  return file;
}

export async function setStatement(
  db: Executor,
  id: number,
  version: number,
  values: Partial<typeof s.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(s)
    .set(values)
    .where(and(eq(s.id, id), eq(s.version, version)))
    .returning({ id: s.id });
  return rows.length > 0;
}

// ---- adjustments ----

const adjCreator = alias(users, 'adjustment_creator');
const adjReviewer = alias(users, 'adjustment_reviewer');

const adjustmentSelect = (db: Executor) =>
  db
    .select({
      a,
      statementNumber: s.number,
      currency: s.currency,
      projectId: s.projectId,
      projectNo: projects.projectNo,
      creatorName: adjCreator.username,
      reviewerName: adjReviewer.username,
      lineCount: sql<number>`(SELECT COUNT(*)::int FROM finance_adjustment_lines x WHERE x.adjustment_id = ${a.id})`,
    })
    .from(a)
    .innerJoin(s, eq(s.id, a.statementId))
    .innerJoin(projects, eq(projects.id, s.projectId))
    .innerJoin(adjCreator, eq(adjCreator.id, a.createdBy))
    .leftJoin(adjReviewer, eq(adjReviewer.id, a.reviewedBy));

type AdjustmentSelected = Awaited<ReturnType<ReturnType<typeof adjustmentSelect>['where']>>[number];

const toAdjustmentRow = (r: AdjustmentSelected): AdjustmentRow => ({
  id: r.a.id,
  statementId: r.a.statementId,
  statementNumber: r.statementNumber ?? '',
  seq: r.a.seq,
  projectNo: r.projectNo,
  currency: r.currency as AdjustmentRow['currency'],
  status: r.a.status as AdjustmentRow['status'],
  reason: r.a.reason,
  net: r.a.net,
  tax: r.a.tax,
  gross: r.a.gross,
  lineCount: Number(r.lineCount),
  createdBy: r.a.createdBy,
  creatorName: r.creatorName,
  createdAt: r.a.createdAt.toISOString(),
  reviewerName: r.reviewerName,
  reviewedAt: iso(r.a.reviewedAt),
  cancelReason: r.a.cancelReason,
  version: r.a.version,
});

export async function pageAdjustments(
  db: Executor,
  vis: CustomerVisibility,
  f: {
    page: number;
    size: number;
    status?: string | null | undefined;
    statementId?: number | null | undefined;
    keyword?: string | null | undefined;
  },
) {
  const where = and(
    projectScope(s.projectId, vis),
    f.status ? eq(a.status, f.status) : undefined,
    f.statementId ? eq(a.statementId, f.statementId) : undefined,
    containsAny([s.number, a.reason], f.keyword ?? undefined),
  );
  const [total] = await db.select({ n: count() }).from(a).innerJoin(s, eq(s.id, a.statementId)).where(where);
  const rows = await adjustmentSelect(db)
    .where(where)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  return new Page(rows.map(toAdjustmentRow), Number(total?.n ?? 0));
}

export async function statementAdjustments(db: Executor, statementId: number): Promise<AdjustmentRow[]> {
  const rows = await adjustmentSelect(db).where(eq(a.statementId, statementId)).orderBy(asc(a.seq));
  return rows.map(toAdjustmentRow);
}

export async function visibleAdjustment(db: Executor, vis: CustomerVisibility, id: number) {
  const [row] = await adjustmentSelect(db).where(and(eq(a.id, id), projectScope(s.projectId, vis)));
  if (!row) throw notFound();
  return toAdjustmentRow(row);
}

export async function adjustmentLines(db: Executor, adjustmentId: number) {
  const rows = await db
    .select({ al, kind: ev.kind, sourceLabel: ev.sourceLabel })
    .from(al)
    .innerJoin(l, eq(l.id, al.statementLineId))
    .innerJoin(ev, eq(ev.id, l.eventId))
    .where(eq(al.adjustmentId, adjustmentId))
    .orderBy(asc(al.id));
  return rows.map((r) => ({
    id: r.al.id,
    statementLineId: r.al.statementLineId,
    eventId: r.al.eventId,
    direction: r.al.direction as 'credit' | 'debit',
    kind: r.kind as StatementLine['kind'],
    sourceLabel: r.sourceLabel,
    net: r.al.net,
    tax: r.al.tax,
    gross: r.al.gross,
  }));
}

/**
 * Gross already credited on each of the lines (credits are negative), counting adjustments in the
 * given states, leaving one adjustment out (the one being reviewed).
 */
export async function creditedOn(
  db: Executor,
  lineIds: readonly number[],
  states: readonly string[],
  except?: number,
): Promise<Map<number, string>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({ lineId: al.statementLineId, gross: sql<string>`SUM(${al.gross})::text` })
    .from(al)
    .innerJoin(a, eq(a.id, al.adjustmentId))
    .where(
      and(
        inArray(al.statementLineId, [...lineIds]),
        eq(al.direction, 'credit'),
        inArray(a.status, [...states]),
        except === undefined ? undefined : ne(a.id, except),
      ),
    )
    .groupBy(al.statementLineId);
  return new Map(rows.map((r) => [r.lineId, r.gross]));
}

export interface AdjustmentLineInsert {
  statementLineId: number;
  eventId: number | null;
  direction: 'credit' | 'debit';
  net: string;
  tax: string;
  gross: string;
}

/** A draft adjustment with its lines; its totals summed from the lines; `seq` the statement's next. */
export async function insertAdjustment(
  db: Executor,
  values: {
    statementId: number;
    reason: string;
    userId: number;
    now: Date;
    totals: { net: string; tax: string; gross: string };
  },
  lines: readonly AdjustmentLineInsert[],
): Promise<number> {
  const [seq] = rowsOf(
    await db.execute(
      sql`SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM finance_adjustments WHERE statement_id = ${values.statementId}`,
    ),
  );
  const [row] = await db
    .insert(a)
    .values({
      statementId: values.statementId,
      seq: Number(seq?.seq ?? 1),
      status: 'draft',
      reason: values.reason,
      ...values.totals,
      createdBy: values.userId,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: a.id });
  if (!row) throw notFound();
  await db.insert(al).values(lines.map((line) => ({ ...line, adjustmentId: row.id })));
  return row.id;
}

export async function setAdjustment(
  db: Executor,
  id: number,
  version: number,
  values: Partial<typeof a.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(a)
    .set(values)
    .where(and(eq(a.id, id), eq(a.version, version)))
    .returning({ id: a.id });
  return rows.length > 0;
}

/**
 * Reversals of work already on a confirmed statement that no adjustment carries yet, with the
 * statement line of the charge they reverse.
 */
export async function reversalsToLand(db: Executor) {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT r.id, r.net::text AS net, r.tax::text AS tax, r.gross::text AS gross,
        x.id AS line_id, x.statement_id, x.gross::text AS line_gross, r.source_label
      FROM finance_billable_events r
      JOIN finance_statement_lines x ON x.event_id = r.reverses_id
      JOIN finance_statements t ON t.id = x.statement_id AND t.status = 'confirmed'
      WHERE r.direction = 'reversal' AND r.status = 'priced'
        AND NOT EXISTS (SELECT 1 FROM finance_adjustment_lines y WHERE y.event_id = r.id)
        AND NOT EXISTS (SELECT 1 FROM finance_statement_lines y WHERE y.event_id = r.id)
      ORDER BY x.statement_id, r.id`),
  );
  return rows.map((r) => ({
    eventId: Number(r.id),
    net: String(r.net),
    tax: String(r.tax),
    gross: String(r.gross),
    lineId: Number(r.line_id),
    statementId: Number(r.statement_id),
    lineGross: String(r.line_gross),
    sourceLabel: String(r.source_label),
  }));
}

/** What a statement line is (its event's price basis and label), for the lines an adjustment names. */
export async function linesOfStatement(db: Executor, statementId: number, lineIds: readonly number[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({
      id: l.id,
      gross: l.gross,
      taxRate: ev.taxRate,
      taxInclusive: ev.taxInclusive,
      sourceLabel: ev.sourceLabel,
    })
    .from(l)
    .innerJoin(ev, eq(ev.id, l.eventId))
    .where(and(eq(l.statementId, statementId), inArray(l.id, [...lineIds])));
}
