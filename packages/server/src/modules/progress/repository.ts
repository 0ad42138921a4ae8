import type { FormField, Lang, ProgressPlanState, ProgressTaskState } from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, userProjects, userRoles, users } from '../../db/schema.js';
import { formTemplates, planTemplates } from '../../db/schema-plan-templates.js';
import { progressPlans, progressTasks } from '../../db/schema-progress.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { SiteScope } from '../../lib/scope.js';
import { authorIdsOf } from '../../lib/workflow.js';
import { isOverdue, type TaskCopy } from './service.js';

/** Rows of the caller's projects (site users see the projects of their sites). */
export function projectWhere(scope: SiteScope, column: PgColumn): SQL | undefined {
  if (scope.all) return undefined;
  return scope.projectIds.size > 0 ? inArray(column, [...scope.projectIds]) : eq(column, -1);
}

const creator = alias(users, 'creator');
const owner = alias(users, 'owner');
const completer = alias(users, 'completer');

const doneCount = sql<number>`(SELECT count(*) FROM ${progressTasks} WHERE ${progressTasks.planId} = ${progressPlans.id} AND ${progressTasks.status} = 'done')::int`;
const taskCount = sql<number>`(SELECT count(*) FROM ${progressTasks} WHERE ${progressTasks.planId} = ${progressPlans.id})::int`;

const planColumns = (lang: Lang) => ({
  id: progressPlans.id,
  projectId: progressPlans.projectId,
  projectNo: projects.projectNo,
  projectName: localNameColumn(projects, lang),
  templateId: progressPlans.templateId,
  templateCode: planTemplates.code,
  templateRevision: progressPlans.templateRevision,
  name: progressPlans.name,
  startDate: progressPlans.startDate,
  status: progressPlans.status,
  reason: progressPlans.reason,
  taskCount,
  doneCount,
  createdBy: progressPlans.createdBy,
  createdByName: creator.username,
  updatedBy: progressPlans.updatedBy,
  submittedBy: progressPlans.submittedBy,
  updatedAt: progressPlans.updatedAt,
  version: progressPlans.version,
});
type PlanSelect = { [K in keyof ReturnType<typeof planColumns>]: unknown } & {
  status: string;
  updatedAt: Date;
  taskCount: number;
  doneCount: number;
  createdBy: number | null;
  updatedBy: number | null;
  submittedBy: number | null;
};

function toPlan<R extends PlanSelect>(row: R) {
  return {
    ...row,
    authorIds: authorIdsOf(row.createdBy, row.updatedBy, row.submittedBy),
    status: row.status as ProgressPlanState,
    updatedAt: row.updatedAt.toISOString(),
    taskCount: Number(row.taskCount),
    doneCount: Number(row.doneCount),
  };
}

const planQuery = (db: Executor, lang: Lang) =>
  db
    .select(planColumns(lang))
    .from(progressPlans)
    .innerJoin(projects, eq(projects.id, progressPlans.projectId))
    .innerJoin(planTemplates, eq(planTemplates.id, progressPlans.templateId))
    .leftJoin(creator, eq(creator.id, progressPlans.createdBy));

export function pagePlans(
  db: Executor,
  scope: SiteScope,
  f: { page: number; size: number; projectId?: number | undefined; status?: ProgressPlanState | undefined },
  lang: Lang,
) {
  const where = and(
    projectWhere(scope, progressPlans.projectId),
    f.projectId === undefined ? undefined : eq(progressPlans.projectId, f.projectId),
    f.status === undefined ? undefined : eq(progressPlans.status, f.status),
  );
  return pageOf(
    db.select({ n: count() }).from(progressPlans).where(where),
    planQuery(db, lang).where(where).orderBy(desc(progressPlans.updatedAt), desc(progressPlans.id)),
    f,
    toPlan,
  );
}

/** One plan in the caller's projects; another project's plan answers as missing. */
export async function planInScope(db: Executor, scope: SiteScope, id: number, lang: Lang) {
  const [row] = await planQuery(db, lang).where(
    and(eq(progressPlans.id, id), projectWhere(scope, progressPlans.projectId)),
  );
  if (!row) throw notFound();
  return toPlan(row);
}

export async function publishedTemplates(db: Executor) {
  return db
    .select({
      id: planTemplates.id,
      code: planTemplates.code,
      name: planTemplates.name,
      revision: planTemplates.revision,
    })
    .from(planTemplates)
    .where(eq(planTemplates.status, 'published'))
    .orderBy(asc(planTemplates.code));
}

/** The fields of some form template revisions, by id. */
export async function formFieldsById(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, FormField[]>();
  const rows = await db
    .select({ id: formTemplates.id, fields: formTemplates.fields })
    .from(formTemplates)
    .where(inArray(formTemplates.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.fields]));
}

/** Enabled internal staff granted the project, with their roles (candidate task owners). */
export async function projectStaff(db: Executor, projectId: number) {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.username, roleId: userRoles.roleId })
    .from(userProjects)
    .innerJoin(users, eq(users.id, userProjects.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userProjects.projectId, projectId), eq(users.type, 1), eq(users.status, 1)))
    .orderBy(asc(users.id));
  const byId = new Map<number, { id: number; name: string; roleIds: number[] }>();
  for (const r of rows) {
    const entry = byId.get(r.id) ?? { id: r.id, name: r.name, roleIds: [] };
    if (r.roleId !== null) entry.roleIds.push(r.roleId);
    byId.set(r.id, entry);
  }
  return [...byId.values()];
}

