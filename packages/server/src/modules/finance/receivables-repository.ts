// Reads and writes of receivables (docs/finance.md "Receivables"). One SQL definition of a confirmed
// statement's balance (`receivablesOf`): owed = gross + reviewed adjustments, paid = allocations not
// undone, outstanding = owed − paid, due on = confirmation day (lab zone) + the contract's payment
// days, and its aging bucket as of a given day. The balances list, the aging and the allocation
// checks all read it, so a bucket's count is its list. Money stays NUMERIC text (never Number).
import type {
  AgingBucket,
  AgingRow,
  AllocationRow,
  BurnAlert,
  BurnDownRow,
  Lang,
  PaymentRow,
  ReceivableRow,
  UnbilledRow,
} from '@trialab/api-contract';
import { AGING_BUCKETS, DEFAULT_PAYMENT_DAYS, Decimal } from '@trialab/api-contract';
import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { financeBillableEvents } from '../../db/schema-finance.js';
import { financeAllocations, financePayments } from '../../db/schema-finance-receivables.js';
import { financeStatements } from '../../db/schema-finance-statements.js';
import { marketingCustomers } from '../../db/schema-marketing.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { Page } from '../../lib/route.js';
import { containsPattern } from '../../lib/search.js';
import type { CustomerVisibility } from '../marketing/service.js';
import { projectScope } from './repository.js';

const str = (v: unknown) => String(v);
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());

/** The name of the customer joined as `cu` (or `c`) in the reader's language (`localNameColumn`). */
const customerNameOf = (lang: Lang, alias: 'cu' | 'c' = 'cu') =>
  localNameColumn({ name: sql.raw(`${alias}.name`), enName: sql.raw(`${alias}.en_name`) }, lang);

/** A keyword matching a customer `c` by either of its names. */
const customerNameLike = (like: string) =>
  sql`(c.name ILIKE ${like} OR coalesce(c.en_name, '') ILIKE ${like})`;

/** The customers a caller sees (`marketing_customers` as `c`); finance sees every one. */
const customerScope = (vis: CustomerVisibility): SQL =>
  vis.all ? sql`TRUE` : sql`c.owner_id = ${vis.userId}`;

/**
 * Every confirmed statement the caller may see with its balance and aging as of `asOf` (a lab day),
 * as a subquery. The customer is the project's (the first linked, as the statement shows it); the
 * payment days are those of the contract that priced its lines (the default without one).
 */
function receivablesOf(vis: CustomerVisibility, asOf: string, zone: string, lang: Lang): SQL {
  const s = financeStatements;
  const scope = projectScope(s.projectId, vis) ?? sql`TRUE`;
  return sql`(
    SELECT b.*, b.owed - b.paid AS outstanding, b.confirmed_on + b.payment_days AS due_on,
      ${asOf}::date - (b.confirmed_on + b.payment_days) AS days_past_due
    FROM (
      SELECT ${s.id} AS statement_id, ${s.number} AS number, ${s.projectId} AS project_id,
        p.project_no, ${s.period} AS period, ${s.currency} AS currency, cu.id AS customer_id,
        ${customerNameOf(lang)} AS customer_name, cu.name AS customer_name_zh, cu.en_name AS customer_name_en,
        ${s.gross} + COALESCE((SELECT SUM(j.gross) FROM finance_adjustments j
          WHERE j.statement_id = ${s.id} AND j.status = 'reviewed'), 0) AS owed,
        COALESCE((SELECT SUM(a.amount) FROM finance_allocations a
          WHERE a.statement_id = ${s.id} AND a.unallocated_at IS NULL), 0) AS paid,
        (${s.confirmedAt} AT TIME ZONE ${zone})::date AS confirmed_on,
        COALESCE((SELECT k.payment_days FROM finance_statement_lines l
          JOIN finance_billable_events e ON e.id = l.event_id
          JOIN marketing_contracts k ON k.id = e.contract_id
          WHERE l.statement_id = ${s.id} ORDER BY k.id LIMIT 1), ${DEFAULT_PAYMENT_DAYS}) AS payment_days
      FROM ${s} JOIN projects p ON p.id = ${s.projectId}
      LEFT JOIN LATERAL (SELECT c.id, c.name, c.en_name FROM marketing_customer_projects cp
        JOIN marketing_customers c ON c.id = cp.customer_id
        WHERE cp.project_id = ${s.projectId} ORDER BY c.id LIMIT 1) cu ON TRUE
      WHERE ${s.status} = 'confirmed' AND ${scope}
    ) b
  )`;
}

