// Kit and tube barcodes reserved before kits are sent (docs/supply.md "Barcodes and labels"). One
// counter for every project hands out serials; a reservation takes the next `count` of them in one
// row-locked update, so two reservations never overlap. A code is never deleted nor reissued: the
// unique index on `code` and the triggers of migration `supply_barcodes_never_reissued` refuse it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects, sites, users, visitPoints } from './schema.js';
import { sampleTransports } from './schema-portal.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The one serial counter (a single row, id 1): `next` is the first serial not handed out yet. */
export const supplyBarcodeCounter = pgTable('supply_barcode_counter', {
  id: integer('id').primaryKey(),
  next: bigint('next', { mode: 'number' }).notNull(),
});

/** One reservation: `count` consecutive serials for a project's site (and visit). */
export const supplyBarcodeRanges = pgTable(
  'supply_barcode_ranges',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    visitId: integer('visit_id').references(() => visitPoints.id),
    /** `tube` or `kit` (BARCODE_KINDS). */
    kind: text('kind').notNull(),
    firstSerial: bigint('first_serial', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    firstCode: text('first_code').notNull(),
    lastCode: text('last_code').notNull(),
    remark: text('remark'),
    reservedBy: integer('reserved_by')
      .notNull()
      .references(() => users.id),
    reservedAt: ts('reserved_at').notNull(),
  },
  (t) => [
    check('supply_barcode_ranges_kind', sql`${t.kind} in ('tube', 'kit')`),
    check('supply_barcode_ranges_count', sql`${t.count} > 0`),
    uniqueIndex('supply_barcode_ranges_first_uq').on(t.firstSerial),
    index('supply_barcode_ranges_project_idx').on(t.projectId, t.id),
  ],
);

/** One code of a range and where it is in its life. */
export const supplyBarcodes = pgTable(
  'supply_barcodes',
  {
    id: serial('id').primaryKey(),
    rangeId: integer('range_id')
      .notNull()
      .references(() => supplyBarcodeRanges.id),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    /** Prefix, serial and check character (ISO 7064 MOD 37,36). */
    code: text('code').notNull(),
    /** BARCODE_STATES. */
    state: text('state').notNull().default('reserved'),
    printedAt: ts('printed_at'),
    shippedAt: ts('shipped_at'),
    usedAt: ts('used_at'),
    usedBy: integer('used_by').references(() => users.id),
    /** The shipment it arrived in. */
    usedTransportId: integer('used_transport_id').references(() => sampleTransports.id),
    voidedAt: ts('voided_at'),
    voidedBy: integer('voided_by').references(() => users.id),
    voidReason: text('void_reason'),
  },
  (t) => [
    check('supply_barcodes_state', sql`${t.state} in ('reserved', 'printed', 'shipped', 'used', 'voided')`),
    uniqueIndex('supply_barcodes_code_uq').on(t.code),
    uniqueIndex('supply_barcodes_serial_uq').on(t.serial),
    index('supply_barcodes_range_idx').on(t.rangeId, t.serial),
  ],
);
