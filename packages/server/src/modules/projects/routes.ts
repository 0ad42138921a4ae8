import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projects, sites } from '../../db/schema.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { Page, registerGroup, type SessionCtx } from '../../lib/route.js';
import { contains } from '../../lib/search.js';
import { projectScope } from '../users/current-user.js';

const { project } = endpoints;
const columns = {
  id: projects.id,
  projectNo: projects.projectNo,
  name: projects.name,
  sponsor: projects.sponsor,
  status: projects.status,
  version: projects.version,
};

/** Projects outside the user's scope are invisible (external users: their projects and sites only). */
function scopeCondition(scope: Awaited<ReturnType<typeof projectScope>>): SQL | undefined {
  if (scope.all) return undefined;
  const ids = [...scope.projectIds];
  return ids.length > 0 ? inArray(projects.id, ids) : eq(projects.id, -1);
}

export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const paged = async (
    ctx: SessionCtx,
    body: { page: number; size: number; projectNo?: string | undefined },
    select:
      | typeof columns
      | { id: typeof projects.id; projectNo: typeof projects.projectNo; name: typeof projects.name },
  ) => {
    const p = ctx.principal;
    const scope = await projectScope(ctx.db, p.user);
    const where = and(
      scopeCondition(scope),
      body.projectNo ? contains(projects.projectNo, body.projectNo) : undefined,
    );
    const { rows, total } = await pageOf(
      ctx.db.select({ n: count() }).from(projects).where(where),
      ctx.db.select(select).from(projects).where(where).orderBy(asc(projects.projectNo)),
      { page: body.page, size: body.size },
    );
    return { rows, total };
  };
  registerGroup(app, project, {
    page: async (ctx) => {
      const r = await paged(ctx, ctx.body, columns);
      return new Page(r.rows as Array<typeof projects.$inferSelect>, r.total);
    },
    ownAll: async (ctx) => {
      const r = await paged(ctx, ctx.body, {
        id: projects.id,
        projectNo: projects.projectNo,
        name: projects.name,
      });
      return new Page(r.rows, r.total);
    },
    get: async (ctx) => {
      const p = ctx.principal;
      const scope = await projectScope(ctx.db, p.user);
      const [row] = await ctx.db.select(columns).from(projects).where(eq(projects.id, ctx.params.id));
      if (!row) throw notFound();
      if (!scope.all && !scope.projectIds.has(row.id))
        throw new ApiError(ResultCode.FORBIDDEN, { key: 'forbiddenScope' });
      return row;
    },
    sitesByProject: async (ctx) => {
      const p = ctx.principal;
      const scope = await projectScope(ctx.db, p.user);
      const { projectId, page, size } = ctx.body;
      if (!scope.all && !scope.projectIds.has(projectId))
        throw new ApiError(ResultCode.FORBIDDEN, { key: 'forbiddenScope' });
      const allowedSites = scope.sitesByProject.get(projectId);
      const where = and(
        eq(sites.projectId, projectId),
        allowedSites && allowedSites.size > 0 ? inArray(sites.id, [...allowedSites]) : undefined,
      );
      return pageOf(
        ctx.db.select({ n: count() }).from(sites).where(where),
        ctx.db
          .select({ id: sites.id, projectId: sites.projectId, centerNo: sites.centerNo, name: sites.name })
          .from(sites)
          .where(where)
          .orderBy(asc(sites.centerNo)),
        { page, size },
      );
    },
  });
}
