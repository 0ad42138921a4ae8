import {
  type AccountApplicationState,
  accountApplicationWorkflow,
  type Lang,
  ResultCode,
} from '@trialab/api-contract';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  permissions,
  projects,
  rolePermissions,
  roles,
  sites,
  userProjects,
  users,
} from '../../db/schema.js';
import { accountApplications } from '../../db/schema-portal-admin.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { Page } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { containsAny } from '../../lib/search.js';
import { versionedUpdate } from '../../lib/versioned.js';
import { eventsOf, iso } from '../../lib/workflow.js';
import { permissionStrings } from '../../services/identity/permissions.js';
import { setUserRoles } from '../users/repository.js';
import { coversGrants, type Grant, holdsRole, portalRolesOf, siteKey } from './service.js';

/** Account applications' SQL: the applications, requestable roles, held sites and the created account. */

export const WORKFLOW_ID = accountApplicationWorkflow.id;

const applicant = alias(users, 'applicant');
const reviewer = alias(users, 'reviewer');

/**
 * Enabled roles made only of portal permissions (an applicant cannot ask for staff rights), named
 * in `lang`.
 */
export async function portalRoles(
  db: Executor,
  lang: Lang = 'zh_CN',
): Promise<Array<{ id: number; name: string; permissions: string[] }>> {
  const rows = await db
    .select({ id: roles.id, name: localNameColumn(roles, lang), authority: permissions.authority })
    .from(roles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(roles.status, 1))
    .orderBy(roles.id);
  return portalRolesOf(rows);
}

/** The role of an application, if it is still a portal role (checked again at approval). */
export async function portalRole(db: Executor, roleId: number) {
  const role = (await portalRoles(db)).find((r) => r.id === roleId);
  if (!role) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'roleNotAllowed' });
  return role;
}

