// Reports under the project's review (/project/report-review) and manual reports
// (/project/manual-report): docs/projects.md "Report review and manual reports".
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files, projects, sites, users } from './schema.js';
import { labReports } from './schema-lab.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One review of a report by its project (workflow `projectReport`): a lab report version released
 * while its project's review is on (kind `lab`, one row per release), or a PDF produced outside the
 * system (kind `manual`, the row is the report). Number, subject and visit are copied at creation so
 * the list needs no join per kind.
 */
export const projectReports = pgTable(
  'project_reports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    labReportId: integer('lab_report_id').references(() => labReports.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    reportNo: text('report_no').notNull(),
    revision: integer('revision').notNull().default(0),
    subjectNo: text('subject_no').notNull(),
    visit: text('visit'),
    title: text('title'),
    /** Manual reports: the day the report was issued, `YYYY-MM-DD`. */
    reportDate: text('report_date'),
    /** Manual reports: the uploaded PDF. */
    fileId: integer('file_id').references(() => files.id),
    status: text('status').notNull(),
    reason: text('reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('project_reports_lab_report_idx').on(t.labReportId),
    index('project_reports_status_idx').on(t.status),
  ],
);
