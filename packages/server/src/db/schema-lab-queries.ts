// Tables of the laboratory's query work: the shipment a clarification query is about (the query
// itself is the portal's `clarification_queries` row) and the bench's feedback to the project manager.
// The specimen log has no table: it is read from the records and the audit trail.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, sites, users } from './schema.js';
import { clarificationQueries, sampleTransports } from './schema-portal.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A clarification query raised about a shipment (at most one shipment per query). */
export const clarificationQueryShipments = pgTable(
  'clarification_query_shipments',
  {
    queryId: integer('query_id')
      .primaryKey()
      .references(() => clarificationQueries.id, { onDelete: 'cascade' }),
    transportId: integer('transport_id')
      .notNull()
      .references(() => sampleTransports.id),
  },
  (t) => [index('clarification_query_shipments_transport_idx').on(t.transportId)],
);

/**
 * Feedback from the lab bench to the project manager about a query or a sample (labFeedback
 * workflow: open → answered by the PM → closed by the one who raised it).
 */
export const labFeedback = pgTable(
  'lab_feedback',
  {
    id: serial('id').primaryKey(),
    feedbackNo: text('feedback_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    queryId: integer('query_id').references(() => clarificationQueries.id),
    barcode: text('barcode'),
    subjectNo: text('subject_no'),
    content: text('content').notNull(),
    status: text('status').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    respondedBy: integer('responded_by').references(() => users.id),
    respondedAt: ts('responded_at'),
    response: text('response'),
    closedAt: ts('closed_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('lab_feedback_no_uq').on(t.feedbackNo),
    index('lab_feedback_project_status_idx').on(t.projectId, t.status),
    index('lab_feedback_barcode_idx').on(t.barcode),
  ],
);
