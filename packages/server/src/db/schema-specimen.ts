// Tables of specimen intake: registered sample barcodes (and their sub-barcodes), the bench sign-for
// of received samples, and temporary storage of samples in containers inside devices.
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects, sampleTypes, sites, temperatures, users } from './schema.js';
import { labSubjects } from './schema-lab.js';
import { sampleTransportItems, sampleTransports } from './schema-portal.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every sample barcode known to the system: registered for a project (pre-printed labels), linked to
 * subject, visit and sample type when known, signed for at the bench against a received shipment, and
 * its sub-barcodes (aliquots: `parentId` + `suffix`). `code` is unique across the system.
 */
export const specimenBarcodes = pgTable(
  'specimen_barcodes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id').references(() => sites.id),
    subjectId: integer('subject_id').references(() => labSubjects.id),
    visit: text('visit'),
    sampleTypeId: integer('sample_type_id').references(() => sampleTypes.id),
    /** Sub-barcodes: the barcode they were split from and their suffix number (1..99). */
    parentId: integer('parent_id').references((): AnyPgColumn => specimenBarcodes.id),
    suffix: smallint('suffix'),
    /** Highest suffix ever issued to this barcode's sub-barcodes (never reused, even after disposal). */
    lastSuffix: smallint('last_suffix').notNull().default(0),
    /** specimenBarcode workflow: registered, signed, disabled. */
    status: text('status').notNull(),
    /** sampleStorage workflow: unstored, stored. */
    storage: text('storage').notNull().default('unstored'),
    /** Specimen library (services/positions): none, stored, out (on loan), destroyed. */
    library: text('library').notNull().default('none'),
    /** Times the specimen came back from outbound (a thaw each time). */
    freezeThaw: smallint('freeze_thaw').notNull().default(0),
    /** What is left of it in microlitres (null: not measured); a partial outbound takes from it. */
    volumeUl: integer('volume_ul'),
    /** The lab's remark on the specimen (set by a batch edit, docs/library.md "Batch edit"). */
    remark: text('remark'),
    /** Set at the bench sign-for: the received shipment and sample line it came with. */
    transportId: integer('transport_id').references(() => sampleTransports.id),
    transportItemId: integer('transport_item_id').references(() => sampleTransportItems.id),
    /** Storage condition of the sample (from its shipment line). */
    temperatureId: integer('temperature_id').references(() => temperatures.id),
    signedBy: integer('signed_by').references(() => users.id),
    signedAt: ts('signed_at'),
    disabledBy: integer('disabled_by').references(() => users.id),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('specimen_barcodes_code_uq').on(t.code),
    uniqueIndex('specimen_barcodes_parent_suffix_uq').on(t.parentId, t.suffix),
    index('specimen_barcodes_project_idx').on(t.projectId),
    index('specimen_barcodes_transport_idx').on(t.transportId),
    // The sample list's filters (modules/library-samples/sample-list.ts), newest first by id.
    index('specimen_barcodes_library_idx').on(t.library, t.id),
    index('specimen_barcodes_code_prefix_idx').on(t.code.op('text_pattern_ops')),
    index('specimen_barcodes_parent_idx').on(t.parentId),
    index('specimen_barcodes_subject_idx').on(t.subjectId),
    index('specimen_barcodes_site_idx').on(t.siteId),
    index('specimen_barcodes_sample_type_idx').on(t.sampleTypeId),
    index('specimen_barcodes_signed_idx').on(t.signedAt),
    // The sample list's typical filter (project, sample type, library state): its capped count walks
    // this instead of a bitmap of one sample type over every project (docs/performance.md).
    index('specimen_barcodes_project_type_idx').on(t.projectId, t.sampleTypeId, t.library),
  ],
);

/**
 * The barcodes counted (lab/barcode-stat, project-overview's received): how many specimen barcodes
 * there are per project, site, quarter hour of registration (UTC, `created_at` binned to 15
 * minutes: a whole day of every zone in use starts on one), barcode state, library state and
 * whether received (a root barcode signed for). Kept by the database in the same transaction as
 * every insert, update and delete of `specimen_barcodes` (statement triggers, migration
 * `specimen_barcode_counts`): the one way the counts change. A key whose count fell to 0 stays.
 */
export const specimenBarcodeCounts = pgTable(
  'specimen_barcode_counts',
  {
    projectId: integer('project_id').notNull(),
    siteId: integer('site_id'),
    quarter: ts('quarter').notNull(),
    status: text('status').notNull(),
    library: text('library').notNull(),
    received: boolean('received').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    unique('specimen_barcode_counts_key')
      .on(t.projectId, t.siteId, t.quarter, t.status, t.library, t.received)
      .nullsNotDistinct(),
  ],
);

/** Fridges, freezers and other devices that hold temporary storage containers. */
export const tempStorageDevices = pgTable(
  'temp_storage_devices',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 'fridge', 'freezer', 'deep_freezer', 'cabinet'. */
    kind: text('kind').notNull(),
    /** The storage condition the device keeps; samples of another condition are refused. */
    temperatureId: integer('temperature_id')
      .notNull()
      .references(() => temperatures.id),
    location: text('location'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('temp_storage_devices_code_uq').on(t.code)],
);

/** Racks and boxes with a grid of positions (rows A.., columns 1..), each inside one device. */
export const tempStorageContainers = pgTable(
  'temp_storage_containers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 'box' or 'rack'. */
    kind: text('kind').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => tempStorageDevices.id),
    rows: smallint('rows').notNull(),
    cols: smallint('cols').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('temp_storage_containers_code_uq').on(t.code),
    index('temp_storage_containers_device_idx').on(t.deviceId),
  ],
);

/** Where each stored sample is now: one row per stored barcode, one barcode per position. */
export const tempStoragePositions = pgTable(
  'temp_storage_positions',
  {
    id: serial('id').primaryKey(),
    barcodeId: integer('barcode_id')
      .notNull()
      .references(() => specimenBarcodes.id),
    containerId: integer('container_id')
      .notNull()
      .references(() => tempStorageContainers.id),
    row: smallint('row').notNull(),
    col: smallint('col').notNull(),
    storedBy: integer('stored_by')
      .notNull()
      .references(() => users.id),
    storedAt: ts('stored_at').notNull(),
  },
  (t) => [
    uniqueIndex('temp_storage_positions_barcode_uq').on(t.barcodeId),
    uniqueIndex('temp_storage_positions_slot_uq').on(t.containerId, t.row, t.col),
  ],
);

/** Device log: who put which sample where or took it out (and why), and changes to the device. */
export const tempStorageLogs = pgTable(
  'temp_storage_logs',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => tempStorageDevices.id),
    containerId: integer('container_id').references(() => tempStorageContainers.id),
    barcodeId: integer('barcode_id').references(() => specimenBarcodes.id),
    /** 'in', 'out', 'device_create', 'device_update', 'container_create', 'container_update'. */
    action: text('action').notNull(),
    /** Position label such as `B3` for in/out. */
    position: text('position'),
    reason: text('reason'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: ts('at').notNull(),
  },
  (t) => [
    index('temp_storage_logs_device_idx').on(t.deviceId),
    index('temp_storage_logs_barcode_idx').on(t.barcodeId),
  ],
);