/** Condition: at least one requested site belongs to one of these projects. */
const touchesProjects = (projectIds: number[]): SQL =>
  projectIds.length === 0
    ? sql`false`
    : sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${accountApplications.grants}) g WHERE (g->>'projectId')::int IN (${sql.join(
        projectIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`;

/** Staff see the applications touching their projects (all of them with the wildcard or super). */
export const staffWhere = (scope: SiteScope): SQL | undefined =>
  scope.all ? undefined : touchesProjects([...scope.projectIds]);

export function listWhere(f: {
  keyword?: string | undefined;
  projectId?: number | undefined;
  status?: string[] | undefined;
}) {
  return and(
    containsAny(
      [accountApplications.name, accountApplications.mobile, accountApplications.applicationNo],
      f.keyword,
    ),
    f.projectId ? touchesProjects([f.projectId]) : undefined,
    f.status && f.status.length > 0 ? inArray(accountApplications.status, f.status) : undefined,
  );
}

/** An application with its role's name in the reader's language and its applicant and reviewer. */
function select(db: Executor, lang: Lang) {
  return db
    .select({
      a: accountApplications,
      roleName: localNameColumn(roles, lang),
      applicantName: applicant.username,
      reviewerName: reviewer.username,
    })
    .from(accountApplications)
    .innerJoin(roles, eq(roles.id, accountApplications.roleId))
    .innerJoin(applicant, eq(applicant.id, accountApplications.applicantId))
    .leftJoin(reviewer, eq(reviewer.id, accountApplications.reviewerId));
}
type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

/** Project and site numbers of the requested grants, in one query for a page of rows. */
async function grantNames(db: Executor, rows: Joined[], lang: Lang) {
  const siteIds = [...new Set(rows.flatMap((r) => r.a.grants.map((g) => g.siteId)))];
  if (siteIds.length === 0) return new Map<number, never>();
  const found = await db
    .select({
      siteId: sites.id,
      siteNo: sites.centerNo,
      siteName: sites.name,
      projectId: projects.id,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
    })
    .from(sites)
    .innerJoin(projects, eq(projects.id, sites.projectId))
    .where(inArray(sites.id, siteIds));
  return new Map(found.map((f) => [f.siteId, f]));
}

async function toRows(db: Executor, rows: Joined[], lang: Lang) {
  const names = await grantNames(db, rows, lang);
  return rows.map((r) => ({
    id: r.a.id,
    applicationNo: r.a.applicationNo,
    name: r.a.name,
    mobile: r.a.mobile,
    email: r.a.email,
    roleId: r.a.roleId,
    roleName: r.roleName,
    purpose: r.a.purpose,
    reason: r.a.reason,
    grants: r.a.grants.flatMap((g) => {
      const n = names.get(g.siteId);
      return n ? [n] : [];
    }),
    status: r.a.status as AccountApplicationState,
    applicantId: r.a.applicantId,
    applicantName: r.applicantName,
    applyTime: r.a.applyTime.toISOString(),
    reviewerName: r.reviewerName,
    reviewTime: iso(r.a.reviewTime),
    rejectReason: r.a.rejectReason,
    createdUserId: r.a.createdUserId,
    version: r.a.version,
  }));
}

export async function pageApplications(
  db: Executor,
  where: SQL | undefined,
  p: number,
  size: number,
  lang: Lang,
) {
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(accountApplications).where(where),
    select(db, lang).where(where).orderBy(desc(accountApplications.applyTime), desc(accountApplications.id)),
    { page: p, size: size },
  );
  return new Page(await toRows(db, rows, lang), total);
}

/** An application as shown, with its history. */
export async function applicationDetail(db: Executor, id: number, lang: Lang) {
  const [row] = await select(db, lang).where(eq(accountApplications.id, id));
  if (!row) throw notFound();
  const [shown] = await toRows(db, [row], lang);
  if (!shown) throw notFound();
  return { ...shown, events: await eventsOf(db, WORKFLOW_ID, id) };
}

/** The application's own row (for checks before acting on it). */
export async function applicationById(db: Executor, id: number) {
  const [row] = await db.select().from(accountApplications).where(eq(accountApplications.id, id));
  if (!row) throw notFound();
  return row;
}

/** The (project, site) pairs a user holds; null when the user sees everything. */
export async function heldSites(db: Executor, scope: SiteScope): Promise<Set<string> | null> {
  if (scope.all) return null;
  const rows = await db
    .select({ projectId: sites.projectId, siteId: sites.id })
    .from(sites)
    .where(
      scope.siteIds
        ? scope.siteIds.size > 0
          ? inArray(sites.id, [...scope.siteIds])
          : sql`false`
        : scope.projectIds.size > 0
          ? inArray(sites.projectId, [...scope.projectIds])
          : sql`false`,
    );
  return new Set(rows.map((r) => siteKey({ projectId: r.projectId, siteId: r.siteId })));
}

/** The sites the grants name, with their projects. */
export function sitesOf(db: Executor, grants: Grant[]) {
  return db
    .select({ id: sites.id, projectId: sites.projectId })
    .from(sites)
    .where(
      inArray(
        sites.id,
        grants.map((g) => g.siteId),
      ),
    );
}

/**
 * At approval, the grants and the role's rights must still be the applicant's own (they may have
 * changed, or the role been changed or taken away, since applying): read again from the database.
 */
export async function assertStillGrantable(
  db: Executor,
  application: { applicantId: number; roleId: number; grants: Grant[] },
): Promise<void> {
  const held = await db
    .select({ projectId: userProjects.projectId, siteId: userProjects.siteId })
    .from(userProjects)
    .where(eq(userProjects.userId, application.applicantId));
  if (!coversGrants(held, application.grants))
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'grantNoLongerHeld' });
  const applicant = {
    isSuper: false,
    permissions: new Set(await permissionStrings(db, application.applicantId)),
  };
  if (!holdsRole(applicant, await portalRole(db, application.roleId)))
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'roleNoLongerHeld' });
}

/** Refuses an application for a mobile or e-mail an account already has, or one already pending. */
export async function assertNoAccountOrPending(
  db: Executor,
  mobile: string,
  email: string | null | undefined,
) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.mobile, mobile), email ? sql`lower(${users.email}) = lower(${email})` : undefined))
    .limit(1);
  if (taken) throw new ApiError(ResultCode.DUPLICATE, { key: 'accountExists' });
  const [pending] = await db
    .select({ id: accountApplications.id })
    .from(accountApplications)
    .where(and(eq(accountApplications.mobile, mobile), eq(accountApplications.status, 'submitted')))
    .limit(1);
  if (pending) throw new ApiError(ResultCode.DUPLICATE, { key: 'applicationPending' });
}

export async function insertApplication(db: Executor, values: typeof accountApplications.$inferInsert) {
  const [row] = await db.insert(accountApplications).values(values).returning({ id: accountApplications.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Writes the application at the version read; false when the version moved on. */
export const updateApplication = versionedUpdate(accountApplications);

/** The portal account an approved application asks for: its role and sites, a first-login password. */
export async function createPortalUser(
  db: Executor,
  account: { name: string; mobile: string; email: string | null; roleId: number; grants: Grant[] },
  passwordHash: string,
  now: Date,
): Promise<number> {
  const [created] = await db
    .insert(users)
    .values({
      username: account.name,
      mobile: account.mobile,
      email: account.email,
      type: 2,
      mustChangePassword: true,
      passwordChangedAt: now,
      passwordHash,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('user insert returned nothing');
  await setUserRoles(db, created.id, [account.roleId]);
  await db
    .insert(userProjects)
    .values(account.grants.map((g) => ({ userId: created.id, projectId: g.projectId, siteId: g.siteId })));
  return created.id;
}
