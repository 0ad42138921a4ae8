// Tables of the specimen library (long-term storage): the storage tree room -> unit -> rack -> box
// -> position, rack and box types, restrictions, blocked positions and the custody log. Every write
// to a position goes through services/positions (docs/library.md); the database keeps one specimen
// per position and one box per rack slot, whatever the order of concurrent transactions.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects, temperatures, users } from './schema.js';
import { specimenBarcodes } from './schema-specimen.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const version = () => integer('version').notNull().default(1);
const audit = () => ({
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  version: version(),
});

/** A room of the library: a temperature zone holding storage units. */
export const storageRooms = pgTable(
  'storage_rooms',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The zone the room keeps (ambient, -80 °C room, LN2 room). */
    temperatureId: integer('temperature_id')
      .notNull()
      .references(() => temperatures.id),
    location: text('location'),
    remark: text('remark'),
    ...audit(),
  },
  (t) => [uniqueIndex('storage_rooms_code_uq').on(t.code)],
);

/**
 * A freezer, refrigerator or LN2 tank. `temperatureId` is the storage condition it keeps (a specimen
 * of another condition is refused), `setCelsius` its set point. Only an `active` unit takes
 * specimens; a `backup` unit takes the evacuation of a failed one. `stored` and `capacity` are kept
 * by the position engine in the transaction that changes them (no map counts over positions).
 */
export const storageUnits = pgTable(
  'storage_units',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    roomId: integer('room_id')
      .notNull()
      .references(() => storageRooms.id),
    /** 'freezer', 'refrigerator', 'ln2_tank'. */
    kind: text('kind').notNull(),
    temperatureId: integer('temperature_id')
      .notNull()
      .references(() => temperatures.id),
    setCelsius: doublePrecision('set_celsius'),
    /** 'active', 'defrosting', 'backup', 'out_of_service'. */
    status: text('status').notNull().default('active'),
    /** Rack slots of the unit: shelves x slots per shelf. */
    rows: smallint('rows').notNull(),
    cols: smallint('cols').notNull(),
    stored: integer('stored').notNull().default(0),
    capacity: integer('capacity').notNull().default(0),
    remark: text('remark'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('storage_units_code_uq').on(t.code),
    index('storage_units_room_idx').on(t.roomId),
    check('storage_units_stored_ck', sql`${t.stored} >= 0`),
  ],
);

/** A rack type (frozen-type-manage): rows x columns of box slots. */
export const rackTypes = pgTable(
  'storage_rack_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    rows: smallint('rows').notNull(),
    cols: smallint('cols').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...audit(),
  },
  (t) => [uniqueIndex('storage_rack_types_code_uq').on(t.code)],
);

/**
 * A box type (frozen-box-type-manage): a grid of rows x columns with its label style (`alnum`: A1..,
 * `numeric`: 1..rows*cols) and fill order (`row`: A1 A2 .. B1, `column`: A1 B1 .. A2), or a
 * dimensionless container (`bag`, `bin`: rows and cols null, optional capacity).
 */
export const boxTypes = pgTable(
  'storage_box_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 'grid', 'bag', 'bin'. */
    kind: text('kind').notNull().default('grid'),
    rows: smallint('rows'),
    cols: smallint('cols'),
    capacity: integer('capacity'),
    labels: text('labels').notNull().default('alnum'),
    fillOrder: text('fill_order').notNull().default('row'),
    enabled: boolean('enabled').notNull().default(true),
    ...audit(),
  },
  (t) => [uniqueIndex('storage_box_types_code_uq').on(t.code)],
);

/** A rack in a unit slot (`slot`: 1..unit rows*cols), with rows x columns of box slots. */
export const storageRacks = pgTable(
  'storage_racks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => storageUnits.id),
    slot: smallint('slot').notNull(),
    rackTypeId: integer('rack_type_id')
      .notNull()
      .references(() => rackTypes.id),
    rows: smallint('rows').notNull(),
    cols: smallint('cols').notNull(),
    ...audit(),
  },
  (t) => [
    uniqueIndex('storage_racks_code_uq').on(t.code),
    uniqueIndex('storage_racks_slot_uq').on(t.unitId, t.slot),
  ],
);

/**
 * A box (or bag, bin) in a rack slot, or loose in a unit (`rackId` null: LN2 canes, bags on a
 * shelf). Grid and labels are copied from its type so that a box can be edited on its own (never
 * below its occupied cells). `unitId` follows the box when it moves (the unit counters read it).
 */
export const storageBoxes = pgTable(
  'storage_boxes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    boxTypeId: integer('box_type_id')
      .notNull()
      .references(() => boxTypes.id),
    kind: text('kind').notNull().default('grid'),
    rows: smallint('rows'),
    cols: smallint('cols'),
    /** rows*cols for a grid, the optional capacity of a bag or bin (null: unbounded). */
    capacity: integer('capacity'),
    labels: text('labels').notNull().default('alnum'),
    fillOrder: text('fill_order').notNull().default('row'),
    unitId: integer('unit_id')
      .notNull()
      .references(() => storageUnits.id),
    rackId: integer('rack_id').references(() => storageRacks.id),
    rackRow: smallint('rack_row'),
    rackCol: smallint('rack_col'),
    stored: integer('stored').notNull().default(0),
    ...audit(),
  },
  (t) => [
    uniqueIndex('storage_boxes_code_uq').on(t.code),
    // One box per rack slot.
    uniqueIndex('storage_boxes_slot_uq').on(t.rackId, t.rackRow, t.rackCol),
    index('storage_boxes_unit_idx').on(t.unitId),
    check(
      'storage_boxes_stored_ck',
      sql`${t.stored} >= 0 AND (${t.capacity} IS NULL OR ${t.stored} <= ${t.capacity})`,
    ),
  ],
);

