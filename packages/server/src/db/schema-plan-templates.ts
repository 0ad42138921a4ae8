// Form templates and plan templates (/platform/plan-temp-form, /platform/project-plan-template):
// one row per revision of a template code. Fields and stages are jsonb documents validated by the
// contract's zod schemas on every write (formFields, planStages), see modules/plan-templates.
import type { FormField, PlanStage } from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const version = () => integer('version').notNull().default(1);

/** The columns every template revision has: code + revision, status draft → published → retired. */
const revisionColumns = () => ({
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  revision: integer('revision').notNull().default(1),
  name: text('name').notNull(),
  description: text('description'),
  status: text('status').notNull().default('draft'),
  createdBy: integer('created_by').references(() => users.id),
  updatedBy: integer('updated_by').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  publishedAt: ts('published_at'),
  version: version(),
});

export const formTemplates = pgTable(
  'form_templates',
  { ...revisionColumns(), fields: jsonb('fields').$type<FormField[]>().notNull() },
  (t) => [
    uniqueIndex('form_templates_code_revision_uq').on(t.code, t.revision),
    // At most one draft and one published revision per code (races end in a unique violation).
    uniqueIndex('form_templates_draft_uq').on(t.code).where(sql`${t.status} = 'draft'`),
    uniqueIndex('form_templates_published_uq').on(t.code).where(sql`${t.status} = 'published'`),
    index('form_templates_status_idx').on(t.status),
  ],
);

export const planTemplates = pgTable(
  'plan_templates',
  { ...revisionColumns(), stages: jsonb('stages').$type<PlanStage[]>().notNull() },
  (t) => [
    uniqueIndex('plan_templates_code_revision_uq').on(t.code, t.revision),
    uniqueIndex('plan_templates_draft_uq').on(t.code).where(sql`${t.status} = 'draft'`),
    uniqueIndex('plan_templates_published_uq').on(t.code).where(sql`${t.status} = 'published'`),
    index('plan_templates_status_idx').on(t.status),
  ],
);
