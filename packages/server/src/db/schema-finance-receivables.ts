// Receivables (docs/finance.md "Receivables"): payments received from customers and their
// allocations to confirmed statements. A payment is never changed or deleted; an allocation is never
// deleted, and the one change it takes is being undone (who, when and why), once: triggers refuse
// anything else (migration `finance_receivables_append_only`). Money is NUMERIC (read with Decimal).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { files, users } from './schema.js';
import { money, ts } from './schema-finance.js';
import { financeStatements } from './schema-finance-statements.js';
import { marketingCustomers } from './schema-marketing.js';

export const financePayments = pgTable(
  'finance_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => marketingCustomers.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    bankRef: text('bank_ref').notNull(),
    payer: text('payer').notNull(),
    note: text('note'),
    /** The bank slip (optional). */
    slipFileId: integer('slip_file_id').references(() => files.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('finance_payments_customer_idx').on(t.customerId),
    check('finance_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** Part of a payment set against a statement; undone allocations stay, marked with who, when, why. */
export const financeAllocations = pgTable(
  'finance_allocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => financePayments.id),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => financeStatements.id),
    amount: money('amount').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    unallocatedBy: integer('unallocated_by').references(() => users.id),
    unallocatedAt: ts('unallocated_at'),
    unallocateReason: text('unallocate_reason'),
  },
  (t) => [
    index('finance_allocations_payment_idx').on(t.paymentId),
    index('finance_allocations_statement_idx').on(t.statementId),
    check('finance_allocations_amount_ck', sql`${t.amount} > 0`),
    check(
      'finance_allocations_undone_ck',
      sql`(${t.unallocatedAt} IS NULL) = (${t.unallocatedBy} IS NULL) AND (${t.unallocatedAt} IS NULL) = (${t.unallocateReason} IS NULL)`,
    ),
  ],
);
