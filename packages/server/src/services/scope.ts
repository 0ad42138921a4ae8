import { ResultCode, WILDCARD_PERMISSION } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { projects, sites, userProjects, type users } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import type { Principal } from '../lib/route.js';
import { assertProjectInScope, inScope, outOfScope, type SiteScope } from '../lib/scope.js';

/**
 * The scope service: looks up a user's projects and sites (the shape and its checks are in
 * lib/scope.ts). Handlers read it through `ctx.scope()`, which calls `siteScope` once per request.
 */

/** Which projects and sites a user may see, given the user's permission strings (SPEC section 6). */
export async function scopeOf(
  db: Executor,
  user: Pick<typeof users.$inferSelect, 'id' | 'type' | 'isSuper'>,
  permissions: readonly string[],
): Promise<SiteScope> {
  if (user.isSuper || (user.type !== 2 && permissions.includes(WILDCARD_PERMISSION))) {
    return { all: true, projectIds: new Set(), siteIds: null, sitesByProject: new Map() };
  }
  const rows = await db
    .select({ projectId: userProjects.projectId, siteId: userProjects.siteId })
    .from(userProjects)
    .where(eq(userProjects.userId, user.id));
  const projectIds = new Set<number>();
  const sitesByProject = new Map<number, Set<number>>();
  for (const row of rows) {
    projectIds.add(row.projectId);
    if (user.type === 2) {
      const set = sitesByProject.get(row.projectId) ?? new Set<number>();
      if (row.siteId !== null) set.add(row.siteId);
      sitesByProject.set(row.projectId, set);
    }
  }
  if (user.type !== 2) return { all: false, projectIds, siteIds: null, sitesByProject };
  const siteIds = new Set<number>();
  for (const set of sitesByProject.values()) for (const id of set) siteIds.add(id);
  return { all: false, projectIds, siteIds, sitesByProject };
}

/** The caller's scope; the pipeline calls it lazily through `ctx.scope()`. */
export function siteScope(db: Executor, principal: Principal): Promise<SiteScope> {
  return scopeOf(db, principal.user, principal.isSuper ? [] : [...principal.permissions]);
}

/** The project record a record is filed under: it must exist and be in the scope. */
export async function checkedProject(db: Executor, scope: SiteScope, projectId: number): Promise<void> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'projectId' } });
  assertProjectInScope(scope, projectId);
}

/** Checks that the site belongs to the project and that both are in scope; answers their numbers. */
export async function checkedSite(
  db: Executor,
  scope: SiteScope,
  projectId: number,
  siteId: number,
): Promise<{ projectNo: string; projectName: string; centerNo: string; siteName: string }> {
  const [row] = await db
    .select({
      projectId: sites.projectId,
      projectNo: projects.projectNo,
      projectName: projects.name,
      centerNo: sites.centerNo,
      siteName: sites.name,
    })
    .from(sites)
    .innerJoin(projects, eq(projects.id, sites.projectId))
    .where(eq(sites.id, siteId));
  if (!row)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'siteId' } });
  if (row.projectId !== projectId) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'siteNotInProject' });
  if (!inScope(scope, projectId, siteId)) throw outOfScope();
  return row;
}
