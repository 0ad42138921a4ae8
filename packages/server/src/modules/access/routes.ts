import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { Principal } from '../../lib/route.js';
import { registerGroup } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { externalPermissions } from '../../services/identity/current-user.js';
import {
  assertAllKnown,
  assertReasonForChange,
  deleteGrant,
  grantById,
  pageGrants,
  setGrants,
} from '../../services/identity/grants.js';
import {
  deleteRole,
  enabledRoles,
  externalHolders,
  holdersOfRole,
  insertRole,
  pageRoles,
  permissionsByIds,
  permissionTree,
  replaceRolePermissions,
  roleById,
  roleWithPermissions,
  updateRole,
  usersOfRole,
  userTypeOf,
} from './repository.js';
import { assertFitsExternalHolders, assertGrantable, assertReason, assertRoleUnused } from './service.js';

const { role, userProject } = endpoints;

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
  assertFitsExternalHolders(await externalHolders(db, roleId), rows);
  await replaceRolePermissions(db, roleId, unique);
}

export async function accessRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, role, {
    create: async (ctx) => {
      const { permissionIds, reason, ...fields } = ctx.body;
      assertReason(reason);
      const id = await uniqueOr(ctx.lang, () =>
        insertRole(ctx.db, { ...fields, enName: fields.enName ?? null, remark: fields.remark ?? null }),
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
    // A new role with the source's permissions: the caller must hold every one of them (it is new).
    copy: async (ctx) => {
      const { id: sourceId, reason, ...fields } = ctx.body;
      assertReason(reason);
      const source = await roleWithPermissions(ctx.db, sourceId);
      const id = await uniqueOr(ctx.lang, () =>
        insertRole(ctx.db, {
          ...fields,
          enName: fields.enName ?? null,
          remark: fields.remark ?? source.remark,
        }),
      );
      await setRolePermissions(ctx.db, ctx.principal, id, [], source.permissionIds);
      ctx.audit({
        action: 'role.copy',
        entity: 'role',
        entityId: id,
        newValue: { ...fields, copiedFrom: source.code, permissionIds: source.permissionIds },
        reason,
      });
      return { id };
    },
    holders: async (ctx) => {
      await roleWithPermissions(ctx.db, ctx.params.id);
      return holdersOfRole(ctx.db, ctx.params.id);
    },
    page: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageRoles(ctx.db, filter, { page, size });
    },
    listAllSimple: (ctx) => enabledRoles(ctx.db, ctx.lang),
    get: (ctx) => roleWithPermissions(ctx.db, ctx.params.id),
    update: async (ctx) => {
      const { id, version, permissionIds, reason, ...fields } = ctx.body;
      assertReason(reason);
      const before = await roleWithPermissions(ctx.db, id, () => staleOrMissing(false));
      const values = {
        ...fields,
        enName: fields.enName ?? null,
        remark: fields.remark ?? null,
        updatedAt: ctx.now,
      };
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

  // The projects (and, for external users, the sites) each user works on.
  registerGroup(app, userProject, {
    get: (ctx) => grantById(ctx.db, ctx.params.id, ctx.lang),
    delete: async (ctx) => {
      const before = await grantById(ctx.db, ctx.params.id, ctx.lang);
      await deleteGrant(ctx.db, ctx.params.id);
      ctx.audit({
        action: 'userProject.delete',
        entity: 'userProject',
        entityId: ctx.params.id,
        oldValue: before,
      });
      return null;
    },
    page: (ctx) => pageGrants(ctx.db, ctx.body.userId, ctx.body, ctx.lang),
    setPermission: async (ctx) => {
      const userId = ctx.params.userId;
      const target = await userTypeOf(ctx.db, userId);
      const { before, changed } = await setGrants(ctx, target, ctx.body.projects);
      assertReasonForChange(changed, ctx.body.reason);
      ctx.audit({
        action: 'userProject.setPermission',
        entity: 'user',
        entityId: userId,
        oldValue: before,
        newValue: { projects: ctx.body.projects },
        reason: ctx.body.reason || null,
      });
      return null;
    },
    externalInfo: (ctx) => externalPermissions(ctx.db, ctx.body.userId, ctx.lang),
  });
}
