import type { Lang } from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { depts, permissions, rolePermissions, roles, userRoles, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { Page } from '../../lib/route.js';
import { contains } from '../../lib/search.js';
import { staleOrMissing, versionedBump } from '../../lib/versioned.js';

// ---- roles ----

/** Roles with their permission ids (ascending), in the order asked for. */
export async function rolesWithPermissions(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select().from(roles).where(inArray(roles.id, ids));
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(rolePermissions)
    .where(
      inArray(
        rolePermissions.roleId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enName: r.enName,
    code: r.code,
    status: r.status,
    remark: r.remark,
    version: r.version,
    permissionIds: links
      .filter((l) => l.roleId === r.id)
      .map((l) => l.permissionId)
      .sort((a, b) => a - b),
  }));
}

/** One role with its permissions; `missing` is what an absent one throws. */
export async function roleWithPermissions(db: Executor, id: number, missing = notFound) {
  const [row] = await rolesWithPermissions(db, [id]);
  if (!row) throw missing();
  return row;
}

/** Roles by name (part of either name) and status, newest first. */
export async function pageRoles(
  db: Executor,
  filter: { name?: string | undefined; status?: number | undefined },
  page: { page: number; size: number },
) {
  const where = and(
    filter.name ? or(contains(roles.name, filter.name), contains(roles.enName, filter.name)) : undefined,
    filter.status !== undefined ? eq(roles.status, filter.status) : undefined,
  );
  const { rows: ids, total } = await pageOf(
    db.select({ n: count() }).from(roles).where(where),
    db.select({ id: roles.id }).from(roles).where(where).orderBy(desc(roles.id)),
    page,
  );
  const rows = await rolesWithPermissions(
    db,
    ids.map((r) => r.id),
  );
  rows.sort((a, b) => b.id - a.id);
  return new Page(rows, total);
}

/** The enabled roles for pickers, each named in the reader's language (`localName`). */
export function enabledRoles(db: Executor, lang: Lang) {
  return db
    .select({ id: roles.id, name: localNameColumn(roles, lang), code: roles.code })
    .from(roles)
    .where(eq(roles.status, 1))
    .orderBy(asc(roles.id));
}

export function permissionTree(db: Executor) {
  return db
    .select({
      id: permissions.id,
      parentId: permissions.parentId,
      type: permissions.type,
      authority: permissions.authority,
      i18nKey: permissions.i18nKey,
      name: permissions.name,
      enName: permissions.enName,
      hkName: permissions.hkName,
    })
    .from(permissions)
    .orderBy(asc(permissions.type), asc(permissions.sort), asc(permissions.id));
}

/** The permission rows of these ids that exist, with their permission strings. */
export async function permissionsByIds(
  db: Executor,
  ids: number[],
): Promise<Array<{ id: number; authority: string | null }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: permissions.id, authority: permissions.authority })
    .from(permissions)
    .where(inArray(permissions.id, ids));
}

export async function replaceRolePermissions(db: Executor, roleId: number, permissionIds: number[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissionIds.length > 0)
    await db.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
}

export async function insertRole(db: Executor, values: typeof roles.$inferInsert): Promise<number> {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  if (!row) throw new Error('role insert returned nothing');
  return row.id;
}

/** Writes the role at the version read; nothing comes back when the version moved on. */
export const updateRole = versionedBump(roles);

export async function roleById(db: Executor, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw staleOrMissing(false);
  return row;
}

export async function usersOfRole(db: Executor, roleId: number): Promise<number> {
  const [used] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return Number(used?.n ?? 0);
}

/** The accounts holding the role, by name (enabled or not), with their department. */
export function holdersOfRole(db: Executor, roleId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      jobNumber: users.jobNumber,
      type: users.type,
      status: users.status,
      deptName: depts.name,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(depts, eq(depts.id, users.deptId))
    .where(eq(userRoles.roleId, roleId))
    .orderBy(asc(users.username), asc(users.id));
}

/** How many external accounts (site users) hold the role. */
export async function externalHolders(db: Executor, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roleId), eq(users.type, 2)));
  return Number(row?.n ?? 0);
}

export async function deleteRole(db: Executor, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}

// ---- project scope of users ----

export async function userTypeOf(
  db: Executor,
  userId: number,
): Promise<{ id: number; type: number; isSuper: boolean }> {
  const [target] = await db
    .select({ id: users.id, type: users.type, isSuper: users.isSuper })
    .from(users)
    .where(eq(users.id, userId));
  if (!target) throw notFound();
  return target;
}
