import {
  type AccountApplicationState,
  accountApplicationWorkflow,
  endpoints,
  ResultCode,
} from '@trialab/api-contract';
import { and, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
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
import { t } from '../../lib/i18n.js';
import { pageOf } from '../../lib/paging.js';
import { Page, type Principal, registerGroup } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { uniqueOr } from '../../lib/versioned.js';
import {
  actorOf,
  applyTransition,
  assertTransition,
  eventsOf,
  iso,
  nextNumber,
  recordEvent,
} from '../../lib/workflow.js';
import { type Principal as AccessPrincipal, hasPermission } from '../access/access.js';
import { permissionStrings } from '../access/repository.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { type SiteScope, siteScope } from '../portal/scope.js';
import { setUserRoles } from '../users/repository.js';

const { accountApplication: api } = endpoints;
const WORKFLOW_ID = accountApplicationWorkflow.id;
/** Permissions a requestable role may hold: the portal and the personal centre only. */
const PORTAL_AREAS = ['web:', 'personal:'];

const applicant = alias(users, 'applicant');
const reviewer = alias(users, 'reviewer');

type Grant = { projectId: number; siteId: number };

/** Enabled roles made only of portal permissions (an applicant cannot ask for staff rights). */
async function portalRoles(
  db: Executor,
): Promise<Array<{ id: number; name: string; permissions: string[] }>> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, authority: permissions.authority })
    .from(roles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(roles.status, 1))
    .orderBy(roles.id);
  const byRole = new Map<number, { id: number; name: string; permissions: string[]; ok: boolean }>();
  for (const row of rows) {
    const entry = byRole.get(row.id) ?? { id: row.id, name: row.name, permissions: [], ok: true };
    if (!row.authority || !PORTAL_AREAS.some((a) => row.authority?.startsWith(a))) entry.ok = false;
    else entry.permissions.push(row.authority);
    byRole.set(row.id, entry);
  }
  return [...byRole.values()].filter((r) => r.ok).map(({ ok: _, ...role }) => role);
}

/**
 * Whether the applicant holds every permission of the role: an account cannot be asked for with
 * rights its applicant lacks (the unblinding report, say, which an administrator grants on purpose).
 */
const holdsRole = (holder: AccessPrincipal, role: { permissions: string[] }) =>
  role.permissions.every((permission) => hasPermission(holder, permission));

/** The roles this applicant may request: portal roles whose rights they hold themselves. */
async function requestableRoles(db: Executor, holder: AccessPrincipal) {
  return (await portalRoles(db))
    .filter((role) => holdsRole(holder, role))
    .map(({ id, name }) => ({ id, name }));
}

