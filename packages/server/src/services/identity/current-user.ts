import type { CurrentUser, Lang } from '@trialab/api-contract';
import { WILDCARD_PERMISSION } from '@trialab/api-contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, sites, userProjects, type users } from '../../db/schema.js';
import { localNameColumn } from '../../lib/local-name.js';
import { passwordChangeReason } from '../../lib/route.js';
import { scopeOf } from '../scope.js';
import { permissionStrings, rolesOf } from './permissions.js';

type UserRow = typeof users.$inferSelect;

export async function externalPermissions(
  db: Executor,
  userId: number,
  lang: Lang,
): Promise<CurrentUser['externalPermissions']> {
  const rows = await db
    .select({
      projectId: projects.id,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
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
  options: { now: Date; expireDays: number; loginFailCount: number; loginDate: Date | null; lang: Lang },
): Promise<CurrentUser> {
  const permissions = user.isSuper ? [WILDCARD_PERMISSION] : await permissionStrings(db, user.id);
  const roles = (await rolesOf(db, [user.id])).filter((r) => r.status === 1);
  const scope = await scopeOf(db, user, permissions);
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
    externalPermissions: user.type === 2 ? await externalPermissions(db, user.id, options.lang) : [],
    projectIds: [...scope.projectIds].sort((a, b) => a - b),
    allProjects: scope.all,
  };
}
