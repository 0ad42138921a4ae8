import type { CurrentUser } from '@trialab/api-contract';
import { WILDCARD_PERMISSION } from '@trialab/api-contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, sites, userProjects, type users } from '../../db/schema.js';
import { passwordChangeReason } from '../../lib/route.js';
import { permissionStrings, rolesOf } from '../access/repository.js';

type UserRow = typeof users.$inferSelect;

export interface ProjectScope {
  /** Super account and internal staff with the wildcard see every project. */
  all: boolean;
  projectIds: Set<number>;
  /** External customers: allowed sites per project (a project absent here has no site limit). */
  sitesByProject: Map<number, Set<number>>;
}

/** Which projects and sites a user may see (SPEC section 6). */
export async function projectScope(db: Executor, user: UserRow, perms?: string[]): Promise<ProjectScope> {
  const permissions = perms ?? (user.isSuper ? [] : await permissionStrings(db, user.id));
  if (user.isSuper || (user.type !== 2 && permissions.includes(WILDCARD_PERMISSION))) {
    return { all: true, projectIds: new Set(), sitesByProject: new Map() };
  }
  const rows = await db
    .select({ projectId: userProjects.projectId, siteId: userProjects.siteId })
    .from(userProjects)
    .where(eq(userProjects.userId, user.id));
  const scope: ProjectScope = { all: false, projectIds: new Set(), sitesByProject: new Map() };
  for (const row of rows) {
    scope.projectIds.add(row.projectId);
    if (user.type === 2) {
      const set = scope.sitesByProject.get(row.projectId) ?? new Set<number>();
      if (row.siteId !== null) set.add(row.siteId);
      scope.sitesByProject.set(row.projectId, set);
    }
  }
  return scope;
}

export async function externalPermissions(
  db: Executor,
  userId: number,
): Promise<CurrentUser['externalPermissions']> {
  const rows = await db
    .select({
      projectId: projects.id,
      projectNo: projects.projectNo,
      projectName: projects.name,
      siteId: sites.id,
      centerNo: sites.centerNo,
      siteName: sites.name,
    })
    .from(userProjects)
    .innerJoin(projects, eq(projects.id, userProjects.projectId))
    .leftJoin(sites, eq(sites.id, userProjects.siteId))
    .where(eq(userProjects.userId, userId))
    .orderBy(asc(projects.projectNo), asc(sites.centerNo));
  const byProject = new Map<number, CurrentUser['externalPermissions'][number]>();
  for (const row of rows) {
    const entry = byProject.get(row.projectId) ?? {
      projectId: row.projectId,
      projectNo: row.projectNo,
      projectName: row.projectName,
      sites: [],
    };
    if (row.siteId !== null && row.centerNo !== null && row.siteName !== null) {
      entry.sites.push({ id: row.siteId, centerNo: row.centerNo, name: row.siteName });
    }
    byProject.set(row.projectId, entry);
  }
  return [...byProject.values()];
}

export async function buildCurrentUser(
  db: Executor,
  user: UserRow,
  options: { now: Date; expireDays: number; loginFailCount: number; loginDate: Date | null },
): Promise<CurrentUser> {
  const permissions = user.isSuper ? [WILDCARD_PERMISSION] : await permissionStrings(db, user.id);
  const roles = (await rolesOf(db, [user.id])).filter((r) => r.status === 1);
  const scope = await projectScope(db, user, permissions);
  return {
    id: user.id,
    type: user.type,
    username: user.username,
    mobile: user.mobile,
    email: user.email,
    jobNumber: user.jobNumber,
    avatar: user.avatar,
    gender: user.gender,
    status: user.status,
    isSuper: user.isSuper,
    deptId: user.deptId,
    loginDate: options.loginDate?.toISOString() ?? null,
    loginFailCount: options.loginFailCount,
    expireDays: options.expireDays,
    isNeedUpdatePassword: passwordChangeReason(user, options.now, options.expireDays) !== null,
    wxBound: user.wxOpenId !== null,
    roles: roles.map(({ id, name, code }) => ({ id, name, code })),
    permissions: [...new Set(permissions)].sort(),
    externalPermissions: user.type === 2 ? await externalPermissions(db, user.id) : [],
    projectIds: [...scope.projectIds].sort((a, b) => a - b),
    allProjects: scope.all,
  };
}
