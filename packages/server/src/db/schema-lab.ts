// Tables of the laboratory: test-item settings (the core `test_items` row holds code, names, status and
// version), sample receipt, subjects, results and reports.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, sampleTypes, testItems, users } from './schema.js';
import { sampleTransportItems, sampleTransports } from './schema-portal.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** What the lab configures per test item beyond the core row (one row per item). */
export const testItemSettings = pgTable(
  'test_item_settings',
  {
    testItemId: integer('test_item_id')
      .primaryKey()
      .references(() => testItems.id, { onDelete: 'cascade' }),
    sampleTypeId: integer('sample_type_id').references(() => sampleTypes.id),
    methodology: text('methodology'),
    unit: text('unit'),
    referenceRange: text('reference_range'),
    /** 'numeric' or 'text'. */
    resultType: text('result_type').notNull().default('numeric'),
    decimals: smallint('decimals').notNull().default(2),
    tatHours: integer('tat_hours'),
    remark: text('remark'),
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [index('test_item_settings_sample_type_idx').on(t.sampleTypeId)],
);

/** The sign-off of a received shipment (one per shipment): who, when, remark. */
export const receipts = pgTable('receipts', {
  transportId: integer('transport_id')
    .primaryKey()
    .references(() => sampleTransports.id),
  receivedBy: integer('received_by')
    .notNull()
    .references(() => users.id),
  receivedAt: ts('received_at').notNull(),
  remark: text('remark'),
});

/** Waybill and temperature printouts captured with the document camera (stored as uploaded files). */
export const receiptImages = pgTable(
  'receipt_images',
  {
    id: serial('id').primaryKey(),
    transportId: integer('transport_id')
      .notNull()
      .references(() => sampleTransports.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** 'waybill', 'temperature' or 'other'. */
    kind: text('kind').notNull(),
    capturedBy: integer('captured_by').references(() => users.id),
    capturedAt: ts('captured_at').notNull(),
  },
  (t) => [index('receipt_images_transport_idx').on(t.transportId)],
);

/** Receipt of each sample line of a shipment: quality, quantity received, exception reason (dict 1009). */
export const receiptSamples = pgTable(
  'receipt_samples',
  {
    id: serial('id').primaryKey(),
    transportId: integer('transport_id')
      .notNull()
      .references(() => sampleTransports.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => sampleTransportItems.id),
    /** 'received' or 'exception' (sampleReceipt workflow). */
    state: text('state').notNull(),
    receivedQuantity: integer('received_quantity').notNull(),
    exceptionReason: text('exception_reason'),
    remark: text('remark'),
    receivedBy: integer('received_by')
      .notNull()
      .references(() => users.id),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('receipt_samples_item_uq').on(t.itemId),
    index('receipt_samples_transport_idx').on(t.transportId),
  ],
);
