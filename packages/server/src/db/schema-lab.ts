// Tables of the laboratory: test-item settings (the core `test_items` row holds code, names, status and
// version), sample receipt, subjects, results and reports.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sampleTypes, testItems, users } from './schema.js';

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
