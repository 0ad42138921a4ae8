import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { Principal } from '../../lib/route.js';
import { registerGroup } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { externalPermissions } from '../users/current-user.js';
import {
  deleteGrant,
  deleteRole,
  deptById,
  deptExists,
  enabledRoles,
  grantById,
  grantsOfUser,
  insertDept,
  insertRole,
  knownProjectIds,
  pageDepts,
  pageGrants,
  pageRoles,
  permissionsByIds,
  permissionTree,
  projectsOfSites,
  replaceGrants,
  replaceRolePermissions,
  roleById,
  roleWithPermissions,
  updateDept,
  updateRole,
  usersOfRole,
  userTypeOf,
} from './repository.js';
import {
  assertAllKnown,
  assertGrantable,
  assertKnown,
  assertNotOwnParent,
  assertReason,
  assertRoleUnused,
  grantRows,
} from './service.js';

const { role, dept, userProject } = endpoints;

/**
 * Replaces the role's permissions with these (each once): all must exist, and those it did not
 * have before must be held by the caller.
 */
async function setRolePermissions(
  db: Executor,
  principal: Principal,
  roleId: number,
  before: number[],
  permissionIds: number[],
) {
  const unique = [...new Set(permissionIds)];
  const rows = await permissionsByIds(db, unique);
  assertAllKnown(
    'permissionIds',
    unique,
    rows.map((r) => r.id),
  );
  assertGrantable(principal, new Set(before), rows);
  await replaceRolePermissions(db, roleId, unique);
}

export async function accessRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, role, {
    create: async (ctx) => {
      const { permissionIds, reason, ...fields } = ctx.body;
      assertReason(reason);
      const id = await uniqueOr(ctx.lang, () =>
        insertRole(ctx.db, { ...fields, remark: fields.remark ?? null }),
      );
      await setRolePermissions(ctx.db, ctx.principal, id, [], permissionIds);
      ctx.audit({
        action: 'role.create',
        entity: 'role',
        entityId: id,
        newValue: { ...fields, permissionIds },
        reason,
      });
      return { id };
    },
    page: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageRoles(ctx.db, filter, { page, size });
    },
    listAllSimple: (ctx) => enabledRoles(ctx.db),
    get: (ctx) => roleWithPermissions(ctx.db, ctx.params.id),
    update: async (ctx) => {
      const { id, version, permissionIds, reason, ...fields } = ctx.body;
      assertReason(reason);
      const before = await roleWithPermissions(ctx.db, id, () => staleOrMissing(false));
      const values = { ...fields, remark: fields.remark ?? null, updatedAt: ctx.now };
      const row = await uniqueOr(ctx.lang, () => updateRole(ctx.db, id, version, values));
      if (!row) throw staleOrMissing(true);
      await setRolePermissions(ctx.db, ctx.principal, id, before.permissionIds, permissionIds);
      ctx.audit({
        action: 'role.update',
        entity: 'role',
        entityId: id,
        oldValue: before,
        newValue: { ...fields, permissionIds },
        reason,
      });
      return { version: row.version };
    },
    updateStatus: async (ctx) => {
      const { id, version, status, reason } = ctx.body;
      assertReason(reason);
      const before = await roleById(ctx.db, id);
      const row = await updateRole(ctx.db, id, version, { status, updatedAt: ctx.now });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'role.updateStatus',
        entity: 'role',
        entityId: id,
        oldValue: { status: before.status },
        newValue: { status },
        reason,
      });
      return { version: row.version };
    },
    delete: async (ctx) => {
      const { id, reason } = ctx.query;
      assertReason(reason);
      const before = await roleWithPermissions(ctx.db, id);
      assertRoleUnused(await usersOfRole(ctx.db, id));
      await deleteRole(ctx.db, id);
      ctx.audit({
        action: 'role.delete',
        entity: 'role',
        entityId: id,
        oldValue: before,
        reason,
      });
      return null;
    },
    permissionTree: (ctx) => permissionTree(ctx.db),
  });

  registerGroup(app, dept, {
    page: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageDepts(ctx.db, filter, { page, size });
    },
    create: async (ctx) => {
      const { name, parentId, sort } = ctx.body;
      if (parentId) assertKnown('parentId', await deptExists(ctx.db, parentId));
      const id = await insertDept(ctx.db, { name, parentId: parentId ?? null, sort });
      ctx.audit({ action: 'dept.create', entity: 'dept', entityId: id, newValue: ctx.body });
      return { id };
    },
    update: async (ctx) => {
      const { id, version, ...fields } = ctx.body;
      const before = await deptById(ctx.db, id);
      assertNotOwnParent(id, fields.parentId);
      const values = { ...fields, parentId: fields.parentId ?? null, updatedAt: ctx.now };
      const row = await updateDept(ctx.db, id, version, values);
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'dept.update',
        entity: 'dept',
        entityId: id,
        oldValue: before,
        newValue: ctx.body,
      });
      return { version: row.version };
    },
  });

  // The projects (and, for external users, the sites) each user works on.
  registerGroup(app, userProject, {
    get: (ctx) => grantById(ctx.db, ctx.params.id),
    delete: async (ctx) => {
      const before = await grantById(ctx.db, ctx.params.id);
      await deleteGrant(ctx.db, ctx.params.id);
      ctx.audit({
        action: 'userProject.delete',
        entity: 'userProject',
        entityId: ctx.params.id,
        oldValue: before,
      });
      return null;
    },
    page: (ctx) => pageGrants(ctx.db, ctx.body.userId, ctx.body),
    setPermission: async (ctx) => {
      const userId = ctx.params.userId;
      const target = await userTypeOf(ctx.db, userId);
      const projectIds = [...new Set(ctx.body.projects.map((p) => p.projectId))];
      assertAllKnown('projectId', projectIds, await knownProjectIds(ctx.db, projectIds));
      const siteIds = [...new Set(ctx.body.projects.flatMap((p) => p.siteIds))];
      const rows = grantRows(userId, target.type, ctx.body.projects, await projectsOfSites(ctx.db, siteIds));
      const before = await grantsOfUser(ctx.db, userId);
      await replaceGrants(ctx.db, userId, rows);
      ctx.audit({
        action: 'userProject.setPermission',
        entity: 'user',
        entityId: userId,
        oldValue: before,
        newValue: ctx.body,
      });
      return null;
    },
    externalInfo: (ctx) => externalPermissions(ctx.db, ctx.body.userId),
  });
}
