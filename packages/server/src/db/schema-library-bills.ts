// Tables of the specimen library's bills (docs/library.md "Bills"): outbound and destruction bills,
// their lines and a destruction's authorisations. A line holds its specimen from the bill's creation
// until the bill is carried out, rejected or cancelled (`held`); the partial unique index keeps a
// specimen on one open bill only, whatever the order of concurrent transactions.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects, stockOutTypes, users } from './schema.js';
import { storageBoxes } from './schema-library.js';
import { specimenBarcodes } from './schema-specimen.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A bill: `kind` out, pre, post, backup (outboundBill workflow) or destroy (destroyBill workflow). */
export const specimenBills = pgTable(
  'specimen_bills',
  {
    id: serial('id').primaryKey(),
    billNo: text('bill_no').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** Outbound: the stock-out type (/platform/out-warehouse); whether it lends is read from it. */
    stockOutTypeId: integer('stock_out_type_id').references(() => stockOutTypes.id),
    /** A value of dictionary 1017 (outbound, within the type's reasons) or 1018 (destruction). */
    reason: text('reason').notNull(),
    recipient: text('recipient'),
    destination: text('destination'),
    /** pre: the planned handover day; post: the day the specimens were removed. */
    plannedAt: date('planned_at', { mode: 'string' }),
    removedAt: date('removed_at', { mode: 'string' }),
    /** post: why the removal could not wait for a bill. */
    deviation: text('deviation'),
    remark: text('remark'),
    /** Scanned at confirmation but not on the bill, until put back. */
    extras: text('extras').array().notNull().default(sql`'{}'::text[]`),
    /** Destruction: how, the certificate's reference, the witness (another user). */
    method: text('method'),
    certificate: text('certificate'),
    witnessId: integer('witness_id').references(() => users.id),
    /** Outbound: who took the specimens over. */
    receiverName: text('receiver_name'),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    confirmedAt: ts('confirmed_at'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('specimen_bills_no_uq').on(t.billNo),
    index('specimen_bills_status_idx').on(t.kind, t.status),
  ],
);

/** A specimen on a bill: the whole of it, or `quantityUl` of it (the rest stays in place). */
export const specimenBillLines = pgTable(
  'specimen_bill_lines',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => specimenBills.id, { onDelete: 'cascade' }),
    specimenId: integer('specimen_id')
      .notNull()
      .references(() => specimenBarcodes.id),
    whole: boolean('whole').notNull(),
    quantityUl: integer('quantity_ul'),
    /** The bill holds the specimen (no second bill, move or destruction takes it). */
    held: boolean('held').notNull().default(true),
    scannedBy: integer('scanned_by').references(() => users.id),
    scannedAt: ts('scanned_at'),
    /** Reconciled as missing at confirmation: the line is not carried out. */
    missingNote: text('missing_note'),
    returnedAt: ts('returned_at'),
    returnBoxId: integer('return_box_id').references(() => storageBoxes.id),
    returnPosition: text('return_position'),
  },
  (t) => [
    uniqueIndex('specimen_bill_lines_bill_specimen_uq').on(t.billId, t.specimenId),
    uniqueIndex('specimen_bill_lines_held_uq').on(t.specimenId).where(sql`${t.held}`),
  ],
);

/** A destruction's authorisations: step 1 and 2, two different people, whether each held QA. */
export const specimenBillAuthorisations = pgTable(
  'specimen_bill_authorisations',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => specimenBills.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    qa: boolean('qa').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    uniqueIndex('specimen_bill_auth_step_uq').on(t.billId, t.step),
    uniqueIndex('specimen_bill_auth_user_uq').on(t.billId, t.userId),
  ],
);
