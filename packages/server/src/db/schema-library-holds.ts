// Legal holds and consent withdrawals of the specimen library (docs/library.md "Legal hold and
// consent withdrawal"): a flag on one specimen or on one subject. A specimen's flag covers its
// aliquots (any depth, through `specimen_barcodes.parent_id`), a subject's covers every specimen of
// the subject; both are computed when an action is checked, never copied onto the children. A row is
// written when the flag is set and completed once when it is lifted: the history stays.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, users } from './schema.js';
import { labSubjects } from './schema-lab.js';
import { specimenBarcodes } from './schema-specimen.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const libraryHolds = pgTable(
  'library_holds',
  {
    id: serial('id').primaryKey(),
    /** `legal` (legal hold) or `consent` (consent withdrawn): HOLD_KINDS. */
    kind: text('kind').notNull(),
    /** Exactly one of specimen and subject. */
    specimenId: integer('specimen_id').references(() => specimenBarcodes.id),
    subjectId: integer('subject_id').references(() => labSubjects.id),
    /** The project of the specimen or subject (scope without a join). */
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    reason: text('reason').notNull(),
    setBy: integer('set_by')
      .notNull()
      .references(() => users.id),
    setAt: ts('set_at').notNull(),
    liftedBy: integer('lifted_by').references(() => users.id),
    liftedAt: ts('lifted_at'),
    liftReason: text('lift_reason'),
  },
  (t) => [
    check('library_holds_one_target', sql`(${t.specimenId} is null) <> (${t.subjectId} is null)`),
    check('library_holds_kind', sql`${t.kind} in ('legal', 'consent')`),
    // One active flag of a kind per specimen and per subject, whatever two requests do at once.
    uniqueIndex('library_holds_specimen_active_uq')
      .on(t.kind, t.specimenId)
      .where(sql`${t.liftedAt} is null and ${t.specimenId} is not null`),
    uniqueIndex('library_holds_subject_active_uq')
      .on(t.kind, t.subjectId)
      .where(sql`${t.liftedAt} is null and ${t.subjectId} is not null`),
    index('library_holds_specimen_idx').on(t.specimenId),
    index('library_holds_subject_idx').on(t.subjectId),
    index('library_holds_project_idx').on(t.projectId, t.id),
  ],
);
