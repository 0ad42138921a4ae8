// A project's configuration: voided barcodes (/project/barcode-disabled) and the project's own
// reference ranges of its test items (/project/test-project-config). Changes are audited; the
// item log (/project/item-log) reads them from the audit trail.
import { index, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, testItems, users } from './schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A barcode the project no longer accepts; un-voiding deletes the row (the audit trail keeps it). */
export const voidedBarcodes = pgTable(
  'voided_barcodes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Why, as an item of dictionary 1025 (barcode void reason); null on rows voided before it. */
    reasonCode: text('reason_code'),
    /** The words the voider added (required with the code `other`). */
    reason: text('reason').notNull(),
    voidedBy: integer('voided_by').references(() => users.id),
    voidedAt: ts('voided_at').notNull(),
  },
  (t) => [uniqueIndex('voided_barcodes_project_code_uq').on(t.projectId, t.code)],
);

/**
 * A project's reference range of a test item, optionally for one sex and an age band: it wins over
 * the test item's own range wherever a result's interval is resolved.
 */
export const projectTestItems = pgTable(
  'project_test_items',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    testItemId: integer('test_item_id')
      .notNull()
      .references(() => testItems.id),
    /** 'M', 'F' or null (either). */
    sex: text('sex'),
    ageMin: integer('age_min'),
    ageMax: integer('age_max'),
    low: real('low'),
    high: real('high'),
    unit: text('unit'),
    text: text('text'),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('project_test_items_project_idx').on(t.projectId, t.testItemId)],
);
