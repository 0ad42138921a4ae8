import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import {
  depts,
  permissions,
  projects,
  rolePermissions,
  roles,
  sites,
  userProjects,
  userRoles,
  users,
} from '../../db/schema.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { Page, registerGroup } from '../../lib/route.js';
import { contains } from '../../lib/search.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { externalPermissions } from '../users/current-user.js';

const { role, dept, userProject } = endpoints;

async function roleWithPermissions(db: Executor, where: SQL) {
  const rows = await db.select().from(roles).where(where);
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

async function setRolePermissions(db: Executor, roleId: number, permissionIds: number[]) {
  const unique = [...new Set(permissionIds)];
  if (unique.length > 0) {
    const found = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.id, unique));
    if (found.length !== unique.length) {
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'invalidReference',
        params: { field: 'permissionIds' },
      });
    }
  }
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (unique.length > 0)
    await db.insert(rolePermissions).values(unique.map((permissionId) => ({ roleId, permissionId })));
}

const projectRow = {
  id: userProjects.id,
  userId: userProjects.userId,
  projectId: userProjects.projectId,
  projectNo: projects.projectNo,
  projectName: projects.name,
  siteId: userProjects.siteId,
  centerNo: sites.centerNo,
  siteName: sites.name,
};

export async function accessRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, role, {
    // ---- roles ----
    create: async (ctx) => {
      const { permissionIds, ...fields } = ctx.body;
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(roles)
          .values({ ...fields, remark: fields.remark ?? null })
          .returning({ id: roles.id }),
      );
      if (!row) throw new Error('role insert returned nothing');
      await setRolePermissions(ctx.db, row.id, permissionIds);
      ctx.audit({ action: 'role.create', entity: 'role', entityId: row.id, newValue: ctx.body });
      return { id: row.id };
    },
    page: async (ctx) => {
      const conditions: SQL[] = [];
      if (ctx.body.name) conditions.push(contains(roles.name, ctx.body.name));
      if (ctx.body.status !== undefined) conditions.push(eq(roles.status, ctx.body.status));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const { rows: ids, total } = await pageOf(
        ctx.db.select({ n: count() }).from(roles).where(where),
        ctx.db.select({ id: roles.id }).from(roles).where(where).orderBy(desc(roles.id)),
        ctx.body,
      );
      const rows =
        ids.length === 0
          ? []
          : await roleWithPermissions(
              ctx.db,
              inArray(
                roles.id,
                ids.map((r) => r.id),
              ),
            );
      rows.sort((a, b) => b.id - a.id);
      return new Page(rows, total);
    },
    listAllSimple: (ctx) =>
      ctx.db
        .select({ id: roles.id, name: roles.name, code: roles.code })
        .from(roles)
        .where(eq(roles.status, 1))
        .orderBy(asc(roles.id)),
    get: async (ctx) => {
      const [row] = await roleWithPermissions(ctx.db, eq(roles.id, ctx.params.id));
      if (!row) throw notFound();
      return row;
    },
    update: async (ctx) => {
      const { id, version, permissionIds, ...fields } = ctx.body;
      const [before] = await roleWithPermissions(ctx.db, eq(roles.id, id));
      if (!before) throw staleOrMissing(false);
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .update(roles)
          .set({
            ...fields,
            remark: fields.remark ?? null,
            version: sql`${roles.version} + 1`,
            updatedAt: ctx.now,
          })
          .where(and(eq(roles.id, id), eq(roles.version, version)))
          .returning({ version: roles.version }),
      );
      if (!row) throw staleOrMissing(true);
      await setRolePermissions(ctx.db, id, permissionIds);
      ctx.audit({
        action: 'role.update',
        entity: 'role',
        entityId: id,
        oldValue: before,
        newValue: ctx.body,
      });
      return { version: row.version };
    },
    updateStatus: async (ctx) => {
      const { id, version, status } = ctx.body;
      const [before] = await ctx.db.select().from(roles).where(eq(roles.id, id));
      if (!before) throw staleOrMissing(false);
      const [row] = await ctx.db
        .update(roles)
        .set({ status, version: sql`${roles.version} + 1`, updatedAt: ctx.now })
        .where(and(eq(roles.id, id), eq(roles.version, version)))
        .returning({ version: roles.version });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'role.updateStatus',
        entity: 'role',
        entityId: id,
        oldValue: { status: before.status },
        newValue: { status },
      });
      return { version: row.version };
    },
    delete: async (ctx) => {
      const [before] = await roleWithPermissions(ctx.db, eq(roles.id, ctx.query.id));
      if (!before) throw notFound();
      const [used] = await ctx.db
        .select({ n: count() })
        .from(userRoles)
        .where(eq(userRoles.roleId, ctx.query.id));
      if (Number(used?.n ?? 0) > 0) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'roleInUse' });
      await ctx.db.delete(roles).where(eq(roles.id, ctx.query.id));
      ctx.audit({
        action: 'role.delete',
        entity: 'role',
        entityId: ctx.query.id,
        oldValue: before,
        reason: ctx.query.reason ?? null,
      });
      return null;
    },
    permissionTree: (ctx) =>
      ctx.db
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
        .orderBy(asc(permissions.type), asc(permissions.sort), asc(permissions.id)),
  });

  registerGroup(app, dept, {
    // ---- departments ----
    page: async (ctx) => {
      const conditions: SQL[] = [];
      if (ctx.body.name) conditions.push(contains(depts.name, ctx.body.name));
      if (ctx.body.status !== undefined) conditions.push(eq(depts.status, ctx.body.status));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      return pageOf(
        ctx.db.select({ n: count() }).from(depts).where(where),
        ctx.db
          .select({
            id: depts.id,
            parentId: depts.parentId,
            name: depts.name,
            sort: depts.sort,
            status: depts.status,
            version: depts.version,
          })
          .from(depts)
          .where(where)
          .orderBy(asc(depts.sort), asc(depts.id)),
        ctx.body,
      );
    },
    create: async (ctx) => {
      if (ctx.body.parentId) {
        const [parent] = await ctx.db
          .select({ id: depts.id })
          .from(depts)
          .where(eq(depts.id, ctx.body.parentId));
        if (!parent)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'invalidReference',
            params: { field: 'parentId' },
          });
      }
      const [row] = await ctx.db
        .insert(depts)
        .values({ name: ctx.body.name, parentId: ctx.body.parentId ?? null, sort: ctx.body.sort })
        .returning({ id: depts.id });
      if (!row) throw new Error('dept insert returned nothing');
      ctx.audit({ action: 'dept.create', entity: 'dept', entityId: row.id, newValue: ctx.body });
      return { id: row.id };
    },
    update: async (ctx) => {
      const { id, version, ...fields } = ctx.body;
      const [before] = await ctx.db.select().from(depts).where(eq(depts.id, id));
      if (!before) throw staleOrMissing(false);
      if (fields.parentId === id)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'invalidReference',
          params: { field: 'parentId' },
        });
      const [row] = await ctx.db
        .update(depts)
        .set({
          ...fields,
          parentId: fields.parentId ?? null,
          version: sql`${depts.version} + 1`,
          updatedAt: ctx.now,
        })
        .where(and(eq(depts.id, id), eq(depts.version, version)))
        .returning({ version: depts.version });
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

  // ---- project scope of users ----
  const scopeQuery = (db: Executor, where: SQL) =>
    db
      .select(projectRow)
      .from(userProjects)
      .innerJoin(projects, eq(projects.id, userProjects.projectId))
      .leftJoin(sites, eq(sites.id, userProjects.siteId))
      .where(where);
  registerGroup(app, userProject, {
    get: async (ctx) => {
      const [row] = await scopeQuery(ctx.db, eq(userProjects.id, ctx.params.id));
      if (!row) throw notFound();
      return row;
    },
    delete: async (ctx) => {
      const [before] = await scopeQuery(ctx.db, eq(userProjects.id, ctx.params.id));
      if (!before) throw notFound();
      await ctx.db.delete(userProjects).where(eq(userProjects.id, ctx.params.id));
      ctx.audit({
        action: 'userProject.delete',
        entity: 'userProject',
        entityId: ctx.params.id,
        oldValue: before,
      });
      return null;
    },
    page: async (ctx) => {
      const where = eq(userProjects.userId, ctx.body.userId);
      return pageOf(
        ctx.db.select({ n: count() }).from(userProjects).where(where),
        scopeQuery(ctx.db, where).orderBy(asc(projects.projectNo), asc(sites.centerNo)),
        ctx.body,
      );
    },
    setPermission: async (ctx) => {
      const userId = ctx.params.userId;
      const [target] = await ctx.db
        .select({ id: users.id, type: users.type })
        .from(users)
        .where(eq(users.id, userId));
      if (!target) throw notFound();
      const projectIds = [...new Set(ctx.body.projects.map((p) => p.projectId))];
      const knownProjects = projectIds.length
        ? await ctx.db.select({ id: projects.id }).from(projects).where(inArray(projects.id, projectIds))
        : [];
      if (knownProjects.length !== projectIds.length) {
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'invalidReference',
          params: { field: 'projectId' },
        });
      }
      const siteIds = [...new Set(ctx.body.projects.flatMap((p) => p.siteIds))];
      const knownSites = siteIds.length
        ? await ctx.db
            .select({ id: sites.id, projectId: sites.projectId })
            .from(sites)
            .where(inArray(sites.id, siteIds))
        : [];
      const siteProject = new Map(knownSites.map((s) => [s.id, s.projectId]));
      const rows: Array<{ userId: number; projectId: number; siteId: number | null }> = [];
      for (const p of ctx.body.projects) {
        if (target.type === 2 && p.siteIds.length === 0)
          throw new ApiError(ResultCode.BAD_REQUEST, { key: 'externalNeedsSites' });
        if (target.type !== 2 || p.siteIds.length === 0) {
          rows.push({ userId, projectId: p.projectId, siteId: null });
          continue;
        }
        for (const siteId of new Set(p.siteIds)) {
          if (siteProject.get(siteId) !== p.projectId)
            throw new ApiError(ResultCode.BAD_REQUEST, { key: 'siteNotInProject' });
          rows.push({ userId, projectId: p.projectId, siteId });
        }
      }
      const before = await scopeQuery(ctx.db, eq(userProjects.userId, userId));
      await ctx.db.delete(userProjects).where(eq(userProjects.userId, userId));
      const unique = [...new Map(rows.map((r) => [`${r.projectId}/${r.siteId}`, r])).values()];
      if (unique.length > 0) await ctx.db.insert(userProjects).values(unique);
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
