// Statements and adjustments (docs/finance.md "Statements"). A statement gathers a project's priced
// billable events of a period in one currency; its lines copy each event's money (priced once, never
// looked up again) and its totals are the sums of its lines. An event is on at most one statement
// line (a unique index) and one adjustment line. A confirmed statement and a reviewed adjustment
// never change: triggers refuse it (migration `statements_immutable`), but for the fapiao number and
// date recorded against a confirmed statement. Money is NUMERIC (read with Decimal, never Number).
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
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, projects, users } from './schema.js';
import { financeBillableEvents, money, ts } from './schema-finance.js';

/** The last number given in a series (`JS<year>`): locked FOR UPDATE by the confirming transaction. */
export const financeStatementSeries = pgTable('finance_statement_series', {
  series: text('series').primaryKey(),
  lastNo: integer('last_no').notNull(),
});

export const financeStatements = pgTable(
  'finance_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Given at confirmation: `<series>-<4 digits>`, gapless per series. */
    number: text('number'),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    taxInclusive: boolean('tax_inclusive').notNull(),
    status: text('status').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
    /** CNY per unit of the currency, locked at confirmation (null for CNY). */
    fxRate: numeric('fx_rate', { precision: 14, scale: 6 }),
    fxDate: date('fx_date', { mode: 'string' }),
    /** The customer's signed statement. */
    signedFileId: integer('signed_file_id').references(() => files.id),
    pdfFileId: integer('pdf_file_id').references(() => files.id),
    pdfSha256: text('pdf_sha256'),
    fapiaoNo: text('fapiao_no'),
    fapiaoDate: date('fapiao_date', { mode: 'string' }),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    confirmedAt: ts('confirmed_at'),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('finance_statements_number_uq').on(t.number),
    index('finance_statements_project_idx').on(t.projectId, t.period),
    index('finance_statements_status_idx').on(t.status),
    check(
      'finance_statements_status_ck',
      sql`${t.status} IN ('draft', 'reviewed', 'confirmed', 'cancelled')`,
    ),
    check(
      'finance_statements_confirmed_ck',
      sql`${t.status} <> 'confirmed' OR (${t.number} IS NOT NULL AND ${t.signedFileId} IS NOT NULL AND ${t.pdfSha256} IS NOT NULL)`,
    ),
  ],
);

/** One billable event on a statement, its money copied from the event. */
export const financeStatementLines = pgTable(
  'finance_statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => financeStatements.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => financeBillableEvents.id),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
  },
  (t) => [
    uniqueIndex('finance_statement_lines_event_uq').on(t.eventId),
    index('finance_statement_lines_statement_idx').on(t.statementId),
  ],
);

export const financeAdjustments = pgTable(
  'finance_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => financeStatements.id),
    /** 1, 2… per statement. */
    seq: integer('seq').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    /** Signed sums of the lines (credits negative). */
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('finance_adjustments_seq_uq').on(t.statementId, t.seq),
    check('finance_adjustments_status_ck', sql`${t.status} IN ('draft', 'reviewed', 'cancelled')`),
  ],
);

/** A credit (negative amounts) or debit of one statement line; a reversal event lands on one. */
export const financeAdjustmentLines = pgTable(
  'finance_adjustment_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adjustmentId: bigint('adjustment_id', { mode: 'number' })
      .notNull()
      .references(() => financeAdjustments.id),
    statementLineId: bigint('statement_line_id', { mode: 'number' })
      .notNull()
      .references(() => financeStatementLines.id),
    eventId: bigint('event_id', { mode: 'number' }).references(() => financeBillableEvents.id),
    direction: text('direction').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
  },
  (t) => [
    uniqueIndex('finance_adjustment_lines_event_uq').on(t.eventId),
    index('finance_adjustment_lines_adjustment_idx').on(t.adjustmentId),
    index('finance_adjustment_lines_line_idx').on(t.statementLineId),
    check('finance_adjustment_lines_direction_ck', sql`${t.direction} IN ('credit', 'debit')`),
    check('finance_adjustment_lines_sign_ck', sql`(${t.direction} = 'credit') = (${t.gross} < 0)`),
  ],
);
