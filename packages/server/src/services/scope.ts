import { ResultCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { projects, sites } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import type { Principal } from '../lib/route.js';
import { inScope, outOfScope, type SiteScope } from '../lib/scope.js';
import { projectScope } from '../modules/users/current-user.js';

export { assertInScope, inScope, outOfScope, type SiteScope, scopeWhere } from '../lib/scope.js';

/** Resolves the caller's scope; the pipeline calls it lazily through `ctx.scope()`. */
export async function siteScope(db: Executor, principal: Principal): Promise<SiteScope> {
  const scope = await projectScope(db, principal.user, principal.isSuper ? [] : [...principal.permissions]);
  if (scope.all) return { all: true, projectIds: new Set(), siteIds: null };
  if (principal.type !== 2) return { all: false, projectIds: scope.projectIds, siteIds: null };
  const siteIds = new Set<number>();
  for (const set of scope.sitesByProject.values()) for (const id of set) siteIds.add(id);
  return { all: false, projectIds: scope.projectIds, siteIds };
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