/** The aging bucket of a number of days past due, in SQL (one definition; `AGING_BUCKETS` order). */
const bucketOf = (days: SQL) => sql`CASE WHEN ${days} < 0 THEN 'current' WHEN ${days} <= 30 THEN 'd0_30'
  WHEN ${days} <= 60 THEN 'd31_60' WHEN ${days} <= 90 THEN 'd61_90' ELSE 'over90' END`;

const paymentState = (r: Record<string, unknown>): ReceivableRow['state'] => {
  const outstanding = Decimal.of(str(r.outstanding));
  if (outstanding.cmp('0') <= 0) return 'paid';
  return Decimal.of(str(r.paid)).cmp('0') > 0 ? 'partly-paid' : 'unpaid';
};

const toReceivable = (r: Record<string, unknown>): ReceivableRow => ({
  statementId: Number(r.statement_id),
  number: str(r.number),
  projectId: Number(r.project_id),
  projectNo: str(r.project_no),
  customerId: r.customer_id === null ? null : Number(r.customer_id),
  customerName: strOrNull(r.customer_name),
  period: str(r.period),
  currency: str(r.currency) as ReceivableRow['currency'],
  dueAmount: Decimal.of(str(r.owed)).toFixed(2),
  paidAmount: Decimal.of(str(r.paid)).toFixed(2),
  outstandingAmount: Decimal.of(str(r.outstanding)).toFixed(2),
  state: paymentState(r),
  confirmedOn: str(r.confirmed_on).slice(0, 10),
  paymentDays: Number(r.payment_days),
  dueOn: str(r.due_on).slice(0, 10),
  daysPastDue: Number(r.days_past_due),
  bucket: str(r.bucket) as AgingBucket,
});

export interface BalanceFilter {
  page: number;
  size: number;
  customerId?: number | null | undefined;
  currency?: string | null | undefined;
  state?: ReceivableRow['state'] | null | undefined;
  bucket?: AgingBucket | null | undefined;
  open?: boolean | null | undefined;
  keyword?: string | null | undefined;
  statementIds?: number[];
}

/** The confirmed statements with their balances (a bucket lists only what is outstanding in it). */
export async function pageBalances(
  db: Executor,
  vis: CustomerVisibility,
  f: BalanceFilter,
  asOf: string,
  zone: string,
  lang: Lang,
): Promise<Page<ReceivableRow>> {
  const where: SQL[] = [sql`TRUE`];
  if (f.customerId) where.push(sql`r.customer_id = ${f.customerId}`);
  if (f.currency) where.push(sql`r.currency = ${f.currency}`);
  if (f.bucket || f.open) where.push(sql`r.outstanding > 0`);
  if (f.bucket) where.push(sql`r.bucket = ${f.bucket}`);
  if (f.state === 'paid') where.push(sql`r.outstanding <= 0`);
  if (f.state === 'partly-paid') where.push(sql`r.outstanding > 0 AND r.paid > 0`);
  if (f.state === 'unpaid') where.push(sql`r.outstanding > 0 AND r.paid = 0`);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    where.push(sql`(r.number ILIKE ${like} OR r.project_no ILIKE ${like} OR r.customer_name_zh ILIKE ${like}
      OR coalesce(r.customer_name_en, '') ILIKE ${like})`);
  }
  if (f.statementIds) where.push(sql`r.statement_id IN (${sql.join(f.statementIds, sql`, `)})`);
  const from = sql`(SELECT x.*, ${bucketOf(sql`x.days_past_due`)} AS bucket
    FROM ${receivablesOf(vis, asOf, zone, lang)} x) r WHERE ${sql.join(where, sql` AND `)}`;
  const [total] = rowsOf(await db.execute(sql`SELECT COUNT(*)::int AS n FROM ${from}`));
  const rows = rowsOf(
    await db.execute(sql`SELECT r.statement_id, r.number, r.project_id, r.project_no, r.period, r.currency,
      r.customer_id, r.customer_name, r.owed::text AS owed, r.paid::text AS paid,
      r.outstanding::text AS outstanding, r.confirmed_on::text AS confirmed_on, r.payment_days,
      r.due_on::text AS due_on, r.days_past_due, r.bucket
      FROM ${from} ORDER BY r.due_on, r.statement_id LIMIT ${f.size} OFFSET ${(f.page - 1) * f.size}`),
  );
  return new Page(rows.map(toReceivable), Number(total?.n ?? 0));
}

