// Project progress plans (/project/progress/*): a plan copied from a published plan template
// revision, and its tasks (docs/projects.md "Progress plans and tasks").
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { projects, users } from './schema.js';
import { formTemplates, planTemplates } from './schema-plan-templates.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

export const progressPlans = pgTable(
  'project_progress_plans',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The template revision copied (a published revision never changes). */
    templateId: integer('template_id')
      .notNull()
      .references(() => planTemplates.id),
    templateRevision: integer('template_revision').notNull(),
    name: text('name').notNull(),
    startDate: day('start_date').notNull(),
    status: text('status').notNull().default('draft'),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id),
    /** Who last changed the tasks' owners and dates (segregation of duties). */
    updatedBy: integer('updated_by').references(() => users.id),
    /** Who last submitted the plan for approval. */
    submittedBy: integer('submitted_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('project_progress_plans_project_idx').on(t.projectId, t.status)],
);

export const progressTasks = pgTable(
  'project_progress_tasks',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => progressPlans.id, { onDelete: 'cascade' }),
    /** The plan's project, kept on the task for the scope checks and the to-do list. */
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    stage: text('stage').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
    ownerId: integer('owner_id').references(() => users.id),
    plannedStart: day('planned_start').notNull(),
    plannedDue: day('planned_due').notNull(),
    needsApproval: boolean('needs_approval').notNull().default(false),
    status: text('status').notNull().default('todo'),
    formTemplateId: integer('form_template_id').references(() => formTemplates.id),
    values: jsonb('values').$type<Record<string, unknown>>(),
    completedAt: ts('completed_at'),
    completedBy: integer('completed_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('project_progress_tasks_plan_idx').on(t.planId, t.sort),
    index('project_progress_tasks_owner_idx').on(t.ownerId, t.status),
  ],
);
