// Report exports (docs/reports.md "Exports"): one row per export job, its state and the file it wrote.
// The job itself runs in the instance that started it; this row is what the user sees and what the
// one-running-job-per-user rule reads.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files, users } from './schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const reportExports = pgTable(
  'report_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The report's code (api-contract REPORT_CODES). */
    code: text('code').notNull(),
    /** xlsx or csv. */
    format: text('format').notNull(),
    /** The filters and columns as asked (the row scope is the user's, applied again by the job). */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** running, done, failed, cancelled. */
    state: text('state').notNull(),
    written: integer('written').notNull().default(0),
    total: integer('total').notNull().default(0),
    fileName: text('file_name').notNull(),
    fileId: integer('file_id').references(() => files.id),
    error: text('error'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('report_exports_user_idx').on(t.userId, t.id)],
);
