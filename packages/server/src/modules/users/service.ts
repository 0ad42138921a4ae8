import type { endpoints } from '@trialab/api-contract';
import { isExternalPermission, ResultCode } from '@trialab/api-contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { depts, roles, users } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionCtx } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { assertReasonForChange, differ, setGrants } from '../../services/identity/grants.js';
import { generatePassword, hashPassword } from '../../services/identity/passwords.js';
import { type Principal as Granter, hasPermission } from '../../services/identity/permissions.js';
import { endUserSessions } from '../../services/identity/session.js';
import * as repo from './repository.js';

type AnyCtx = SessionCtx;
type CreateBody = z.output<NonNullable<typeof endpoints.user.create.body>>;
type UpdateBody = z.output<NonNullable<typeof endpoints.user.update.body>>;

// ---- rules (pure; service.test.ts) ----

/** A role and every permission it gives. */
export interface RoleGrant {
  id: number;
  name: string;
  authorities: string[];
}

/** Nobody grants a right they do not hold: every permission of each role added must be the granter's. */
export function assertMayGrantRoles(granter: Granter, added: RoleGrant[]): void {
  for (const role of added)
    for (const permission of role.authorities)
      if (!hasPermission(granter, permission))
        throw new ApiError(ResultCode.FORBIDDEN, { key: 'grantBeyondOwn', params: { permission } });
}

/** A role giving anything outside the areas site users may hold (the portal, personal centre) is a staff role. */
export function isInternalRole(role: RoleGrant): boolean {
  return role.authorities.some((a) => !isExternalPermission(a));
}

/** An external user (type 2) never holds an internal role. */
export function assertRolesFitType(type: number, held: RoleGrant[]): void {
  if (type !== 2) return;
  const internal = held.find(isInternalRole);
  if (internal)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'internalRoleForExternal',
      params: { role: internal.name },
    });
}

/**
 * Enabling or disabling an account: never one's own, a super account only by a super account, and
 * never the last enabled super account.
 */
export function assertMayChangeStatus(
  actor: { id: number; isSuper: boolean },
  target: { id: number; isSuper: boolean },
  status: number,
  enabledSupers: number,
): void {
  if (status === 0 && actor.id === target.id)
    throw new ApiError(ResultCode.FORBIDDEN, { key: 'cannotDisableSelf' });
  if (!target.isSuper) return;
  if (!actor.isSuper) throw new ApiError(ResultCode.FORBIDDEN, { key: 'superProtected' });
  if (status === 0 && enabledSupers <= 1)
    throw new ApiError(ResultCode.FORBIDDEN, { key: 'lastSuperAccount' });
}

/** A temporary password: not for one's own account, a super account only by a super account, e-mail needs an address. */
export function assertMayResetPassword(
  actor: { id: number; isSuper: boolean },
  target: { id: number; isSuper: boolean; email: string | null },
  send: boolean,
): void {
  if (actor.id === target.id) throw new ApiError(ResultCode.FORBIDDEN, { key: 'cannotResetOwnPassword' });
  if (target.isSuper && !actor.isSuper) throw new ApiError(ResultCode.FORBIDDEN, { key: 'superProtected' });
  if (send && !target.email) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'userHasNoEmail' });
}

/** An account that did anything on record stays (disable it): the audit trail and the records name it. */
export function assertNoRecords(counts: { audit: number; authored: number }): void {
  if (counts.audit > 0 || counts.authored > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'userHasRecords', params: counts });
}

// ---- steps ----

async function checkReferences(ctx: AnyCtx, roleIds: number[], deptId: number | null | undefined) {
  const found = await repo.existingIds(ctx.db, roles, roleIds);
  if (roleIds.some((id) => !found.has(id))) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'roleIds' } });
  }
  if (deptId) {
    const d = await repo.existingIds(ctx.db, depts, [deptId]);
    if (!d.has(deptId))
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'deptId' } });
  }
}

/** The roles an account is to hold: fit for its type, and those it did not hold yet within the granter's rights. */
async function checkRoles(ctx: AnyCtx, type: number, roleIds: number[], heldBefore: number[]) {
  const wanted = await repo.rolesWithAuthorities(ctx.db, [...new Set(roleIds)]);
  assertRolesFitType(type, wanted);
  assertMayGrantRoles(
    ctx.principal,
    wanted.filter((r) => !heldBefore.includes(r.id)),
  );
}

export async function createUser(ctx: AnyCtx, body: CreateBody) {
  await checkReferences(ctx, body.roleIds, body.deptId);
  await checkRoles(ctx, body.type, body.roleIds, []);
  const [row] = await uniqueOr(ctx.lang, () =>
    ctx.db
      .insert(users)
      .values({
        username: body.username,
        mobile: body.mobile,
        email: body.email ?? null,
        jobNumber: body.jobNumber || null,
        type: body.type,
        gender: body.gender ?? null,
        deptId: body.deptId ?? null,
        mustChangePassword: true,
        passwordChangedAt: ctx.now,
      })
      .returning({ id: users.id }),
  );
  if (!row) throw new Error('user insert returned nothing');
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(body.password) })
    .where(eq(users.id, row.id));
  await repo.setUserRoles(ctx.db, row.id, body.roleIds);
  if (body.projects) await setGrants(ctx, { id: row.id, type: body.type, isSuper: false }, body.projects);
  const { password: _secret, ...shown } = body;
  ctx.audit({ action: 'user.create', entity: 'user', entityId: row.id, newValue: shown });
  return { id: row.id };
}

