import { ResultCode } from '@trialab/api-contract';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ApiError, notFound } from './errors.js';

/**
 * The caller's projects and sites (SPEC section 6), the one shape every module reads through
 * `ctx.scope()` (services/scope.ts looks it up): the super account and internal staff with the
 * wildcard see everything; other internal staff every site of their projects; external customers
 * (type 2) only the sites they were granted.
 */
export interface SiteScope {
  all: boolean;
  projectIds: ReadonlySet<number>;
  /** External customers: every site granted to them; null: every site of `projectIds`. */
  siteIds: ReadonlySet<number> | null;
  /**
   * External customers: the sites granted per project (an empty set: the project was granted
   * without a site, and the project pickers then list all its sites); empty for everyone else.
   */
  sitesByProject: ReadonlyMap<number, ReadonlySet<number>>;
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

/** A project outside the caller's projects is refused as out of scope. */
export function assertProjectInScope(scope: Pick<SiteScope, 'all' | 'projectIds'>, projectId: number): void {
  if (!scope.all && !scope.projectIds.has(projectId)) throw outOfScope();
}

export const outOfScope = () => new ApiError(ResultCode.FORBIDDEN, { key: 'forbiddenScope' });

/**
 * Refuses a record outside the caller's sites by id, with the same answer as a missing record so
 * that ids of other sites cannot be probed.
 */
export function assertInScope(scope: SiteScope, record: { projectId: number; siteId: number }): void {
  if (!inScope(scope, record.projectId, record.siteId)) throw notFound();
}
