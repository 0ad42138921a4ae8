// Retention rules and their extensions (docs/library.md "Retention and expired specimens"): a
// project keeps a sample type (or every type: no sample type) for a period counted from the
// specimen's receipt or the study's end, then follows the rule's end-of-study instruction. The
// longest applicable rule wins (services/retention/retention.ts); an extension keeps chosen specimens
// longer. Days are counted in the zone the rule or extension was made in (its "today").
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { projects, sampleTypes, stockOutTypes, users } from './schema.js';
import { specimenBarcodes } from './schema-specimen.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const retentionRules = pgTable(
  'retention_rules',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** Null: every sample type of the project. */
    sampleTypeId: integer('sample_type_id').references(() => sampleTypes.id),
    period: smallint('period').notNull(),
    /** 'month' or 'year'. */
    unit: text('unit').notNull(),
    /** 'received' (the specimen's sign-for at the lab) or 'studyEnd' (the project's end date). */
    start: text('start').notNull(),
    /** 'destroy', 'return' (to the sponsor) or 'keep' (long-term storage). */
    instruction: text('instruction').notNull(),
    /** The stock-out type a return goes out with. */
    returnTypeId: integer('return_type_id').references(() => stockOutTypes.id),
    note: text('note'),
    /** The zone the rule was set in: a receipt's day and "today" are counted in it. */
    timeZone: text('time_zone').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('retention_rules_project_idx').on(t.projectId, t.sampleTypeId)],
);

/** One "keep" decision: the specimens it names are kept until `until`, for a reason, signed. */
export const retentionExtensions = pgTable('retention_extensions', {
  id: serial('id').primaryKey(),
  until: date('until', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  timeZone: text('time_zone').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: ts('created_at').notNull(),
});

export const retentionExtensionSpecimens = pgTable(
  'retention_extension_specimens',
  {
    extensionId: integer('extension_id')
      .notNull()
      .references(() => retentionExtensions.id),
    specimenId: integer('specimen_id')
      .notNull()
      .references(() => specimenBarcodes.id),
  },
  (t) => [
    primaryKey({ columns: [t.extensionId, t.specimenId] }),
    index('retention_extension_specimens_specimen_idx').on(t.specimenId),
  ],
);
