// Suppliers of supply (docs/supply.md "Suppliers"): contacts, qualifications with their expiry and
// the active / blocked state. A lot names its supplier (supply_lots.supplier_id).
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, users } from './schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface SupplierContact {
  name: string;
  role?: string | null;
  phone?: string | null;
  email?: string | null;
}

export const supplySuppliers = pgTable(
  'supply_suppliers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name'),
    address: text('address'),
    contacts: jsonb('contacts').$type<SupplierContact[]>().notNull().default([]),
    /** active | blocked (SUPPLIER_STATES). */
    status: text('status').notNull().default('active'),
    blockReason: text('block_reason'),
    blockedBy: integer('blocked_by').references(() => users.id),
    blockedAt: ts('blocked_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('supply_suppliers_code_uq').on(t.code)],
);

/** A document a supplier is qualified by, with its expiry (replaced as a whole when edited). */
export const supplyQualifications = pgTable(
  'supply_supplier_qualifications',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => supplySuppliers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    docNo: text('doc_no').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    /** An expired required document refuses stock-in of the supplier's lots. */
    required: boolean('required').notNull().default(true),
    fileId: integer('file_id').references(() => files.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('supply_qualifications_supplier_idx').on(t.supplierId),
    index('supply_qualifications_expiry_idx').on(t.expiryDate),
  ],
);
