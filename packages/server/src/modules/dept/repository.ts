import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { depts, users } from '../../db/schema.js';
import { pageOf } from '../../lib/paging.js';
import { contains } from '../../lib/search.js';
import { staleOrMissing, versionedBump } from '../../lib/versioned.js';

/**
 * The department's users (its own, enabled or not). Columns written out with their tables: drizzle
 * leaves a column in a sql template unqualified, and inside the subquery a bare "id" is the user's.
 */
const memberCount =
  sql<number>`(select count(*) from "users" where "users"."dept_id" = "depts"."id")`.mapWith(Number);
const row = {
  id: depts.id,
  parentId: depts.parentId,
  name: depts.name,
  code: depts.code,
  leader: depts.leader,
  phone: depts.phone,
  sort: depts.sort,
  status: depts.status,
  memberCount,
  version: depts.version,
};

export function pageDepts(
  db: Executor,
  filter: { name?: string | undefined; status?: number | undefined },
  page: { page: number; size: number },
) {
  const where = and(
    filter.name ? contains(depts.name, filter.name) : undefined,
    filter.status !== undefined ? eq(depts.status, filter.status) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(depts).where(where),
    db.select(row).from(depts).where(where).orderBy(asc(depts.sort), asc(depts.id)),
    page,
  );
}

/** Every department, by sort within the tree (the console nests them by parentId). */
export function allDepts(db: Executor) {
  return db.select(row).from(depts).orderBy(asc(depts.sort), asc(depts.id));
}

/** Department id -> parent id, for the cycle check. */
export async function parentMap(db: Executor): Promise<Map<number, number | null>> {
  const rows = await db.select({ id: depts.id, parentId: depts.parentId }).from(depts);
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

/** Names of the departments under `parentId` (null: the top level), except `exceptId`. */
export async function siblingNames(
  db: Executor,
  parentId: number | null,
  exceptId?: number,
): Promise<string[]> {
  const conditions: SQL[] = [parentId === null ? isNull(depts.parentId) : eq(depts.parentId, parentId)];
  if (exceptId !== undefined) conditions.push(ne(depts.id, exceptId));
  const rows = await db
    .select({ name: depts.name })
    .from(depts)
    .where(and(...conditions));
  return rows.map((r) => r.name);
}

/** The status of a department (null for none: the top level). */
export async function statusOf(db: Executor, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [found] = await db.select({ status: depts.status }).from(depts).where(eq(depts.id, id));
  return found?.status ?? null;
}

/** Enabled members and enabled direct sub-departments. */
export async function enabledContents(db: Executor, id: number) {
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.deptId, id), eq(users.status, 1)));
  const [children] = await db
    .select({ n: count() })
    .from(depts)
    .where(and(eq(depts.parentId, id), eq(depts.status, 1)));
  return { enabledMembers: Number(members?.n ?? 0), enabledChildren: Number(children?.n ?? 0) };
}

export async function insertDept(db: Executor, values: typeof depts.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(depts).values(values).returning({ id: depts.id });
  if (!inserted) throw new Error('dept insert returned nothing');
  return inserted.id;
}

export async function deptById(db: Executor, id: number) {
  const [found] = await db.select().from(depts).where(eq(depts.id, id));
  if (!found) throw staleOrMissing(false);
  return found;
}

/** Writes the department at the version read; nothing comes back when the version moved on. */
export const updateDept = versionedBump(depts);