/** Outstanding per customer and currency in each bucket, with the number of statements counted. */
export async function agingOf(
  db: Executor,
  vis: CustomerVisibility,
  asOf: string,
  zone: string,
  lang: Lang,
): Promise<AgingRow[]> {
  const rows = rowsOf(
    await db.execute(sql`SELECT r.customer_id, r.customer_name, r.currency, r.bucket,
        SUM(r.outstanding)::text AS amount, COUNT(*)::int AS n
      FROM (SELECT x.*, ${bucketOf(sql`x.days_past_due`)} AS bucket
        FROM ${receivablesOf(vis, asOf, zone, lang)} x) r
      WHERE r.outstanding > 0
      GROUP BY r.customer_id, r.customer_name, r.currency, r.bucket
      ORDER BY r.customer_name, r.currency`),
  );
  const byKey = new Map<string, AgingRow>();
  for (const r of rows) {
    const key = `${r.customer_id}|${r.currency}`;
    let row = byKey.get(key);
    if (!row) {
      const zero = Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, '0.00']));
      const none = Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, 0]));
      row = {
        customerId: r.customer_id === null ? null : Number(r.customer_id),
        customerName: strOrNull(r.customer_name),
        currency: str(r.currency) as AgingRow['currency'],
        amounts: zero as AgingRow['amounts'],
        counts: none as AgingRow['counts'],
      };
      byKey.set(key, row);
    }
    const bucket = str(r.bucket) as AgingBucket;
    row.amounts[bucket] = Decimal.of(str(r.amount)).toFixed(2);
    row.counts[bucket] = Number(r.n);
    row.amounts.total = Decimal.of(row.amounts.total).add(str(r.amount)).toFixed(2);
    row.counts.total += Number(r.n);
  }
  return [...byKey.values()];
}

// ---- payments ----

const paymentSelect = (
  lang: Lang,
) => sql`SELECT y.id, y.customer_id, ${customerNameOf(lang, 'c')} AS customer_name, y.currency,
    y.amount::text AS amount,
    COALESCE((SELECT SUM(a.amount) FROM finance_allocations a
      WHERE a.payment_id = y.id AND a.unallocated_at IS NULL), 0)::text AS allocated,
    y.received_on::text AS received_on, y.bank_ref, y.payer, y.note, y.slip_file_id,
    u.username AS creator_name, y.created_at
  FROM finance_payments y JOIN marketing_customers c ON c.id = y.customer_id
  JOIN users u ON u.id = y.created_by`;

const toPayment = (r: Record<string, unknown>): PaymentRow => ({
  id: Number(r.id),
  customerId: Number(r.customer_id),
  customerName: str(r.customer_name),
  currency: str(r.currency) as PaymentRow['currency'],
  amount: Decimal.of(str(r.amount)).toFixed(2),
  allocatedAmount: Decimal.of(str(r.allocated)).toFixed(2),
  unallocatedAmount: Decimal.of(str(r.amount)).sub(str(r.allocated)).toFixed(2),
  receivedOn: str(r.received_on).slice(0, 10),
  bankRef: str(r.bank_ref),
  payer: str(r.payer),
  note: strOrNull(r.note),
  slipFileId: r.slip_file_id === null ? null : Number(r.slip_file_id),
  creatorName: str(r.creator_name),
  createdAt: new Date(String(r.created_at)).toISOString(),
});

