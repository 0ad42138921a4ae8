// Tables of supply (docs/supply.md): the consumable catalogue (the kits are `consumable_kits` of
// schema-portal.ts, whose items name a catalogue consumable), the stores, the lots and the stock
// ledger. Lots and ledger rows are append-only (the database refuses UPDATE, DELETE and TRUNCATE,
// like the audit trail); on-hand is their sum, never a stored counter. Money is NUMERIC, read as a
// decimal string.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, users } from './schema.js';
import { supplySuppliers } from './schema-supply-suppliers.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

/** A consumable of the catalogue (/supply/consum-material). */
export const supplyConsumables = pgTable(
  'supply_consumables',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name'),
    size: text('size'),
    vendor: text('vendor'),
    unit: text('unit').notNull(),
    /** The English size, vendor, unit and scope of use (`localText`: en-US readers see them). */
    enSize: text('en_size'),
    enVendor: text('en_vendor'),
    enUnit: text('en_unit'),
    pictureFileId: integer('picture_file_id').references(() => files.id),
    scopeOfUse: text('scope_of_use'),
    enScopeOfUse: text('en_scope_of_use'),
    /** Days from ordering to receiving a new lot (reorder suggestions). */
    leadDays: integer('lead_days').notNull().default(14),
    /** Extra days of consumption kept on hand beyond the lead time. */
    safetyDays: integer('safety_days').notNull().default(7),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supply_consumables_code_uq').on(t.code),
    index('supply_consumables_name_idx').on(t.name),
  ],
);

/** A place stock is kept (the main warehouse, a cold room); transfers move lots between them. */
export const supplyStores = pgTable(
  'supply_stores',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('supply_stores_code_uq').on(t.code)],
);

/**
 * A lot as received (append-only): its expiry, unit cost and certificate never change. A lot is the
 * consumable, the lot no. and the supplier it came from: the same lot no. received from another
 * supplier is a lot of its own (its own cost and supplier), so every stock-in names its supplier.
 * Lots received without a supplier share one lot per lot no. (NULLS NOT DISTINCT).
 */
export const supplyLots = pgTable(
  'supply_lots',
  {
    id: serial('id').primaryKey(),
    consumableId: integer('consumable_id')
      .notNull()
      .references(() => supplyConsumables.id),
    lotNo: text('lot_no').notNull(),
    expiryDate: day('expiry_date').notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull(),
    certificateFileId: integer('certificate_file_id').references(() => files.id),
    /** The supplier the lot was received from (docs/supply.md "Suppliers"). */
    supplierId: integer('supplier_id').references(() => supplySuppliers.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('supply_lots_consumable_lot_supplier_uq')
      .on(t.consumableId, t.lotNo, t.supplierId)
      .nullsNotDistinct(),
    index('supply_lots_lot_no_idx').on(t.lotNo),
  ],
);

/**
 * One movement of a lot in a store (append-only): `in` (stock-in), `issue` (by hand or by a
 * dispatch: the order line it went with), `transfer` (two rows, out of one store and into another,
 * sharing `batch`), `adjust` and `writeOff` (with a reason), `stocktake` (an approved variance).
 * The quantity is signed: what the store gained or lost.
 */
export const supplyMovements = pgTable(
  'supply_movements',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => supplyLots.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => supplyStores.id),
    quantity: integer('quantity').notNull(),
    reason: text('reason'),
    /** Rows written together (a transfer's two rows, a dispatch's issues). */
    batch: text('batch'),
    /** consumable_orders.id and consumable_order_lines.id of a dispatch's issue. */
    orderId: integer('order_id'),
    orderLineId: integer('order_line_id'),
    stocktakeId: integer('stocktake_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('supply_movements_lot_store_idx').on(t.lotId, t.storeId),
    index('supply_movements_order_line_idx').on(t.orderLineId).where(sql`${t.orderLineId} IS NOT NULL`),
    index('supply_movements_created_idx').on(t.createdAt),
  ],
);

/**
 * A count of one lot in one store: the variance against the ledger at the count waits for a second
 * person's approval, which writes it to the ledger as a `stocktake` movement.
 */
export const supplyStocktakes = pgTable(
  'supply_stocktakes',
  {
    id: serial('id').primaryKey(),
    stocktakeNo: text('stocktake_no').notNull(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => supplyLots.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => supplyStores.id),
    /** The ledger's on-hand when counted. */
    expected: integer('expected').notNull(),
    counted: integer('counted').notNull(),
    reason: text('reason'),
    status: text('status').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    reviewReason: text('review_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('supply_stocktakes_no_uq').on(t.stocktakeNo),
    index('supply_stocktakes_status_idx').on(t.status),
  ],
);
