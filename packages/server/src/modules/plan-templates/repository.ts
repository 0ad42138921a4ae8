import type { FormTemplateRow, PlanTemplateRow, TemplateStatus } from '@trialab/api-contract';
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { roles, users } from '../../db/schema.js';
import { formTemplates, planTemplates } from '../../db/schema-plan-templates.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import type { Page } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';

type Table = typeof formTemplates | typeof planTemplates;
interface Filter {
  page: number;
  size: number;
  keyword?: string | undefined;
  status?: TemplateStatus | undefined;
}

const editor = alias(users, 'editor');

/** The columns of a revision every list and detail shows, with the last editor's name. */
const revisionColumns = (t: Table) => ({
  id: t.id,
  code: t.code,
  name: t.name,
  revision: t.revision,
  status: t.status,
  description: t.description,
  updatedAt: t.updatedAt,
  publishedAt: t.publishedAt,
  updatedBy: editor.username,
  version: t.version,
});

const filterOf = (t: Table, f: Filter) =>
  and(containsAny([t.code, t.name], f.keyword), f.status ? eq(t.status, f.status) : undefined);

/** Times as ISO text, the status as its type. */
function revision<R extends { status: string; updatedAt: Date; publishedAt: Date | null }>(row: R) {
  return {
    ...row,
    status: row.status as TemplateStatus,
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** Newest first within a code; codes in alphabetical order. */
const order = (t: Table) => [t.code, desc(t.revision)] as const;

// ---- form templates ----

export function pageFormTemplates(db: Executor, f: Filter): Promise<Page<FormTemplateRow>> {
  const where = filterOf(formTemplates, f);
  return pageOf(
    db.select({ n: count() }).from(formTemplates).where(where),
    db
      .select({
        ...revisionColumns(formTemplates),
        fieldCount: sql<number>`jsonb_array_length(${formTemplates.fields})::int`,
      })
      .from(formTemplates)
      .leftJoin(editor, eq(editor.id, formTemplates.updatedBy))
      .where(where)
      .orderBy(...order(formTemplates)),
    f,
    revision,
  );
}

export async function formTemplateById(db: Executor, id: number) {
  const [row] = await db
    .select({ ...revisionColumns(formTemplates), fields: formTemplates.fields })
    .from(formTemplates)
    .leftJoin(editor, eq(editor.id, formTemplates.updatedBy))
    .where(eq(formTemplates.id, id));
  if (!row) throw notFound();
  return revision(row);
}

/** Code, name, revision and status of the forms named, by id. */
export async function formTemplatesByIds(db: Executor, ids: number[]) {
  if (ids.length === 0)
    return new Map<
      number,
      { id: number; code: string; name: string; revision: number; status: TemplateStatus }
    >();
  const rows = await db
    .select({
      id: formTemplates.id,
      code: formTemplates.code,
      name: formTemplates.name,
      revision: formTemplates.revision,
      status: formTemplates.status,
    })
    .from(formTemplates)
    .where(inArray(formTemplates.id, ids));
  return new Map(rows.map((r) => [r.id, { ...r, status: r.status as TemplateStatus }]));
}

export async function insertFormTemplate(db: Executor, values: typeof formTemplates.$inferInsert) {
  const [row] = await db
    .insert(formTemplates)
    .values(values)
    .returning({ id: formTemplates.id, version: formTemplates.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export const updateFormTemplate = versionedBump(formTemplates);

// ---- plan templates ----

export function pagePlanTemplates(db: Executor, f: Filter): Promise<Page<PlanTemplateRow>> {
  const where = filterOf(planTemplates, f);
  return pageOf(
    db.select({ n: count() }).from(planTemplates).where(where),
    db
      .select({
        ...revisionColumns(planTemplates),
        stageCount: sql<number>`jsonb_array_length(${planTemplates.stages})::int`,
        taskCount: sql<number>`(select coalesce(sum(jsonb_array_length(s -> 'tasks')), 0) from jsonb_array_elements(${planTemplates.stages}) s)::int`,
      })
      .from(planTemplates)
      .leftJoin(editor, eq(editor.id, planTemplates.updatedBy))
      .where(where)
      .orderBy(...order(planTemplates)),
    f,
    revision,
  );
}

export async function planTemplateById(db: Executor, id: number) {
  const [row] = await db
    .select({ ...revisionColumns(planTemplates), stages: planTemplates.stages })
    .from(planTemplates)
    .leftJoin(editor, eq(editor.id, planTemplates.updatedBy))
    .where(eq(planTemplates.id, id));
  if (!row) throw notFound();
  return revision(row);
}

export async function insertPlanTemplate(db: Executor, values: typeof planTemplates.$inferInsert) {
  const [row] = await db
    .insert(planTemplates)
    .values(values)
    .returning({ id: planTemplates.id, version: planTemplates.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export const updatePlanTemplate = versionedBump(planTemplates);

/** Names of the roles named, by id (disabled roles too: a template keeps its role). */
export async function roleNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- revisions of one code (either kind) ----

/** The draft of a code, if any, and the highest revision it has. */
export async function revisionsOf(db: Executor, table: Table, code: string) {
  const [draft] = await db
    .select({ id: table.id, revision: table.revision })
    .from(table)
    .where(and(eq(table.code, code), eq(table.status, 'draft')));
  const [{ top } = { top: 0 }] = await db
    .select({ top: max(table.revision) })
    .from(table)
    .where(eq(table.code, code));
  return { draft, top: top ?? 0 };
}

/** Retires the published revision of a code (before another one is published); answers its id. */
export async function retirePublished(db: Executor, table: Table, code: string, by: number, now: Date) {
  const rows = await db
    .update(table)
    .set({ status: 'retired', updatedBy: by, updatedAt: now, version: sql`${table.version} + 1` })
    .where(and(eq(table.code, code), eq(table.status, 'published')))
    .returning({ id: table.id });
  return rows[0]?.id;
}
