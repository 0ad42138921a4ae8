import {
  type AccountApplicationState,
  accountApplicationWorkflow,
  endpoints,
  ResultCode,
} from '@trialab/api-contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountApplications } from '../../db/schema-portal-admin.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { registerGroup } from '../../lib/route.js';
import { uniqueOr } from '../../lib/versioned.js';
import { actorOf, applyTransition, assertTransition, nextNumber, recordEvent } from '../../lib/workflow.js';
import { generatePassword, hashPassword } from '../../services/identity/passwords.js';
import {
  applicationById,
  applicationDetail,
  assertNoAccountOrPending,
  assertStillGrantable,
  createPortalUser,
  heldSites,
  insertApplication,
  listWhere,
  pageApplications,
  portalRole,
  portalRoles,
  sitesOf,
  staffWhere,
  updateApplication,
  WORKFLOW_ID,
} from './repository.js';
import { assertGrantsOwned, assertStaffScope, firstPasswordSms, holdsRole } from './service.js';

const { accountApplication: api } = endpoints;

/** Account applications: site users ask for portal accounts for colleagues, staff approve or reject. */
export async function accountApplicationRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    // The roles this applicant may request: portal roles whose rights they hold themselves.
    roles: async (ctx) =>
      (await portalRoles(ctx.db, ctx.lang))
        .filter((role) => holdsRole(ctx.principal, role))
        .map(({ id, name }) => ({ id, name })),
    paging: async (ctx) => {
      const { page, size, ...filters } = ctx.body;
      const where = and(eq(accountApplications.applicantId, ctx.principal.userId), listWhere(filters));
      return pageApplications(ctx.db, where, page, size, ctx.lang);
    },
    get: async (ctx) => {
      const row = await applicationById(ctx.db, ctx.params.id);
      // Site users see their own applications only; others' ids answer as missing.
      if (row.applicantId !== ctx.principal.userId) throw notFound();
      return applicationDetail(ctx.db, row.id, ctx.lang);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const body = ctx.body;
      assertGrantsOwned(
        body.grants,
        await sitesOf(ctx.db, body.grants),
        await heldSites(ctx.db, await ctx.scope()),
      );
      if (!holdsRole(p, await portalRole(ctx.db, body.roleId)))
        throw new ApiError(ResultCode.FORBIDDEN, { key: 'roleNotOwned' });
      await assertNoAccountOrPending(ctx.db, body.mobile, body.email);
      const applicationNo = await nextNumber(ctx.db, 'UA', ctx.now, ctx.timeZone);
      const id = await insertApplication(ctx.db, {
        ...body,
        applicationNo,
        status: 'submitted',
        applicantId: p.userId,
        applyTime: ctx.now,
      });
      await recordEvent(ctx.db, {
        workflow: WORKFLOW_ID,
        recordId: id,
        action: 'submit',
        fromState: null,
        toState: 'submitted',
        userId: p.userId,
        at: ctx.now,
      });
      ctx.audit({ action: 'accountApplication.create', entity: WORKFLOW_ID, entityId: id, newValue: body });
      return applicationDetail(ctx.db, id, ctx.lang);
    },
    withdraw: async (ctx) => {
      const p = ctx.principal;
      const { version } = ctx.body;
      const row = await applicationById(ctx.db, ctx.params.id);
      if (row.applicantId !== p.userId) throw notFound();
      await applyTransition(
        ctx,
        p,
        accountApplicationWorkflow,
        { id: row.id, status: row.status as AccountApplicationState, creatorId: row.applicantId },
        { action: 'withdraw', version },
        (next) => updateApplication(ctx.db, row.id, version, next),
      );
      return applicationDetail(ctx.db, row.id, ctx.lang);
    },
    auditPaging: async (ctx) => {
      const { page, size, tab, ...filters } = ctx.body;
      const tabWhere =
        tab === 'pending'
          ? eq(accountApplications.status, 'submitted')
          : isNotNull(accountApplications.reviewTime);
      return pageApplications(
        ctx.db,
        and(staffWhere(await ctx.scope()), tabWhere, listWhere(filters)),
        page,
        size,
        ctx.lang,
      );
    },
    staffPaging: async (ctx) => {
      const { page, size, ...filters } = ctx.body;
      return pageApplications(
        ctx.db,
        and(staffWhere(await ctx.scope()), listWhere(filters)),
        page,
        size,
        ctx.lang,
      );
    },
    staffGet: async (ctx) => {
      const scope = await ctx.scope();
      const row = await applicationById(ctx.db, ctx.params.id);
      assertStaffScope(scope, row.grants, false);
      return applicationDetail(ctx.db, row.id, ctx.lang);
    },
    audit: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const row = await applicationById(ctx.db, ctx.params.id);
      assertStaffScope(scope, row.grants, true);
      const { version, pass, reason } = ctx.body;
      const current = {
        id: row.id,
        status: row.status as AccountApplicationState,
        creatorId: row.applicantId,
      };
      const review = (patch: Partial<typeof accountApplications.$inferInsert>) => (next: object) =>
        updateApplication(ctx.db, row.id, version, {
          ...patch,
          ...next,
          reviewerId: p.userId,
          reviewTime: ctx.now,
        });
      if (!pass) {
        await applyTransition(
          ctx,
          p,
          accountApplicationWorkflow,
          current,
          { action: 'reject', version, reason, patch: { rejectReason: reason } },
          review({ rejectReason: reason }),
        );
        return applicationDetail(ctx.db, row.id, ctx.lang);
      }
      // State and actor first, so a second approval answers INVALID_STATE rather than a duplicate.
      assertTransition(
        ctx.lang,
        accountApplicationWorkflow,
        current.status,
        'approve',
        actorOf(p, row.applicantId),
      );
      await assertStillGrantable(ctx.db, row);
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const userId = await uniqueOr(ctx.lang, () => createPortalUser(ctx.db, row, passwordHash, ctx.now));
      await applyTransition(
        ctx,
        p,
        accountApplicationWorkflow,
        current,
        { action: 'approve', version, patch: { createdUserId: userId } },
        review({ createdUserId: userId }),
      );
      const { name: username, mobile, email, roleId, grants } = row;
      ctx.audit({
        action: 'user.create',
        entity: 'user',
        entityId: userId,
        newValue: {
          username,
          mobile,
          email,
          type: 2,
          roleIds: [roleId],
          grants,
          fromApplication: row.id,
        },
      });
      // The first-login password goes to the new user's phone through the notifier (outbox in demo).
      await ctx.deps.notifier.send(firstPasswordSms(row, password), ctx.db);
      return applicationDetail(ctx.db, row.id, ctx.lang);
    },
  });
}
