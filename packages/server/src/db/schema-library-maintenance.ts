// Maintenance tasks of the library's storage units (device-manage): a kind, a due day, an optional
// repeat interval, and once done who did it, when and a remark. A task's state (planned, due,
// overdue, done) is derived from its due day and today in the lab's time zone (docs/library.md).
import { date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.js';
import { storageUnits } from './schema-library.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const unitMaintenanceTasks = pgTable(
  'storage_unit_tasks',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => storageUnits.id),
    /** 'defrost', 'service', 'calibration', 'alarm_check'. */
    kind: text('kind').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Repeats this many days after it is done (null: once). */
    intervalDays: smallint('interval_days'),
    remark: text('remark'),
    /** The lab's time zone the task was planned in: its "today" for due and overdue. */
    timeZone: text('time_zone').notNull(),
    doneAt: ts('done_at'),
    doneBy: integer('done_by').references(() => users.id),
    doneRemark: text('done_remark'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('storage_unit_tasks_unit_idx').on(t.unitId), index('storage_unit_tasks_due_idx').on(t.dueOn)],
);
