import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, testItems, users } from '../../db/schema.js';
import { labSubjects, testItemSettings } from '../../db/schema-lab.js';
import { projectTestItems, voidedBarcodes } from '../../db/schema-project-config.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import type { SiteScope } from '../../lib/scope.js';
import { contains } from '../../lib/search.js';
import type { ProjectRange } from './service.js';

/** Only the projects the scope sees (every project for staff with the whole range). */
function inProjects(column: typeof voidedBarcodes.projectId, scope: SiteScope): SQL | undefined {
  if (scope.all) return undefined;
  const ids = [...scope.projectIds];
  return ids.length > 0 ? inArray(column, ids) : eq(column, -1);
}

// ---- voided barcodes ----

export function pageVoided(
  db: Executor,
  scope: SiteScope,
  f: { page: number; size: number; projectId?: number | undefined; keyword?: string | undefined },
) {
  const where = and(
    inProjects(voidedBarcodes.projectId, scope),
    f.projectId ? eq(voidedBarcodes.projectId, f.projectId) : undefined,
    f.keyword ? contains(voidedBarcodes.code, f.keyword) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(voidedBarcodes).where(where),
    db
      .select({
        id: voidedBarcodes.id,
        projectId: voidedBarcodes.projectId,
        projectNo: projects.projectNo,
        code: voidedBarcodes.code,
        reasonCode: voidedBarcodes.reasonCode,
        reason: voidedBarcodes.reason,
        voidedBy: users.username,
        voidedAt: voidedBarcodes.voidedAt,
      })
      .from(voidedBarcodes)
      .innerJoin(projects, eq(projects.id, voidedBarcodes.projectId))
      .leftJoin(users, eq(users.id, voidedBarcodes.voidedBy))
      .where(where)
      .orderBy(desc(voidedBarcodes.voidedAt), desc(voidedBarcodes.id)),
    f,
    (r) => ({ ...r, voidedAt: r.voidedAt.toISOString() }),
  );
}

/** Of `codes`, those voided in the project. */
export async function voidedAmong(db: Executor, projectId: number, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: voidedBarcodes.code })
    .from(voidedBarcodes)
    .where(and(eq(voidedBarcodes.projectId, projectId), inArray(voidedBarcodes.code, codes)));
  return rows.map((r) => r.code).sort();
}

/** Of the (project, code) pairs, the codes voided in their project (registration, bench sign-for). */
export async function voidedOf(db: Executor, pairs: Array<{ projectId: number; code: string }>) {
  const byProject = new Map<number, string[]>();
  for (const p of pairs) byProject.set(p.projectId, [...(byProject.get(p.projectId) ?? []), p.code]);
  const found: string[] = [];
  for (const [projectId, codes] of byProject) found.push(...(await voidedAmong(db, projectId, codes)));
  return found;
}

export async function insertVoided(db: Executor, rows: Array<typeof voidedBarcodes.$inferInsert>) {
  await db.insert(voidedBarcodes).values(rows);
}

/** The voided rows asked for, within the scope (missing ones are simply not answered). */
export function voidedByIds(db: Executor, scope: SiteScope, ids: number[]) {
  return db
    .select()
    .from(voidedBarcodes)
    .where(and(inArray(voidedBarcodes.id, ids), inProjects(voidedBarcodes.projectId, scope)));
}

export async function deleteVoided(db: Executor, ids: number[]): Promise<number> {
  const rows = await db
    .delete(voidedBarcodes)
    .where(inArray(voidedBarcodes.id, ids))
    .returning({ id: voidedBarcodes.id });
  return rows.length;
}

// ---- project reference ranges ----

export function projectRanges(db: Executor, projectId: number) {
  return db
    .select({
      id: projectTestItems.id,
      projectId: projectTestItems.projectId,
      testItemId: projectTestItems.testItemId,
      code: testItems.code,
      name: testItems.name,
      sex: sql<'M' | 'F' | null>`${projectTestItems.sex}`,
      ageMin: projectTestItems.ageMin,
      ageMax: projectTestItems.ageMax,
      low: projectTestItems.low,
      high: projectTestItems.high,
      unit: projectTestItems.unit,
      text: projectTestItems.text,
      defaultUnit: testItemSettings.unit,
      defaultRange: testItemSettings.referenceRange,
      version: projectTestItems.version,
    })
    .from(projectTestItems)
    .innerJoin(testItems, eq(testItems.id, projectTestItems.testItemId))
    .leftJoin(testItemSettings, eq(testItemSettings.testItemId, projectTestItems.testItemId))
    .where(eq(projectTestItems.projectId, projectId))
    .orderBy(
      asc(testItems.code),
      asc(projectTestItems.sex),
      asc(projectTestItems.ageMin),
      asc(projectTestItems.id),
    );
}

/** The project's ranges of the given items (the reference interval of results). */
export async function rangesOfItems(
  db: Executor,
  projectId: number,
  itemIds: number[],
): Promise<ProjectRange[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .select()
    .from(projectTestItems)
    .where(and(eq(projectTestItems.projectId, projectId), inArray(projectTestItems.testItemId, itemIds)));
  return rows;
}

export async function rangeById(db: Executor, id: number) {
  const [row] = await db.select().from(projectTestItems).where(eq(projectTestItems.id, id));
  if (!row) throw notFound();
  return row;
}

/** Enabled test items by code (the item select of the range page). */
export function enabledItems(db: Executor) {
  return db
    .select({ id: testItems.id, code: testItems.code, name: testItems.name })
    .from(testItems)
    .where(eq(testItems.enabled, true))
    .orderBy(asc(testItems.code));
}

export async function testItemExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: testItems.id }).from(testItems).where(eq(testItems.id, id));
  return row !== undefined;
}

export async function insertRange(db: Executor, values: typeof projectTestItems.$inferInsert) {
  const [row] = await db
    .insert(projectTestItems)
    .values(values)
    .returning({ id: projectTestItems.id, version: projectTestItems.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The edit at the version read; undefined when the row is gone or was edited meanwhile. */
export async function updateRange(
  db: Executor,
  id: number,
  version: number,
  values: Partial<typeof projectTestItems.$inferInsert>,
) {
  const [row] = await db
    .update(projectTestItems)
    .set({ ...values, version: version + 1 })
    .where(and(eq(projectTestItems.id, id), eq(projectTestItems.version, version)))
    .returning({ id: projectTestItems.id, version: projectTestItems.version });
  return row;
}

export async function deleteRange(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(projectTestItems)
    .where(eq(projectTestItems.id, id))
    .returning({ id: projectTestItems.id });
  return rows.length > 0;
}

/** Sex and birthday of a subject (for age and sex-specific ranges). */
export async function subjectProfile(db: Executor, subjectId: number) {
  const [row] = await db
    .select({ gender: labSubjects.gender, birthday: labSubjects.birthday })
    .from(labSubjects)
    .where(eq(labSubjects.id, subjectId));
  return row ?? { gender: null, birthday: null };
}
