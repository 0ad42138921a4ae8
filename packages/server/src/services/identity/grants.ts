import { type Lang, ResultCode } from '@trialab/api-contract';
import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, sites, userProjects } from '../../db/schema.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { SessionCtx } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';

/**
 * Project (and site) grants: which projects an account works on, the source of its scope
 * (services/scope.ts). The users and access modules both change them, through `setGrants`.
 */

// ---- rules (pure; grants.test.ts) ----

/** The reference given names an existing record (`field` names the input in the refusal). */
export function assertKnown(field: string, known: boolean): void {
  if (!known) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field } });
}

/** Every id given names an existing record. */
export function assertAllKnown(field: string, wanted: number[], known: number[]): void {
  assertKnown(field, known.length === wanted.length);
}

type Grant = { userId: number; projectId: number; siteId: number | null };

/**
 * The user's grant rows: staff get whole projects; an external user (type 2) gets the listed sites of
 * each project (at least one, each of that project). A repeated project or site is kept once.
 */
export function grantRows(
  userId: number,
  userType: number,
  projects: Array<{ projectId: number; siteIds: number[] }>,
  projectOfSite: ReadonlyMap<number, number>,
): Grant[] {
  const rows: Grant[] = [];
  for (const p of projects) {
    if (userType === 2 && p.siteIds.length === 0)
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'externalNeedsSites' });
    if (userType !== 2 || p.siteIds.length === 0) {
      rows.push({ userId, projectId: p.projectId, siteId: null });
      continue;
    }
    for (const siteId of new Set(p.siteIds)) {
      if (projectOfSite.get(siteId) !== p.projectId)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'siteNotInProject' });
      rows.push({ userId, projectId: p.projectId, siteId });
    }
  }
  return [...new Map(rows.map((r) => [`${r.projectId}/${r.siteId}`, r])).values()];
}

/** Projects added to someone's grants must be in the granter's own scope. */
export function assertMayGrantProjects(scope: Pick<SiteScope, 'all' | 'projectIds'>, added: number[]): void {
  if (scope.all) return;
  const outside = added.find((id) => !scope.projectIds.has(id));
  if (outside !== undefined)
    throw new ApiError(ResultCode.FORBIDDEN, { key: 'grantBeyondScope', params: { projectId: outside } });
}

/** The super account has every project: its grants are shown, not edited. */
export function assertGrantsEditable(target: { isSuper: boolean }): void {
  if (target.isSuper) throw new ApiError(ResultCode.FORBIDDEN, { key: 'superGrantsFixed' });
}

/** Roles and grants change only with a reason (it goes into the audit record). */
export function assertReasonForChange(changed: boolean, reason: string | undefined): void {
  if (changed && !reason) throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'reasonRequired' });
}

/** Whether two lists hold different members (order and repeats aside). */
export function differ<T>(a: readonly T[], b: readonly T[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size !== right.size || [...left].some((x) => !right.has(x));
}

/**
 * Replaces an account's project (and site) grants, within the granter's own projects; answers the
 * grants before (for the audit record) and whether they changed.
 */
export async function setGrants(
  ctx: SessionCtx,
  target: { id: number; type: number; isSuper: boolean },
  projects: Array<{ projectId: number; siteIds: number[] }>,
) {
  assertGrantsEditable(target);
  const projectIds = [...new Set(projects.map((p) => p.projectId))];
  assertAllKnown('projectId', projectIds, await knownProjectIds(ctx.db, projectIds));
  const siteIds = [...new Set(projects.flatMap((p) => p.siteIds))];
  const rows = grantRows(target.id, target.type, projects, await projectsOfSites(ctx.db, siteIds));
  const before = await grantsOfUser(ctx.db, target.id, ctx.lang);
  const had = new Set(before.map((g) => g.projectId));
  assertMayGrantProjects(
    await ctx.scope(),
    projectIds.filter((id) => !had.has(id)),
  );
  await replaceGrants(ctx.db, target.id, rows);
  const key = (g: { projectId: number; siteId: number | null }) => `${g.projectId}/${g.siteId}`;
  return { before, changed: differ(before.map(key), rows.map(key)) };
}

// ---- queries ----

function grantQuery(db: Executor, where: SQL, lang: Lang) {
  return db
    .select({
      id: userProjects.id,
      userId: userProjects.userId,
      projectId: userProjects.projectId,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
      siteId: userProjects.siteId,
      centerNo: sites.centerNo,
      siteName: sites.name,
    })
    .from(userProjects)
    .innerJoin(projects, eq(projects.id, userProjects.projectId))
    .leftJoin(sites, eq(sites.id, userProjects.siteId))
    .where(where);
}

export async function grantById(db: Executor, id: number, lang: Lang) {
  const [row] = await grantQuery(db, eq(userProjects.id, id), lang);
  if (!row) throw notFound();
  return row;
}

export function grantsOfUser(db: Executor, userId: number, lang: Lang) {
  return grantQuery(db, eq(userProjects.userId, userId), lang);
}

export function pageGrants(db: Executor, userId: number, page: { page: number; size: number }, lang: Lang) {
  const where = eq(userProjects.userId, userId);
  return pageOf(
    db.select({ n: count() }).from(userProjects).where(where),
    grantQuery(db, where, lang).orderBy(asc(projects.projectNo), asc(sites.centerNo)),
    page,
  );
}

export async function deleteGrant(db: Executor, id: number): Promise<void> {
  await db.delete(userProjects).where(eq(userProjects.id, id));
}

export async function knownProjectIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
  return rows.map((r) => r.id);
}

/** Site id -> its project id, for the sites among these that exist. */
export async function projectsOfSites(db: Executor, siteIds: number[]): Promise<Map<number, number>> {
  if (siteIds.length === 0) return new Map();
  const rows = await db
    .select({ id: sites.id, projectId: sites.projectId })
    .from(sites)
    .where(inArray(sites.id, siteIds));
  return new Map(rows.map((s) => [s.id, s.projectId]));
}

export async function replaceGrants(
  db: Executor,
  userId: number,
  rows: Array<{ userId: number; projectId: number; siteId: number | null }>,
): Promise<void> {
  await db.delete(userProjects).where(eq(userProjects.userId, userId));
  if (rows.length > 0) await db.insert(userProjects).values(rows);
}