export async function pagePayments(
  db: Executor,
  vis: CustomerVisibility,
  f: {
    page: number;
    size: number;
    customerId?: number | null | undefined;
    currency?: string | null | undefined;
    keyword?: string | null | undefined;
  },
  lang: Lang,
): Promise<Page<PaymentRow>> {
  const where: SQL[] = [customerScope(vis)];
  if (f.customerId) where.push(sql`y.customer_id = ${f.customerId}`);
  if (f.currency) where.push(sql`y.currency = ${f.currency}`);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    where.push(sql`(y.bank_ref ILIKE ${like} OR y.payer ILIKE ${like} OR ${customerNameLike(like)})`);
  }
  const cond = sql.join(where, sql` AND `);
  const [total] = rowsOf(
    await db.execute(sql`SELECT COUNT(*)::int AS n FROM finance_payments y
      JOIN marketing_customers c ON c.id = y.customer_id WHERE ${cond}`),
  );
  const rows = rowsOf(
    await db.execute(sql`${paymentSelect(lang)} WHERE ${cond} ORDER BY y.received_on DESC, y.id DESC
      LIMIT ${f.size} OFFSET ${(f.page - 1) * f.size}`),
  );
  return new Page(rows.map(toPayment), Number(total?.n ?? 0));
}

/**
 * A payment the caller may see, or not found. `lock` takes its row FOR UPDATE first, so allocations
 * of one payment are checked one after the other (its unallocated rest is read after the lock).
 */
export async function visiblePayment(
  db: Executor,
  vis: CustomerVisibility,
  id: number,
  lang: Lang,
  lock = false,
): Promise<PaymentRow> {
  if (lock) await db.execute(sql`SELECT id FROM finance_payments WHERE id = ${id} FOR UPDATE`);
  const [row] = rowsOf(
    await db.execute(sql`${paymentSelect(lang)} WHERE y.id = ${id} AND ${customerScope(vis)}`),
  );
  if (!row) throw notFound();
  return toPayment(row);
}

export async function insertPayment(
  db: Executor,
  values: typeof financePayments.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(financePayments).values(values).returning({ id: financePayments.id });
  if (!row) throw new Error('payment not stored');
  return row.id;
}

