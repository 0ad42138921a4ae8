import type { endpoints } from '@trialab/api-contract';
import { ResultCode } from '@trialab/api-contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { depts, roles, users } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionCtx } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { hashPassword } from '../auth/passwords.js';
import { endUserSessions } from '../auth/session.js';
import * as repo from './repository.js';

type AnyCtx = SessionCtx;
type CreateBody = z.output<NonNullable<typeof endpoints.user.create.body>>;
type UpdateBody = z.output<NonNullable<typeof endpoints.user.update.body>>;

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

export async function createUser(ctx: AnyCtx, body: CreateBody) {
  await checkReferences(ctx, body.roleIds, body.deptId);
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
  const { password: _secret, ...shown } = body;
  ctx.audit({ action: 'user.create', entity: 'user', entityId: row.id, newValue: shown });
  return { id: row.id };
}

export async function updateUser(ctx: AnyCtx, body: UpdateBody) {
  const before = await repo.getUserRow(ctx.db, eq(users.id, body.id));
  if (!before) throw staleOrMissing(false);
  await checkReferences(ctx, body.roleIds, body.deptId);
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
  ctx.audit({ action: 'user.update', entity: 'user', entityId: body.id, oldValue: before, newValue: body });
  return { version: row.version };
}

export async function updateStatus(ctx: AnyCtx, id: number, status: 0 | 1, version: number) {
  const [before] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!before) throw staleOrMissing(false);
  if (before.isSuper) throw new ApiError(ResultCode.FORBIDDEN, { key: 'superProtected' });
  const [row] = await ctx.db
    .update(users)
    .set({ status, version: sql`${users.version} + 1`, updatedAt: ctx.now })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning({ version: users.version });
  if (!row) throw staleOrMissing(true);
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

export async function deleteUser(ctx: AnyCtx, id: number, reason: string | undefined) {
  if (!reason) throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'reasonRequired' });
  if (ctx.principal.userId === id) throw new ApiError(ResultCode.FORBIDDEN, { key: 'cannotDeleteSelf' });
  const before = await repo.getUserRow(ctx.db, eq(users.id, id));
  const [raw] = await ctx.db.select({ isSuper: users.isSuper }).from(users).where(eq(users.id, id));
  if (!before || !raw) throw staleOrMissing(false);
  if (raw.isSuper) throw new ApiError(ResultCode.FORBIDDEN, { key: 'superProtected' });
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
