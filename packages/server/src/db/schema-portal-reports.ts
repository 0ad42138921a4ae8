// Tables of the portal report screens: chargeback notices the laboratory raises against a site, the
// read marks of rejection notifications (the notifications themselves are the receipt's exception
// records) and the record of report PDFs a user downloaded (the "my reports" list).
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects, sites, users } from './schema.js';
import { labReports, receiptSamples } from './schema-lab.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Chargeback notices (workflow chargebackNotice: issued, acknowledged, disputed, withdrawn). */
export const chargebackNotices = pgTable(
  'chargeback_notices',
  {
    id: serial('id').primaryKey(),
    noticeNo: text('notice_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** The sample the charge is about, when there is one. */
    barcode: text('barcode'),
    reason: text('reason').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: text('status').notNull(),
    raisedBy: integer('raised_by')
      .notNull()
      .references(() => users.id),
    raisedAt: ts('raised_at').notNull(),
    respondedBy: integer('responded_by').references(() => users.id),
    respondedAt: ts('responded_at'),
    disputeReason: text('dispute_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('chargeback_notices_notice_no_uq').on(t.noticeNo),
    index('chargeback_notices_site_status_idx').on(t.siteId, t.status),
  ],
);

/** A user's read mark on a rejection notification (one receipt exception record). */
export const rejectionReads = pgTable(
  'rejection_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiptSampleId: integer('receipt_sample_id')
      .notNull()
      .references(() => receiptSamples.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.receiptSampleId] })],
);

/** Report PDFs a user downloaded from the portal: first and last time, how often. */
export const reportDownloads = pgTable(
  'report_downloads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => labReports.id),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.reportId] }),
    index('report_downloads_report_idx').on(t.reportId),
  ],
);