export async function insertPlan(db: Executor, values: typeof progressPlans.$inferInsert, tasks: TaskCopy[]) {
  const [row] = await db
    .insert(progressPlans)
    .values(values)
    .returning({ id: progressPlans.id, version: progressPlans.version });
  if (!row) throw new Error('insert returned nothing');
  if (tasks.length > 0)
    await db
      .insert(progressTasks)
      .values(tasks.map((t) => ({ ...t, planId: row.id, projectId: values.projectId })));
  return row;
}

/** Writes the plan at the version read (false: changed meanwhile or gone). */
export async function updatePlan(
  db: Executor,
  id: number,
  version: number,
  values: Partial<typeof progressPlans.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(progressPlans)
    .set({ ...values, version: version + 1 })
    .where(and(eq(progressPlans.id, id), eq(progressPlans.version, version)))
    .returning({ id: progressPlans.id });
  return rows.length === 1;
}

export async function updateTask(
  db: Executor,
  id: number,
  version: number,
  values: Partial<typeof progressTasks.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(progressTasks)
    .set({ ...values, version: version + 1 })
    .where(and(eq(progressTasks.id, id), eq(progressTasks.version, version)))
    .returning({ id: progressTasks.id });
  return rows.length === 1;
}

/** Owners and dates of several tasks of one plan (their versions are the plan's to guard). */
export async function setTaskPlans(
  db: Executor,
  planId: number,
  edits: ReadonlyArray<{ id: number; ownerId: number | null; plannedStart: string; plannedDue: string }>,
) {
  for (const { id, ...values } of edits)
    await db
      .update(progressTasks)
      .set(values)
      .where(and(eq(progressTasks.id, id), eq(progressTasks.planId, planId)));
}

const taskColumns = {
  id: progressTasks.id,
  planId: progressTasks.planId,
  projectId: progressTasks.projectId,
  stage: progressTasks.stage,
  name: progressTasks.name,
  sort: progressTasks.sort,
  ownerId: progressTasks.ownerId,
  ownerName: owner.username,
  plannedStart: progressTasks.plannedStart,
  plannedDue: progressTasks.plannedDue,
  needsApproval: progressTasks.needsApproval,
  status: progressTasks.status,
  formTemplateId: progressTasks.formTemplateId,
  values: progressTasks.values,
  fields: formTemplates.fields,
  completedAt: progressTasks.completedAt,
  completedByName: completer.username,
  version: progressTasks.version,
};
type TaskSelect = { status: string; completedAt: Date | null; plannedDue: string; fields: unknown };

const toTask =
  (today: string) =>
  <R extends TaskSelect>(row: R) => ({
    ...row,
    status: row.status as ProgressTaskState,
    fields: row.fields as FormField[] | null,
    completedAt: row.completedAt?.toISOString() ?? null,
    overdue: isOverdue(row, today),
  });

export async function tasksOf(db: Executor, planId: number, today: string) {
  const rows = await db
    .select(taskColumns)
    .from(progressTasks)
    .leftJoin(owner, eq(owner.id, progressTasks.ownerId))
    .leftJoin(completer, eq(completer.id, progressTasks.completedBy))
    .leftJoin(formTemplates, eq(formTemplates.id, progressTasks.formTemplateId))
    .where(eq(progressTasks.planId, planId))
    .orderBy(asc(progressTasks.sort), asc(progressTasks.id));
  return rows.map(toTask(today));
}

/** The caller's open tasks of approved plans, earliest due first, with their forms' fields. */
export function pageMyTasks(
  db: Executor,
  userId: number,
  today: string,
  f: { page: number; size: number; status?: ProgressTaskState | undefined },
  lang: Lang,
) {
  const where = and(
    eq(progressTasks.ownerId, userId),
    eq(progressPlans.status, 'approved'),
    f.status === undefined ? ne(progressTasks.status, 'done') : eq(progressTasks.status, f.status),
  );
  return pageOf(
    db
      .select({ n: count() })
      .from(progressTasks)
      .innerJoin(progressPlans, eq(progressPlans.id, progressTasks.planId))
      .where(where),
    db
      .select({
        ...taskColumns,
        projectNo: projects.projectNo,
        projectName: localNameColumn(projects, lang),
      })
      .from(progressTasks)
      .innerJoin(progressPlans, eq(progressPlans.id, progressTasks.planId))
      .innerJoin(projects, eq(projects.id, progressTasks.projectId))
      .leftJoin(owner, eq(owner.id, progressTasks.ownerId))
      .leftJoin(completer, eq(completer.id, progressTasks.completedBy))
      .leftJoin(formTemplates, eq(formTemplates.id, progressTasks.formTemplateId))
      .where(where)
      .orderBy(asc(progressTasks.plannedDue), asc(progressTasks.id)),
    f,
    toTask(today),
  );
}

/** One task in the caller's projects with its plan's state and its form's fields. */
export async function taskInScope(db: Executor, scope: SiteScope, id: number) {
  const [row] = await db
    .select({
      id: progressTasks.id,
      name: progressTasks.name,
      status: progressTasks.status,
      ownerId: progressTasks.ownerId,
      needsApproval: progressTasks.needsApproval,
      planStatus: progressPlans.status,
      fields: formTemplates.fields,
    })
    .from(progressTasks)
    .innerJoin(progressPlans, eq(progressPlans.id, progressTasks.planId))
    .leftJoin(formTemplates, eq(formTemplates.id, progressTasks.formTemplateId))
    .where(and(eq(progressTasks.id, id), projectWhere(scope, progressTasks.projectId)));
  if (!row) throw notFound();
  return {
    ...row,
    status: row.status as ProgressTaskState,
    planStatus: row.planStatus as ProgressPlanState,
    fields: row.fields as FormField[] | null,
  };
}
