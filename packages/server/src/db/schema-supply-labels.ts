// Label templates and print jobs (docs/supply.md "Barcodes and labels"). A template is versioned: an
// edit writes a new row (same code, next version), so a job's template version never changes. A
// job keeps its snapshot (template version and every label's field values): a reprint renders from
// it, whatever the template or the codes' projects became since.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const labelTemplates = pgTable(
  'label_templates',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    /** The English name (en-US readers see it, `localName`); null: none. */
    enName: text('en_name'),
    /** LABEL_KINDS. */
    kind: text('kind').notNull(),
    /** LABEL_SYMBOLOGIES. */
    symbology: text('symbology').notNull(),
    widthMm: real('width_mm').notNull(),
    heightMm: real('height_mm').notNull(),
    /** LABEL_FIELDS, in print order. */
    fields: jsonb('fields').$type<string[]>().notNull(),
    cjk: boolean('cjk').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('label_templates_code_version_uq').on(t.code, t.version)],
);

export interface LabelSnapshot {
  template: {
    code: string;
    version: number;
    name: string;
    /** Absent in jobs printed before templates had an English name. */
    enName?: string | null;
    kind: string;
    symbology: string;
    widthMm: number;
    heightMm: number;
    fields: string[];
    cjk: boolean;
  };
  labels: Array<{ code: string; values: Record<string, string> }>;
}

export const labelPrintJobs = pgTable(
  'label_print_jobs',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => labelTemplates.id),
    snapshot: jsonb('snapshot').$type<LabelSnapshot>().notNull(),
    labels: integer('labels').notNull(),
    firstCode: text('first_code').notNull(),
    /** The supply range of the first code (the page lists a range's jobs). */
    rangeId: integer('range_id'),
    projectIds: jsonb('project_ids').$type<number[]>().notNull(),
    printer: text('printer').notNull(),
    reprintOf: integer('reprint_of'),
    reason: text('reason'),
    printedBy: integer('printed_by')
      .notNull()
      .references(() => users.id),
    printedAt: ts('printed_at').notNull(),
  },
  (t) => [index('label_print_jobs_range_idx').on(t.rangeId, t.id)],
);
