// Reviewed moves of the specimen library (docs/library.md "Reviewed moves"): a request of specimen
// and box lines, reviewed with an e-signature and carried out through the position engine. Each line
// keeps where it takes from (as it was when the request was made) and where it puts to.
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.js';
import { storageBoxes, storageRacks, storageUnits } from './schema-library.js';
import { specimenBarcodes } from './schema-specimen.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A move request (workflow `specimenMove`): `kind` move (by hand, the map) or evacuate (a failed unit). */
export const moveRequests = pgTable(
  'specimen_move_requests',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    /** The failed unit of an evacuation. */
    unitId: integer('unit_id').references(() => storageUnits.id),
    /** Why it was rejected or cancelled. */
    closeReason: text('close_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    executedBy: integer('executed_by').references(() => users.id),
    executedAt: ts('executed_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('specimen_move_requests_number_uq').on(t.number),
    index('specimen_move_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A line: a specimen from a cell to a cell (`move`, `evacuate`), or a box (`boxMove`) from a rack slot
 * to a rack slot (or loose into a unit). `boxId` is the box a specimen leaves or the box moved, so one
 * index finds what open requests hold.
 */
export const moveLines = pgTable(
  'specimen_move_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => moveRequests.id),
    seq: integer('seq').notNull(),
    action: text('action').notNull(),
    specimenId: integer('specimen_id').references(() => specimenBarcodes.id),
    boxId: integer('box_id')
      .notNull()
      .references(() => storageBoxes.id),
    fromRow: smallint('from_row'),
    fromCol: smallint('from_col'),
    fromUnitId: integer('from_unit_id')
      .notNull()
      .references(() => storageUnits.id),
    fromRackId: integer('from_rack_id').references(() => storageRacks.id),
    fromRackRow: smallint('from_rack_row'),
    fromRackCol: smallint('from_rack_col'),
    toBoxId: integer('to_box_id').references(() => storageBoxes.id),
    toRow: smallint('to_row'),
    toCol: smallint('to_col'),
    toUnitId: integer('to_unit_id')
      .notNull()
      .references(() => storageUnits.id),
    toRackId: integer('to_rack_id').references(() => storageRacks.id),
    toRackRow: smallint('to_rack_row'),
    toRackCol: smallint('to_rack_col'),
  },
  (t) => [
    uniqueIndex('specimen_move_lines_seq_uq').on(t.requestId, t.seq),
    index('specimen_move_lines_specimen_idx').on(t.specimenId),
    index('specimen_move_lines_box_idx').on(t.boxId),
    index('specimen_move_lines_to_box_idx').on(t.toBoxId),
  ],
);