export async function updateUser(ctx: AnyCtx, body: UpdateBody) {
  const before = await repo.getUserRow(ctx.db, eq(users.id, body.id));
  const raw = await repo.userById(ctx.db, body.id);
  if (!before || !raw) throw staleOrMissing(false);
  await checkReferences(ctx, body.roleIds, body.deptId);
  await checkRoles(ctx, body.type, body.roleIds, before.roleIds);
  const updated = await uniqueOr(ctx.lang, () =>
    ctx.db
      .update(users)
      .set({
        username: body.username,
        mobile: body.mobile,
        email: body.email ?? null,
        jobNumber: body.jobNumber || null,
        type: body.type,
        gender: body.gender ?? null,
        deptId: body.deptId ?? null,
        version: sql`${users.version} + 1`,
        updatedAt: ctx.now,
      })
      .where(and(eq(users.id, body.id), eq(users.version, body.version)))
      .returning({ version: users.version }),
  );
  const [row] = updated;
  if (!row) throw staleOrMissing(true);
  await repo.setUserRoles(ctx.db, body.id, body.roleIds);
  const grants = body.projects
    ? await setGrants(ctx, { id: body.id, type: body.type, isSuper: raw.isSuper }, body.projects)
    : undefined;
  assertReasonForChange(differ(before.roleIds, body.roleIds) || Boolean(grants?.changed), body.reason);
  const { reason, ...after } = body;
  ctx.audit({
    action: 'user.update',
    entity: 'user',
    entityId: body.id,
    oldValue: grants ? { ...before, grants: grants.before } : before,
    newValue: after,
    reason: reason || null,
  });
  return { version: row.version };
}

export async function updateStatus(ctx: AnyCtx, id: number, status: 0 | 1, version: number) {
  const before = await repo.userById(ctx.db, id);
  if (!before) throw staleOrMissing(false);
  assertMayChangeStatus(
    { id: ctx.principal.userId, isSuper: ctx.principal.isSuper },
    before,
    status,
    await repo.enabledSuperCount(ctx.db),
  );
  const [row] = await ctx.db
    .update(users)
    .set({ status, version: sql`${users.version} + 1`, updatedAt: ctx.now })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning({ version: users.version });
  if (!row) throw staleOrMissing(true);
  // Ending the sessions in this transaction fires NOTIFY trialab_auth at commit: every instance
  // drops its cached look-ups, and the next request of the account answers 401.
  if (status === 0) await endUserSessions(ctx.db, id, ctx.now, 'disabled');
  ctx.audit({
    action: 'user.updateStatus',
    entity: 'user',
    entityId: id,
    oldValue: { status: before.status },
    newValue: { status },
  });
  return { version: row.version };
}

export async function resetPassword(ctx: AnyCtx, id: number, send: boolean) {
  const target = await repo.userById(ctx.db, id);
  if (!target) throw staleOrMissing(false);
  assertMayResetPassword({ id: ctx.principal.userId, isSuper: ctx.principal.isSuper }, target, send);
  const password = generatePassword();
  await ctx.db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      passwordChangedAt: ctx.now,
      updatedAt: ctx.now,
    })
    .where(eq(users.id, id));
  await endUserSessions(ctx.db, id, ctx.now, 'passwordReset');
  if (send && target.email) {
    await ctx.deps.notifier.send(
      {
        kind: 'tempPassword',
        channel: 'email',
        recipient: target.email,
        lang: ctx.lang,
        params: { account: target.mobile ?? target.username, password },
      },
      ctx.db,
    );
  }
  ctx.audit({
    action: 'user.resetPassword',
    entity: 'user',
    entityId: id,
    newValue: { mustChangePassword: true, sentTo: send ? target.email : null },
  });
  return send ? { password: null, sentTo: target.email } : { password, sentTo: null };
}

export async function deleteUser(ctx: AnyCtx, id: number, reason: string | undefined) {
  if (!reason) throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'reasonRequired' });
  if (ctx.principal.userId === id) throw new ApiError(ResultCode.FORBIDDEN, { key: 'cannotDeleteSelf' });
  const before = await repo.getUserRow(ctx.db, eq(users.id, id));
  const raw = await repo.userById(ctx.db, id);
  if (!before || !raw) throw staleOrMissing(false);
  if (raw.isSuper) throw new ApiError(ResultCode.FORBIDDEN, { key: 'superProtected' });
  assertNoRecords(await repo.recordCounts(ctx.db, id));
  await ctx.db.delete(users).where(eq(users.id, id));
  ctx.audit({ action: 'user.delete', entity: 'user', entityId: id, oldValue: before, reason });
  return null;
}

export async function jobNumberTaken(ctx: AnyCtx, jobNumber: string, excludeId: number | undefined) {
  const where = excludeId
    ? and(eq(users.jobNumber, jobNumber), ne(users.id, excludeId))
    : eq(users.jobNumber, jobNumber);
  const rows = await ctx.db.select({ id: users.id }).from(users).where(where).limit(1);
  return rows.length > 0;
}