/** A payment's allocations, those undone included, oldest first. */
export async function allocationsOf(db: Executor, paymentId: number): Promise<AllocationRow[]> {
  const rows = rowsOf(
    await db.execute(sql`SELECT a.id, a.payment_id, a.statement_id, s.number, p.project_no,
        a.amount::text AS amount, u.username AS creator_name, a.created_at, a.unallocated_at,
        v.username AS unallocator_name, a.unallocate_reason
      FROM finance_allocations a JOIN finance_statements s ON s.id = a.statement_id
      JOIN projects p ON p.id = s.project_id JOIN users u ON u.id = a.created_by
      LEFT JOIN users v ON v.id = a.unallocated_by
      WHERE a.payment_id = ${paymentId} ORDER BY a.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    paymentId: Number(r.payment_id),
    statementId: Number(r.statement_id),
    statementNumber: str(r.number),
    projectNo: str(r.project_no),
    amount: Decimal.of(str(r.amount)).toFixed(2),
    creatorName: str(r.creator_name),
    createdAt: new Date(String(r.created_at)).toISOString(),
    unallocatedAt: isoOrNull(r.unallocated_at),
    unallocatorName: strOrNull(r.unallocator_name),
    unallocateReason: strOrNull(r.unallocate_reason),
  }));
}

export async function insertAllocations(
  db: Executor,
  rows: Array<typeof financeAllocations.$inferInsert>,
): Promise<number[]> {
  const made = await db.insert(financeAllocations).values(rows).returning({ id: financeAllocations.id });
  return made.map((r) => r.id);
}

/** An allocation not yet undone whose payment the caller may see (not found otherwise). */
export async function visibleAllocation(db: Executor, vis: CustomerVisibility, id: number) {
  const [row] = await db
    .select({ a: financeAllocations })
    .from(financeAllocations)
    .innerJoin(financePayments, eq(financePayments.id, financeAllocations.paymentId))
    .innerJoin(marketingCustomers, eq(marketingCustomers.id, financePayments.customerId))
    .where(
      and(eq(financeAllocations.id, id), vis.all ? undefined : eq(marketingCustomers.ownerId, vis.userId)),
    );
  if (!row) throw notFound();
  return row.a;
}

/** Undoes an allocation once (null when it was already undone). */
export async function undoAllocation(
  db: Executor,
  id: number,
  input: { userId: number; now: Date; reason: string },
) {
  const [row] = await db
    .update(financeAllocations)
    .set({ unallocatedBy: input.userId, unallocatedAt: input.now, unallocateReason: input.reason })
    .where(and(eq(financeAllocations.id, id), isNull(financeAllocations.unallocatedAt)))
    .returning({ id: financeAllocations.id });
  return row ?? null;
}

// ---- contract burn-down and unbilled work ----

/** Where a burn-down alert starts: 80 % of the contract value billed; at 100 % it is over. */
const BURN_NEAR = '0.8';

/**
 * The alert of a contract (`b`: value, billed, status), in SQL so the list filters and counts by it:
 * only a contract in force raises one (a closed contract's work is over), from 80 % of its value
 * billed (`near`) and at 100 % (`over`); a contract of no value is over once anything is billed.
 * Compared exactly (NUMERIC), never on a rounded rate.
 */
const burnAlertOf = (b: string) =>
  sql.raw(`CASE WHEN ${b}.status <> 'active' OR ${b}.billed <= 0 THEN 'none'
    WHEN ${b}.billed >= ${b}.value THEN 'over'
    WHEN ${b}.billed >= ${b}.value * ${BURN_NEAR} THEN 'near' ELSE 'none' END`);

export interface BurnFilter {
  page: number;
  size: number;
  customerId?: number | null | undefined;
  alert?: readonly BurnAlert[] | null | undefined;
}

/**
 * Per contract the caller may see (in force or closed): the latest version's amount, what is billed
 * (the gross of its events on confirmed statements plus the reviewed adjustments of those lines) and
 * the alert. The home to-do's count is this list's total filtered by the raised alerts.
 */
export async function burnDown(
  db: Executor,
  vis: CustomerVisibility,
  f: BurnFilter,
  lang: Lang,
): Promise<Page<BurnDownRow>> {
  const contracts = sql`(SELECT k.id, k.number, ${customerNameOf(lang, 'c')} AS customer_name, k.currency, k.status,
        COALESCE((SELECT v.amount FROM marketing_contract_versions v WHERE v.contract_id = k.id
          ORDER BY v.version_no DESC LIMIT 1), 0) AS value,
        COALESCE((SELECT SUM(l.gross) FROM finance_statement_lines l
          JOIN finance_statements s ON s.id = l.statement_id AND s.status = 'confirmed'
          JOIN finance_billable_events e ON e.id = l.event_id WHERE e.contract_id = k.id), 0)
        + COALESCE((SELECT SUM(x.gross) FROM finance_adjustment_lines x
          JOIN finance_adjustments j ON j.id = x.adjustment_id AND j.status = 'reviewed'
          JOIN finance_statement_lines l ON l.id = x.statement_line_id
          JOIN finance_billable_events e ON e.id = l.event_id WHERE e.contract_id = k.id), 0) AS billed
      FROM marketing_contracts k JOIN marketing_customers c ON c.id = k.customer_id
      WHERE k.status <> 'draft' AND ${customerScope(vis)}
        ${f.customerId ? sql`AND k.customer_id = ${f.customerId}` : sql``})`;
  const alerts = f.alert && f.alert.length > 0 ? f.alert : null;
  const from = sql`(SELECT b.*, ${burnAlertOf('b')} AS alert FROM ${contracts} b) r
    ${alerts ? sql`WHERE r.alert IN (${sql.join([...alerts], sql`, `)})` : sql``}`;
  const [total] = rowsOf(await db.execute(sql`SELECT COUNT(*)::int AS n FROM ${from}`));
  const rows = rowsOf(
    await db.execute(sql`SELECT r.id, r.number, r.customer_name, r.currency, r.status, r.alert,
        r.value::text AS value, r.billed::text AS billed
      FROM ${from} ORDER BY r.number LIMIT ${f.size} OFFSET ${(f.page - 1) * f.size}`),
  );
  return new Page(
    rows.map((r) => {
      const value = Decimal.of(str(r.value));
      const billed = Decimal.of(str(r.billed));
      return {
        contractId: Number(r.id),
        contractNumber: str(r.number),
        customerName: str(r.customer_name),
        currency: str(r.currency) as BurnDownRow['currency'],
        status: str(r.status),
        contractAmount: value.toFixed(2),
        billedAmount: billed.toFixed(2),
        burnRate: value.cmp('0') > 0 ? billed.div(value, 4).toFixed(4) : null,
        alert: str(r.alert) as BurnAlert,
      };
    }),
    Number(total?.n ?? 0),
  );
}

/**
 * Whether an event (its id and status) is not billed yet: priced, on no confirmed statement and on
 * no adjustment.
 */
const notBilled = (id: SQL | AnyColumn, status: SQL | AnyColumn) =>
  sql`${status} = 'priced'
    AND NOT EXISTS (SELECT 1 FROM finance_statement_lines l JOIN finance_statements s ON s.id = l.statement_id
      WHERE l.event_id = ${id} AND s.status = 'confirmed')
    AND NOT EXISTS (SELECT 1 FROM finance_adjustment_lines x WHERE x.event_id = ${id})`;

/**
 * Unbilled work per project and currency: the charges not billed yet. A reversal is never unbilled
 * work by itself: when its charge is not billed either, the two cancel (neither is counted); when
 * its charge is on a confirmed statement, it is a credit for an adjustment, not work to bill. So the
 * amount is never negative, and work undone before it was billed leaves no trace here.
 */
export async function unbilledWork(
  db: Executor,
  vis: CustomerVisibility,
  customerId: number | null | undefined,
  lang: Lang,
): Promise<UnbilledRow[]> {
  const e = financeBillableEvents;
  const scope = projectScope(e.projectId, vis) ?? sql`TRUE`;
  const projectName = localNameColumn({ name: sql`p.name`, enName: sql`p.en_name` }, lang);
  const rows = rowsOf(
    await db.execute(sql`SELECT ${e.projectId}, p.project_no, ${projectName} AS project_name,
        ${customerNameOf(lang)} AS customer_name,
        ${e.currency}, COUNT(*)::int AS events, SUM(${e.gross})::text AS gross,
        MIN(${e.workDay})::text AS first_day, MAX(${e.workDay})::text AS last_day
      FROM ${e} JOIN projects p ON p.id = ${e.projectId}
      LEFT JOIN LATERAL (SELECT c.id, c.name, c.en_name FROM marketing_customer_projects cp
        JOIN marketing_customers c ON c.id = cp.customer_id
        WHERE cp.project_id = ${e.projectId} ORDER BY c.id LIMIT 1) cu ON TRUE
      WHERE ${e.direction} = 'charge' AND ${notBilled(e.id, e.status)} AND ${scope}
        AND NOT EXISTS (SELECT 1 FROM finance_billable_events r
          WHERE r.reverses_id = ${e.id} AND ${notBilled(sql.raw('r.id'), sql.raw('r.status'))})
        ${customerId ? sql`AND cu.id = ${customerId}` : sql``}
      GROUP BY ${e.projectId}, p.project_no, p.name, p.en_name, cu.name, cu.en_name, ${e.currency}
      ORDER BY p.project_no, ${e.currency}`),
  );
  return rows.map((r) => ({
    projectId: Number(r.project_id),
    projectNo: str(r.project_no),
    projectName: str(r.project_name),
    customerName: strOrNull(r.customer_name),
    currency: str(r.currency) as UnbilledRow['currency'],
    events: Number(r.events),
    unbilledAmount: Decimal.of(str(r.gross)).toFixed(2),
    firstDay: str(r.first_day).slice(0, 10),
    lastDay: str(r.last_day).slice(0, 10),
  }));
}
