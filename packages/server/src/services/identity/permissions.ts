import { WILDCARD_PERMISSION } from '@trialab/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema.js';

export interface Principal {
  isSuper: boolean;
  permissions: ReadonlySet<string>;
}

/** SPEC section 6: the super account and `*:*:*` grant everything; otherwise exact match. */
export function hasPermission(principal: Principal, permission: string): boolean {
  if (principal.isSuper || principal.permissions.has(WILDCARD_PERMISSION)) return true;
  return principal.permissions.has(permission);
}

/** Permission strings granted by the user's enabled roles. */
export async function permissionStrings(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ authority: permissions.authority })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return rows.flatMap((r) => (r.authority ? [r.authority] : []));
}

export async function rolesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: userRoles.userId,
      id: roles.id,
      name: roles.name,
      code: roles.code,
      status: roles.status,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds));
}
