// Finance (docs/finance.md "Billable events"): the billable events the work itself makes. Each names
// its source record (`sourceKind` + `sourceRef`) and is priced when made from the contract line in
// force (unit price, tax rate, currency copied on), so a later price change never moves it. Money is
// NUMERIC (read with api-contract's Decimal, never Number): money NUMERIC(14,2), unit prices and
// quantities NUMERIC(14,4), rates NUMERIC(7,6).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects, users } from './schema.js';
import { marketingContracts } from './schema-marketing.js';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const price = (name: string) => numeric(name, { precision: 14, scale: 4 });
const rate = (name: string) => numeric(name, { precision: 7, scale: 6 });

/**
 * One billable event: a charge made by a source record, or the reversal of one (`reversesId`,
 * quantity and amounts negated, prices copied from the charge). `status`: priced, unpriced (the
 * exception queue: no contract line in force), waived (finance resolved an exception without a
 * price, with a reason) or void (an unpriced charge whose work was undone: nothing to reverse).
 * A source is charged at most once and reversed at most once (the unique indexes).
 */
export const financeBillableEvents = pgTable(
  'finance_billable_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The service kind (api-contract SERVICE_KINDS: test, kit, storage, freight, outbound, nonroutine). */
    kind: text('kind').notNull(),
    /** The source record: report-item, kit-line, shipment, outbound-bill, fee, storage. */
    sourceKind: text('source_kind').notNull(),
    /** Its id (storage: `<class>:<period>`, the accrual of one project, storage class and month). */
    sourceRef: text('source_ref').notNull(),
    /** A readable name of the source (report number and test item, order number, bill number). */
    sourceLabel: text('source_label').notNull(),
    direction: text('direction').notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    /** The day the work was done (storage: the period's last day): prices are those in force then. */
    workDay: date('work_day', { mode: 'string' }).notNull(),
    serviceKey: text('service_key').notNull(),
    unit: text('unit'),
    quantity: price('quantity').notNull(),
    status: text('status').notNull(),
    contractId: integer('contract_id').references(() => marketingContracts.id),
    contractVersionNo: integer('contract_version_no'),
    currency: text('currency'),
    taxInclusive: boolean('tax_inclusive'),
    unitPrice: price('unit_price'),
    taxRate: rate('tax_rate'),
    net: money('net'),
    tax: money('tax'),
    gross: money('gross'),
    pricedAt: ts('priced_at'),
    resolveReason: text('resolve_reason'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('finance_billable_events_source_uq').on(t.sourceKind, t.sourceRef, t.projectId, t.direction),
    uniqueIndex('finance_billable_events_reverses_uq').on(t.reversesId),
    // The bills list's order (work day, then id, newest first) within a project or a period: its page
    // is read from the index and its total counted on it (docs/performance.md "Billable events").
    index('finance_billable_events_project_idx').on(t.projectId, t.workDay, t.id),
    index('finance_billable_events_day_idx').on(t.workDay, t.id),
    index('finance_billable_events_status_idx').on(t.status),
    check('finance_billable_events_direction_ck', sql`${t.direction} IN ('charge', 'reversal')`),
    check(
      'finance_billable_events_reversal_ck',
      sql`(${t.direction} = 'charge') = (${t.reversesId} IS NULL)`,
    ),
    check(
      'finance_billable_events_priced_ck',
      sql`${t.status} <> 'priced' OR (${t.unitPrice} IS NOT NULL AND ${t.gross} IS NOT NULL AND ${t.currency} IS NOT NULL)`,
    ),
  ],
);

/**
 * How many billable events there are per project, work day, kind and status: kept by statement
 * triggers on `finance_billable_events` (migration `billable_event_counts`: one aggregated upsert
 * per INSERT, UPDATE or DELETE statement), so the bills list's total is a sum over at most a few
 * rows per day instead of a count of the period's events (docs/performance.md "Billable events").
 */
export const financeBillableEventCounts = pgTable(
  'finance_billable_event_counts',
  {
    projectId: integer('project_id').notNull(),
    workDay: date('work_day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.workDay, t.kind, t.status] })],
);