/**
 * Restrictions (projects, sample types, storage conditions) on a level of the tree, inherited by
 * everything below it: for each kind set on a level or above, a specimen must match one value.
 */
export const storageRestrictions = pgTable(
  'storage_restrictions',
  {
    id: serial('id').primaryKey(),
    /** 'room', 'unit', 'rack', 'box'. */
    level: text('level').notNull(),
    levelId: integer('level_id').notNull(),
    /** 'project', 'sampleType', 'temperature'. */
    kind: text('kind').notNull(),
    valueId: integer('value_id').notNull(),
  },
  (t) => [uniqueIndex('storage_restrictions_uq').on(t.level, t.levelId, t.kind, t.valueId)],
);

/**
 * Where each specimen is: one row per placed or reserved specimen. `status` 'stored' (counted in the
 * box and unit counters) or 'reserved' (held by an allocation until `expiresAt`; an expired
 * reservation is free for anyone and removed by the next writer of its box). One specimen per cell
 * and one cell per specimen, enforced by unique indexes. Cells of bags and bins have no row/col.
 */
export const specimenPositions = pgTable(
  'specimen_positions',
  {
    id: serial('id').primaryKey(),
    specimenId: integer('specimen_id')
      .notNull()
      .references(() => specimenBarcodes.id),
    boxId: integer('box_id')
      .notNull()
      .references(() => storageBoxes.id),
    row: smallint('row'),
    col: smallint('col'),
    status: text('status').notNull(),
    reservationId: text('reservation_id'),
    expiresAt: ts('expires_at'),
    placedBy: integer('placed_by')
      .notNull()
      .references(() => users.id),
    placedAt: ts('placed_at').notNull(),
  },
  (t) => [
    uniqueIndex('specimen_positions_specimen_uq').on(t.specimenId),
    uniqueIndex('specimen_positions_cell_uq').on(t.boxId, t.row, t.col),
    index('specimen_positions_reservation_idx').on(t.reservationId),
  ],
);

/** Cells that take nothing (broken), or only one project's specimens (held for it). */
export const blockedPositions = pgTable(
  'storage_blocked_positions',
  {
    id: serial('id').primaryKey(),
    boxId: integer('box_id')
      .notNull()
      .references(() => storageBoxes.id),
    row: smallint('row').notNull(),
    col: smallint('col').notNull(),
    /** Held for this project; null: blocked for everyone. */
    projectId: integer('project_id').references(() => projects.id),
    reason: text('reason').notNull(),
    blockedBy: integer('blocked_by')
      .notNull()
      .references(() => users.id),
    blockedAt: ts('blocked_at').notNull(),
  },
  (t) => [uniqueIndex('storage_blocked_positions_cell_uq').on(t.boxId, t.row, t.col)],
);

/**
 * The custody log: one row per specimen per change of where it is or whose it is (place, move, box
 * move, outbound, return, destroy, evacuate, import). Append-only; written by the position engine in
 * the same transaction as the position. Reports and billing read it: a specimen's storage days per
 * unit and project are the intervals between its events (`toUnitId` from one event to the next).
 */
export const custodyEvents = pgTable(
  'custody_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    specimenId: integer('specimen_id')
      .notNull()
      .references(() => specimenBarcodes.id),
    /** Project of the specimen at the time (billing groups by it without a join). */
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    action: text('action').notNull(),
    fromBoxId: integer('from_box_id').references(() => storageBoxes.id),
    fromUnitId: integer('from_unit_id').references(() => storageUnits.id),
    fromPosition: text('from_position'),
    toBoxId: integer('to_box_id').references(() => storageBoxes.id),
    toUnitId: integer('to_unit_id').references(() => storageUnits.id),
    toPosition: text('to_position'),
    /** Groups the events of one request (a move of many is one reviewed move). */
    batchId: text('batch_id').notNull(),
    /** What caused it: 'bill:12', 'reservation:<id>', 'scan-import:<file>'; null for a direct action. */
    reference: text('reference'),
    reason: text('reason'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: ts('at').notNull(),
  },
  (t) => [
    index('custody_events_specimen_idx').on(t.specimenId, t.at),
    index('custody_events_project_idx').on(t.projectId, t.at),
    index('custody_events_batch_idx').on(t.batchId),
    // The custody log's filters and the box timeline (docs/library.md "Custody log and timelines").
    index('custody_events_at_idx').on(t.at),
    index('custody_events_to_box_idx').on(t.toBoxId),
    index('custody_events_from_box_idx').on(t.fromBoxId),
    index('custody_events_reference_idx').on(t.reference),
  ],
);
