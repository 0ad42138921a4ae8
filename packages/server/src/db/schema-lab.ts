// Tables of the laboratory: test-item settings (the core `test_items` row holds code, names, status and
// version), sample receipt, subjects, results and reports.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, projects, sampleTypes, sites, testItems, users } from './schema.js';
import { clarificationQueries, sampleTransportItems, sampleTransports } from './schema-portal.js';

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
    /** Temperature read at receipt (°C), the range it was checked against, and whether it was outside. */
    temperatureCelsius: doublePrecision('temperature_celsius'),
    temperatureRange: text('temperature_range'),
    temperatureBreach: boolean('temperature_breach').notNull().default(false),
    /** The query raised to the site about the breach. */
    queryId: integer('query_id').references(() => clarificationQueries.id),
    /**
     * The kit the samples were collected in (its lot no. as read at the desk, the ledger's expiry),
     * the collection day read from the requisition, and whether the kit had expired on that day
     * (else on the receipt day): such a line is an exception with its reason (docs/express.md).
     */
    kitLotNo: text('kit_lot_no'),
    kitExpiry: date('kit_expiry', { mode: 'string' }),
    collectedOn: date('collected_on', { mode: 'string' }),
    kitExpired: boolean('kit_expired').notNull().default(false),
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

/**
 * Trial subjects registered at input-subject. Only what the record needs: the card number is kept
 * masked plus a keyed hash (duplicate check), no card photo, no address; the face check as its score;
 * the fingerprint as the registration template for later verification (no images).
 */
export const labSubjects = pgTable(
  'lab_subjects',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    subjectNo: text('subject_no').notNull(),
    name: text('name').notNull(),
    /** Dictionary 1002 value. */
    gender: text('gender'),
    birthday: text('birthday'),
    cardType: text('card_type').notNull(),
    cardNoMasked: text('card_no_masked').notNull(),
    cardNoHash: text('card_no_hash').notNull(),
    faceConfidence: real('face_confidence').notNull(),
    faceThreshold: real('face_threshold').notNull(),
    fingerprintVendor: text('fingerprint_vendor'),
    fingerprintTemplate: text('fingerprint_template'),
    /** subjectRegistration workflow: submitted, approved, rejected. */
    status: text('status').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    reviewReason: text('review_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('lab_subjects_project_subject_no_uq').on(t.projectId, t.subjectNo),
    uniqueIndex('lab_subjects_project_card_uq').on(t.projectId, t.cardNoHash),
    index('lab_subjects_status_idx').on(t.status),
  ],
);

/**
 * Laboratory reports: one row per report version. A revision is a new row (`revisionOf` the report it
 * replaces, `revision` counting up); the prior version stays, marked superseded when the revision is
 * approved. States: labReport and reportRevision workflows.
 */
export const labReports = pgTable(
  'lab_reports',
  {
    id: serial('id').primaryKey(),
    reportNo: text('report_no').notNull(),
    revision: integer('revision').notNull().default(0),
    revisionOf: integer('revision_of'),
    revisionReason: text('revision_reason'),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => labSubjects.id),
    barcode: text('barcode').notNull(),
    visit: text('visit'),
    samplingTime: ts('sampling_time'),
    status: text('status').notNull(),
    /** The result enterer (for revisions: who asked for the revision). */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    releasedBy: integer('released_by').references(() => users.id),
    releasedAt: ts('released_at'),
    returnReason: text('return_reason'),
    /** SHA-256 of the released content (what the release signature signed). */
    contentHash: text('content_hash'),
    /** The lab's copy of the released PDF (the subject's full name). */
    pdfFileId: integer('pdf_file_id').references(() => files.id),
    /** The sites' copy: the subject's initials unless the project shows sites the full name. */
    sitePdfFileId: integer('site_pdf_file_id').references(() => files.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('lab_reports_no_revision_uq').on(t.reportNo, t.revision),
    index('lab_reports_status_idx').on(t.status),
    index('lab_reports_subject_idx').on(t.subjectId),
  ],
);

export const labReportResults = pgTable(
  'lab_report_results',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => labReports.id, { onDelete: 'cascade' }),
    testItemId: integer('test_item_id')
      .notNull()
      .references(() => testItems.id),
    value: text('value').notNull(),
    unit: text('unit'),
    referenceRange: text('reference_range'),
    /** 'H' high, 'L' low, 'A' abnormal (text), null normal. */
    flag: text('flag'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('lab_report_results_item_uq').on(t.reportId, t.testItemId)],
);

/**
 * Electronic signatures (21 CFR Part 11 style): who signed, the meaning, when, and the SHA-256 of the
 * canonical content signed. The password was re-entered for each one.
 */
export const labSignatures = pgTable(
  'lab_signatures',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    meaning: text('meaning').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    signedAt: ts('signed_at').notNull(),
    contentHash: text('content_hash').notNull(),
  },
  (t) => [index('lab_signatures_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Test orders (input-test-project, batch-enter-test-items): which enabled test items a sample
 * barcode of an approved subject needs, with the captured requisition form; a second person reviews.
 */
export const labTestOrders = pgTable(
  'lab_test_orders',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => labSubjects.id),
    barcode: text('barcode').notNull(),
    visit: text('visit'),
    testItemIds: jsonb('test_item_ids').$type<number[]>().notNull(),
    requisitionFileIds: jsonb('requisition_file_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** testOrder workflow: submitted, approved, rejected. */
    status: text('status').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    reviewReason: text('review_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('lab_test_orders_barcode_uq').on(t.barcode),
    index('lab_test_orders_status_idx').on(t.status),
  ],
);
