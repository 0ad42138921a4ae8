import { ResultCode } from '@trialab/api-contract';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sites } from '../../db/schema.js';
import { ApiError, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/route.js';
import { projectScope } from '../users/current-user.js';

/**
 * Which sites a portal user may see: external customers (type 2) only the sites they were
 * granted; internal staff every site of their projects; the super account everything.
 */
export interface SiteScope {
  all: boolean;
  projectIds: ReadonlySet<number>;
  /** null: every site of `projectIds`. */
  siteIds: ReadonlySet<number> | null;
}

export async function siteScope(db: Executor, principal: Principal): Promise<SiteScope> {
  const scope = await projectScope(db, principal.user, principal.isSuper ? [] : [...principal.permissions]);
  if (scope.all) return { all: true, projectIds: new Set(), siteIds: null };
  if (principal.type !== 2) return { all: false, projectIds: scope.projectIds, siteIds: null };
  const siteIds = new Set<number>();
  for (const set of scope.sitesByProject.values()) for (const id of set) siteIds.add(id);
  return { all: false, projectIds: scope.projectIds, siteIds };
}

/** SQL condition limiting rows to the scope (undefined: no limit). */
export function scopeWhere(scope: SiteScope, projectColumn: PgColumn, siteColumn: PgColumn): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.siteIds)
    return scope.siteIds.size > 0 ? inArray(siteColumn, [...scope.siteIds]) : eq(siteColumn, -1);
  return scope.projectIds.size > 0 ? inArray(projectColumn, [...scope.projectIds]) : eq(projectColumn, -1);
}

export function inScope(scope: SiteScope, projectId: number, siteId: number): boolean {
  if (scope.all) return true;
  if (scope.siteIds) return scope.siteIds.has(siteId);
  return scope.projectIds.has(projectId);
}

export const outOfScope = () => new ApiError(ResultCode.FORBIDDEN, { key: 'forbiddenScope' });

/**
 * Refuses a record outside the caller's sites by id, with the same answer as a missing record so
 * that ids of other sites cannot be probed.
 */
export function assertInScope(scope: SiteScope, record: { projectId: number; siteId: number }): void {
  if (!inScope(scope, record.projectId, record.siteId)) throw notFound();
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