/** The role of an application, if it is still a portal role (checked again at approval). */
async function portalRole(db: Executor, roleId: number) {
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
const staffWhere = (scope: SiteScope): SQL | undefined =>
  scope.all ? undefined : touchesProjects([...scope.projectIds]);

function listWhere(f: {
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

const columns = {
  a: accountApplications,
  roleName: roles.name,
  applicantName: applicant.username,
  reviewerName: reviewer.username,
};

function select(db: Executor) {
  return db
    .select(columns)
    .from(accountApplications)
    .innerJoin(roles, eq(roles.id, accountApplications.roleId))
    .innerJoin(applicant, eq(applicant.id, accountApplications.applicantId))
    .leftJoin(reviewer, eq(reviewer.id, accountApplications.reviewerId));
}
type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

/** Project and site numbers of the requested grants, in one query for a page of rows. */
async function grantNames(db: Executor, rows: Joined[]) {
  const siteIds = [...new Set(rows.flatMap((r) => r.a.grants.map((g) => g.siteId)))];
  if (siteIds.length === 0) return new Map<number, never>();
  const found = await db
    .select({
      siteId: sites.id,
      siteNo: sites.centerNo,
      siteName: sites.name,
      projectId: projects.id,
      projectNo: projects.projectNo,
      projectName: projects.name,
    })
    .from(sites)
    .innerJoin(projects, eq(projects.id, sites.projectId))
    .where(inArray(sites.id, siteIds));
  return new Map(found.map((f) => [f.siteId, f]));
}

async function toRows(db: Executor, rows: Joined[]) {
  const names = await grantNames(db, rows);
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

async function page(db: Executor, where: SQL | undefined, p: number, size: number) {
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(accountApplications).where(where),
    select(db).where(where).orderBy(desc(accountApplications.applyTime), desc(accountApplications.id)),
    { page: p, size: size },
  );
  return new Page(await toRows(db, rows), total);
}

async function detail(db: Executor, id: number) {
  const [row] = await select(db).where(eq(accountApplications.id, id));
  if (!row) throw notFound();
  const [shown] = await toRows(db, [row]);
  if (!shown) throw notFound();
  return { ...shown, events: await eventsOf(db, WORKFLOW_ID, id) };
}

async function head(db: Executor, id: number) {
  const [row] = await db.select().from(accountApplications).where(eq(accountApplications.id, id));
  if (!row) throw notFound();
  return row;
}

/** A staff member may act on an application only when every requested site is in their projects. */
function assertStaffScope(scope: SiteScope, grants: Grant[], forAction: boolean): void {
  if (scope.all) return;
  const inside = grants.filter((g) => scope.projectIds.has(g.projectId));
  if (inside.length === 0) throw notFound();
  if (forAction && inside.length < grants.length)
    throw new ApiError(ResultCode.FORBIDDEN, { key: 'forbiddenScope' });
}

/** The (project, site) pairs a user holds; null when the user sees everything. */
async function heldSites(db: Executor, principal: Principal): Promise<Set<string> | null> {
  const scope = await siteScope(db, principal);
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
  return new Set(rows.map((r) => `${r.projectId}:${r.siteId}`));
}

/** The applicant's current grants, read from the database (they may have changed since applying). */
async function applicantHolds(db: Executor, applicantId: number, grants: Grant[]): Promise<boolean> {
  const rows = await db
    .select({ projectId: userProjects.projectId, siteId: userProjects.siteId })
    .from(userProjects)
    .where(eq(userProjects.userId, applicantId));
  return grants.every((g) =>
    rows.some((r) => r.projectId === g.projectId && (r.siteId === g.siteId || r.siteId === null)),
  );
}

export async function accountApplicationRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    roles: async (ctx) => requestableRoles(ctx.db, ctx.principal),
    paging: async (ctx) => {
      const p = ctx.principal;
      const { page: n, size, ...filters } = ctx.body;
      return page(ctx.db, and(eq(accountApplications.applicantId, p.userId), listWhere(filters)), n, size);
    },
    get: async (ctx) => {
      const p = ctx.principal;
      const row = await head(ctx.db, ctx.params.id);
      // Site users see their own applications only; others' ids answer as missing.
      if (row.applicantId !== p.userId) throw notFound();
      return detail(ctx.db, row.id);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const body = ctx.body;
      const held = await heldSites(ctx.db, p);
      const sitesOfGrants = await ctx.db
        .select({ id: sites.id, projectId: sites.projectId })
        .from(sites)
        .where(
          inArray(
            sites.id,
            body.grants.map((g) => g.siteId),
          ),
        );
      for (const g of body.grants) {
        const site = sitesOfGrants.find((s) => s.id === g.siteId);
        if (!site)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'invalidReference',
            params: { field: 'siteId' },
          });
        if (site.projectId !== g.projectId)
          throw new ApiError(ResultCode.BAD_REQUEST, { key: 'siteNotInProject' });
        if (held && !held.has(`${g.projectId}:${g.siteId}`))
          throw new ApiError(ResultCode.FORBIDDEN, { key: 'grantNotOwned' });
      }
      if (!holdsRole(p, await portalRole(ctx.db, body.roleId)))
        throw new ApiError(ResultCode.FORBIDDEN, { key: 'roleNotOwned' });
      const [taken] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(
          or(
            eq(users.mobile, body.mobile),
            body.email ? sql`lower(${users.email}) = lower(${body.email})` : undefined,
          ),
        )
        .limit(1);
      if (taken) throw new ApiError(ResultCode.DUPLICATE, { key: 'accountExists' });
      const [pending] = await ctx.db
        .select({ id: accountApplications.id })
        .from(accountApplications)
        .where(and(eq(accountApplications.mobile, body.mobile), eq(accountApplications.status, 'submitted')))
        .limit(1);
      if (pending) throw new ApiError(ResultCode.DUPLICATE, { key: 'applicationPending' });

      const applicationNo = await nextNumber(ctx.db, 'UA', ctx.now);
      const [row] = await ctx.db
        .insert(accountApplications)
        .values({ ...body, applicationNo, status: 'submitted', applicantId: p.userId, applyTime: ctx.now })
        .returning({ id: accountApplications.id });
      if (!row) throw new Error('insert returned no row');
      await recordEvent(ctx.db, {
        workflow: WORKFLOW_ID,
        recordId: row.id,
        action: 'submit',
        fromState: null,
        toState: 'submitted',
        userId: p.userId,
        at: ctx.now,
      });
      ctx.audit({
        action: 'accountApplication.create',
        entity: WORKFLOW_ID,
        entityId: row.id,
        newValue: body,
      });
      return detail(ctx.db, row.id);
    },
    withdraw: async (ctx) => {
      const p = ctx.principal;
      const row = await head(ctx.db, ctx.params.id);
      if (row.applicantId !== p.userId) throw notFound();
      await applyTransition(
        ctx,
        p,
        accountApplicationWorkflow,
        { id: row.id, status: row.status as AccountApplicationState, creatorId: row.applicantId },
        { action: 'withdraw', version: ctx.body.version },
        async (next) =>
          (
            await ctx.db
              .update(accountApplications)
              .set(next)
              .where(
                and(eq(accountApplications.id, row.id), eq(accountApplications.version, ctx.body.version)),
              )
              .returning({ id: accountApplications.id })
          ).length > 0,
      );
      return detail(ctx.db, row.id);
    },
    auditPaging: async (ctx) => {
      const scope = await ctx.scope();
      const { page: n, size, tab, ...filters } = ctx.body;
      const tabWhere =
        tab === 'pending'
          ? eq(accountApplications.status, 'submitted')
          : isNotNull(accountApplications.reviewTime);
      return page(ctx.db, and(staffWhere(scope), tabWhere, listWhere(filters)), n, size);
    },
    staffPaging: async (ctx) => {
      const scope = await ctx.scope();
      const { page: n, size, ...filters } = ctx.body;
      return page(ctx.db, and(staffWhere(scope), listWhere(filters)), n, size);
    },
    staffGet: async (ctx) => {
      const scope = await ctx.scope();
      const row = await head(ctx.db, ctx.params.id);
      assertStaffScope(scope, row.grants, false);
      return detail(ctx.db, row.id);
    },
    audit: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const row = await head(ctx.db, ctx.params.id);
      assertStaffScope(scope, row.grants, true);
      const { version, pass, reason } = ctx.body;
      const current = {
        id: row.id,
        status: row.status as AccountApplicationState,
        creatorId: row.applicantId,
      };
      const write = (patch: Partial<typeof accountApplications.$inferInsert>) => async (next: object) =>
        (
          await ctx.db
            .update(accountApplications)
            .set({ ...patch, ...next, reviewerId: p.userId, reviewTime: ctx.now })
            .where(and(eq(accountApplications.id, row.id), eq(accountApplications.version, version)))
            .returning({ id: accountApplications.id })
        ).length > 0;

      if (!pass) {
        await applyTransition(
          ctx,
          p,
          accountApplicationWorkflow,
          current,
          { action: 'reject', version, reason, patch: { rejectReason: reason } },
          write({ rejectReason: reason }),
        );
        return detail(ctx.db, row.id);
      }

      // State and actor first, so a second approval answers INVALID_STATE rather than a duplicate.
      assertTransition(
        ctx.lang,
        accountApplicationWorkflow,
        current.status,
        'approve',
        actorOf(p, row.applicantId),
      );
      // The grants must still be the applicant's own when the account is created.
      if (!(await applicantHolds(ctx.db, row.applicantId, row.grants)))
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'grantNoLongerHeld' });
      // So must the role's rights (a role changed or taken away since).
      const applicant = {
        isSuper: false,
        permissions: new Set(await permissionStrings(ctx.db, row.applicantId)),
      };
      if (!holdsRole(applicant, await portalRole(ctx.db, row.roleId)))
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'roleNoLongerHeld' });
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const [created] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(users)
          .values({
            username: row.name,
            mobile: row.mobile,
            email: row.email,
            type: 2,
            mustChangePassword: true,
            passwordChangedAt: ctx.now,
            passwordHash,
          })
          .returning({ id: users.id }),
      );
      if (!created) throw new Error('user insert returned nothing');
      await setUserRoles(ctx.db, created.id, [row.roleId]);
      await ctx.db
        .insert(userProjects)
        .values(row.grants.map((g) => ({ userId: created.id, projectId: g.projectId, siteId: g.siteId })));
      await applyTransition(
        ctx,
        p,
        accountApplicationWorkflow,
        current,
        { action: 'approve', version, patch: { createdUserId: created.id } },
        write({ createdUserId: created.id }),
      );
      ctx.audit({
        action: 'user.create',
        entity: 'user',
        entityId: created.id,
        newValue: {
          username: row.name,
          mobile: row.mobile,
          email: row.email,
          type: 2,
          roleIds: [row.roleId],
          grants: row.grants,
          fromApplication: row.id,
        },
      });
      // The first-login password goes to the new user's phone through the notifier (outbox in demo).
      const lang = 'zh_CN';
      await ctx.deps.notifier.send(
        {
          channel: 'sms',
          recipient: row.mobile,
          subject: t(lang, 'accountCreatedSubject'),
          body: t(lang, 'accountCreatedBody', { name: row.name, mobile: row.mobile, password }),
        },
        ctx.db,
      );
      return detail(ctx.db, row.id);
    },
  });
}
