import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { EndpointDef } from '@trialab/api-contract';
import { type LOGIN_FAILURE_REASONS, type LoginResult, ResultCode } from '@trialab/api-contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { loginCodes, sessions, users } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { type Ctx, passwordChangeReason, type SessionCtx } from '../../lib/route.js';
import { buildCurrentUser } from '../../services/identity/current-user.js';
import { hashPassword, verifyPassword } from '../../services/identity/passwords.js';
import { createSession, endSession, endUserSessions, sha256Hex } from '../../services/identity/session.js';
import { confirmSessionPassword } from '../../services/identity/session-password.js';
import { claimAttempt as claimThrottleAttempt, clearFailures } from '../../services/identity/throttle.js';
import { CAPTCHA_TOLERANCE, generateCaptcha } from './captcha.js';
import * as repo from './repository.js';
import { OAuthCodeError } from './wechat.js';

type AnyCtx = Ctx<EndpointDef>;
type UserRow = typeof users.$inferSelect;

export const CAPTCHA_TTL_MS = 2 * 60_000;
export const PASS_TOKEN_TTL_MS = 2 * 60_000;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Send limits: one code per target per minute, 10 per target, account or IP per day. */
export const SEND_LIMITS = {
  perTargetInterval: 60_000,
  perTargetDaily: 10,
  perAccountDaily: 10,
  perIpHourly: 30,
};

/** Progressive delay after failed logins: 3 failures 1 s, then doubling, max 5 min. */
export function throttleDelayMs(failCount: number): number {
  if (failCount < 3) return 0;
  return Math.min(1000 * 2 ** (failCount - 3), 300_000);
}

/**
 * The failure counter a login attempt counts against: one per account, whichever of its names
 * (phone, e-mail) is typed, so an attacker gets no extra guesses by switching names; a name that
 * is no account counts on its own, under the same policy and message, so answers do not tell
 * which names exist. Password and code attempts share the counter.
 */
export async function throttleKeyFor(ctx: AnyCtx, name: string) {
  const normalised = name.trim().toLowerCase();
  const user = await repo.findUserByAccount(ctx.db, normalised);
  return { user, key: user ? `user:${user.id}` : `name:${normalised}` };
}

/**
 * Claims an attempt on the counter (repository `claimAttempt`: one locked step, so parallel guesses
 * queue): refuses while the progressive delay runs, else counts the attempt as a failure up front
 * and answers the count; a success clears the counter.
 */
async function claimAttempt(ctx: AnyCtx, key: string): Promise<number> {
  const now = ctx.now.getTime();
  const claim = await claimThrottleAttempt(
    ctx.db,
    key,
    ctx.now,
    (row) => row.lastFailAt.getTime() + throttleDelayMs(row.failCount) - now,
  );
  if (claim.waitMs > 0) {
    throw fail(ResultCode.LOGIN_THROTTLED, 'loginThrottled', {
      params: { seconds: Math.ceil(claim.waitMs / 1000) },
      data: { retryAfterMs: claim.waitMs },
    });
  }
  return claim.failCount;
}

function fail(
  code: (typeof ResultCode)[keyof typeof ResultCode],
  key: Parameters<typeof t>[1],
  extra: Partial<ConstructorParameters<typeof ApiError>[1]> = {},
) {
  return new ApiError(code, { key, ...extra });
}

// ---- slide puzzle -------------------------------------------------------------------------

export async function newCaptcha(ctx: AnyCtx) {
  const captcha = await generateCaptcha();
  const expiresAt = new Date(ctx.now.getTime() + CAPTCHA_TTL_MS);
  await repo.insertCaptcha(ctx.db, {
    id: captcha.id,
    pieceX: captcha.x,
    pieceY: captcha.y,
    createdAt: ctx.now,
    expiresAt,
  });
  ctx.audit({ action: 'auth.captcha', entity: 'captcha', entityId: captcha.id });
  return {
    captchaId: captcha.id,
    background: captcha.background,
    piece: captcha.piece,
    pieceY: captcha.y,
    width: 310,
    height: 155,
    pieceSize: 42,
    expiresAt: expiresAt.toISOString(),
  };
}

/** One try per puzzle: a miss spends it and the client loads a new one. */
export async function verifyCaptcha(ctx: AnyCtx, captchaId: string, x: number) {
  const row = await repo.findCaptcha(ctx.db, captchaId);
  if (!row || row.attempts > 0 || row.expiresAt.getTime() <= ctx.now.getTime()) {
    throw fail(ResultCode.CAPTCHA_INVALID, 'captchaFailed');
  }
  if (Math.abs(x - row.pieceX) > CAPTCHA_TOLERANCE) {
    await repo.updateCaptcha(ctx.db, captchaId, { attempts: row.attempts + 1 });
    throw fail(ResultCode.CAPTCHA_INVALID, 'captchaFailed', { commit: true });
  }
  const passToken = randomBytes(24).toString('base64url');
  await repo.updateCaptcha(ctx.db, captchaId, {
    attempts: row.attempts + 1,
    passTokenHash: sha256Hex(passToken),
    expiresAt: new Date(ctx.now.getTime() + PASS_TOKEN_TTL_MS),
  });
  ctx.audit({
    action: 'auth.captchaVerify',
    entity: 'captcha',
    entityId: captchaId,
    newValue: { passed: true },
  });
  return { passToken };
}

async function spendPassToken(ctx: AnyCtx, passToken: string): Promise<void> {
  if (!(await repo.consumePassToken(ctx.db, sha256Hex(passToken), ctx.now))) {
    throw fail(ResultCode.CAPTCHA_INVALID, 'captchaInvalid');
  }
}

// ---- sessions --------------------------------------------------------------------------------

async function openSession(
  ctx: AnyCtx,
  user: UserRow,
  method: string,
  account: string,
): Promise<LoginResult> {
  const { config } = ctx.deps;
  const session = await createSession(ctx.db, {
    userId: user.id,
    now: ctx.now,
    maxMs: config.sessionMaxMs,
    ip: ctx.ip,
    userAgent: ctx.request.headers['user-agent'] ?? null,
  });
  await ctx.db
    .update(sessions)
    .set({ loginFailCount: user.loginFailCount })
    .where(eq(sessions.id, session.sessionId));
  const [updated] = await ctx.db
    .update(users)
    .set({ loginDate: ctx.now, loginFailCount: 0, agreementAcceptedAt: ctx.now })
    .where(eq(users.id, user.id))
    .returning();
  const fresh = updated ?? user;
  await repo.insertLoginLog(ctx.db, {
    userId: user.id,
    account,
    method,
    success: true,
    message: t(ctx.lang, 'ok'),
    failCount: user.loginFailCount,
    ip: ctx.ip,
    userAgent: ctx.request.headers['user-agent'] ?? null,
    createdAt: ctx.now,
  });
  ctx.audit({
    action: 'auth.login',
    entity: 'session',
    entityId: session.sessionId,
    newValue: { userId: user.id, method, agreementAcceptedAt: ctx.now.toISOString() },
    by: { userId: user.id, username: user.username },
  });
  const reason = passwordChangeReason(fresh, ctx.now, config.passwordExpireDays);
  return {
    token: session.token,
    signingKey: session.signingKey,
    idleTimeoutMs: config.sessionIdleMs,
    isNeedUpdatePassword: reason !== null,
    passwordChangeReason: reason,
    expireDays: config.passwordExpireDays,
    user: await buildCurrentUser(ctx.db, fresh, {
      now: ctx.now,
      expireDays: config.passwordExpireDays,
      loginFailCount: user.loginFailCount,
      loginDate: ctx.now,
      lang: ctx.lang,
    }),
  };
}

type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

async function logFailure(
  ctx: AnyCtx,
  account: string,
  method: string,
  userId: number | null,
  failure: { reason: LoginFailureReason; failCount: number },
) {
  await repo.insertLoginLog(ctx.db, {
    userId,
    account: account.slice(0, 64),
    method,
    success: false,
    message: t(ctx.lang, 'loginFailed'),
    ...failure,
    ip: ctx.ip,
    userAgent: ctx.request.headers['user-agent'] ?? null,
    createdAt: ctx.now,
  });
}

// ---- account + password ----------------------------------------------------------------------

export async function passwordLogin(
  ctx: AnyCtx,
  body: { account: string; password: string; passToken: string },
) {
  const account = body.account.trim().toLowerCase();
  const { user, key } = await throttleKeyFor(ctx, account);
  const failCount = await claimAttempt(ctx, key);
  await spendPassToken(ctx, body.passToken);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok || user.status !== 1) {
    if (user && !ok) {
      await ctx.db
        .update(users)
        .set({ loginFailCount: sql`${users.loginFailCount} + 1` })
        .where(eq(users.id, user.id));
    }
    const reason = !user ? 'unknownAccount' : !ok ? 'wrongPassword' : 'disabled';
    await logFailure(ctx, account, 'password', user?.id ?? null, { reason, failCount });
    ctx.audit({
      action: 'auth.loginFailed',
      entity: 'user',
      entityId: user?.id ?? null,
      newValue: { account },
    });
    throw fail(ResultCode.LOGIN_FAILED, 'loginFailed', { commit: true });
  }
  await clearFailures(ctx.db, key);
  return openSession(ctx, user, 'password', account);
}

// ---- SMS and e-mail codes --------------------------------------------------------------------

const codeHash = (target: string, code: string) =>
  createHash('sha256').update(`${target}\n${code}`).digest('hex');

export async function sendLoginCode(
  ctx: AnyCtx,
  channel: 'sms' | 'email',
  rawTarget: string,
  passToken: string,
) {
  const target = normaliseTarget(channel, rawTarget);
  await spendPassToken(ctx, passToken);
  const now = ctx.now.getTime();
  const day = new Date(now - 86_400_000);
  const perTarget = await repo.countCodesSince(ctx.db, { channel, target }, day);
  const limited = (retryAfterMs: number) =>
    fail(ResultCode.SEND_LIMITED, 'sendLimited', {
      params: { seconds: Math.ceil(retryAfterMs / 1000) },
      data: { retryAfterMs },
    });
  if (perTarget.latest && now - perTarget.latest.getTime() < SEND_LIMITS.perTargetInterval) {
    throw limited(perTarget.latest.getTime() + SEND_LIMITS.perTargetInterval - now);
  }
  if (perTarget.n >= SEND_LIMITS.perTargetDaily) throw limited(86_400_000);
  const perIp = await repo.countCodesSince(ctx.db, { ip: ctx.ip }, new Date(now - 3_600_000));
  if (perIp.n >= SEND_LIMITS.perIpHourly) throw limited(3_600_000);
  const user = await repo.findUserByAccount(ctx.db, target);
  const active = user && user.status === 1 && (channel === 'sms' ? user.mobile === target : true);
  if (active) {
    const perAccount = await repo.countCodesSince(ctx.db, { userId: user.id }, day);
    if (perAccount.n >= SEND_LIMITS.perAccountDaily) throw limited(86_400_000);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // A row is kept even for unknown targets so that limits and answers are the same for everyone.
  await repo.insertCode(ctx.db, {
    channel,
    target,
    codeHash: codeHash(target, code),
    userId: active ? user.id : null,
    createdAt: ctx.now,
    expiresAt: new Date(now + CODE_TTL_MS),
    ip: ctx.ip,
  });
  // A failed send answers SEND_FAILED and rolls the row back; unknown targets answer the same
  // while the channel is failing, so an outage does not tell accounts apart.
  if (active) {
    await ctx.deps.notifier.send(
      { kind: 'loginCode', channel, recipient: target, lang: ctx.lang, params: { code } },
      ctx.db,
    );
  } else {
    ctx.deps.notifier.refuseWhileFailing(channel);
  }
  ctx.audit({
    action: `auth.send${channel === 'sms' ? 'Sms' : 'Mail'}Code`,
    entity: 'loginCode',
    newValue: { target },
  });
  return null;
}

const normaliseTarget = (channel: 'sms' | 'email', raw: string) =>
  channel === 'email' ? raw.trim().toLowerCase() : raw.trim();

/**
 * Checks and spends the latest code sent to a target. Every failure counts against the account's
 * login throttle (see throttleKeyFor), so codes cannot be guessed faster than passwords by
 * switching between an account's phone and e-mail; success clears the counter.
 */
async function spendCode(ctx: AnyCtx, channel: 'sms' | 'email', target: string, code: string) {
  const { key } = await throttleKeyFor(ctx, target);
  const failCount = await claimAttempt(ctx, key);
  const row = await repo.latestCode(ctx.db, channel, target);
  const invalid = async (reason: LoginFailureReason = 'codeInvalid') => {
    await logFailure(ctx, target, channel, row?.userId ?? null, { reason, failCount });
    return fail(ResultCode.CODE_INVALID, 'codeInvalid', { commit: true });
  };
  if (
    !row ||
    row.usedAt ||
    row.expiresAt.getTime() <= ctx.now.getTime() ||
    row.attempts >= CODE_MAX_ATTEMPTS
  ) {
    throw await invalid();
  }
  if (!timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(codeHash(target, code), 'hex'))) {
    await repo.updateCode(ctx.db, row.id, { attempts: row.attempts + 1 });
    throw await invalid();
  }
  await repo.updateCode(ctx.db, row.id, { usedAt: ctx.now });
  // Unknown targets keep a row whose code was never sent: a match is a lucky guess, still refused.
  const user = row.userId === null ? undefined : await repo.findUserById(ctx.db, row.userId);
  if (user?.status !== 1) throw await invalid(user ? 'disabled' : 'codeInvalid');
  await clearFailures(ctx.db, key);
  return user;
}

export async function codeLogin(ctx: AnyCtx, channel: 'sms' | 'email', rawTarget: string, code: string) {
  const target = normaliseTarget(channel, rawTarget);
  const user = await spendCode(ctx, channel, target, code);
  return openSession(ctx, user, channel, target);
}

// ---- forgot password -------------------------------------------------------------------------

export const RESET_TTL_MS = 10 * 60_000;

/** Step 1: a valid code (spent here) for an account gives a short-lived reset token. */
export async function checkCode(ctx: AnyCtx, channel: 'sms' | 'email', rawTarget: string, code: string) {
  const user = await spendCode(ctx, channel, normaliseTarget(channel, rawTarget), code);
  const resetToken = randomBytes(24).toString('base64url');
  // Reset tokens share the one-time code table: channel "reset", target = user id. Only the
  // newest token of an account is valid.
  await repo.spendResetTokens(ctx.db, user.id, ctx.now);
  await repo.insertCode(ctx.db, {
    channel: 'reset',
    target: String(user.id),
    codeHash: sha256Hex(resetToken),
    userId: user.id,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + RESET_TTL_MS),
    ip: ctx.ip,
  });
  ctx.audit({
    action: `auth.check${channel === 'sms' ? 'Sms' : 'Email'}Code`,
    entity: 'user',
    entityId: user.id,
  });
  return { resetToken };
}

/** Step 2: new password; every session of the user ends. */
export async function resetPassword(ctx: AnyCtx, resetToken: string, password: string) {
  const rows = await ctx.db
    .update(loginCodes)
    .set({ usedAt: ctx.now })
    .where(
      and(
        eq(loginCodes.channel, 'reset'),
        eq(loginCodes.codeHash, sha256Hex(resetToken)),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, ctx.now),
      ),
    )
    .returning({ userId: loginCodes.userId });
  const userId = rows[0]?.userId;
  if (userId === undefined || userId === null) throw fail(ResultCode.CODE_INVALID, 'resetTokenInvalid');
  const user = await repo.findUserById(ctx.db, userId);
  if (user?.status !== 1) throw fail(ResultCode.CODE_INVALID, 'resetTokenInvalid');
  if (await verifyPassword(user.passwordHash, password))
    throw fail(ResultCode.PASSWORD_POLICY, 'passwordSame');
  await ctx.db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      passwordChangedAt: ctx.now,
      mustChangePassword: false,
      updatedAt: ctx.now,
    })
    .where(eq(users.id, userId));
  await endUserSessions(ctx.db, userId, ctx.now, 'password-reset');
  ctx.audit({
    action: 'auth.resetPassword',
    entity: 'user',
    entityId: userId,
    newValue: { passwordChanged: true },
  });
  return true;
}

// ---- WeChat ----------------------------------------------------------------------------------

const STATE_TTL_MS = 10 * 60_000;

export async function wxAuthUrl(ctx: AnyCtx, redirectUri: string) {
  const { wx, secrets } = ctx.deps;
  if (!wx || !secrets.oauthState) throw fail(ResultCode.BAD_REQUEST, 'wxUnavailable');
  const payload = `${ctx.now.getTime() + STATE_TTL_MS}.${randomBytes(9).toString('base64url')}`;
  const mac = createHmac('sha256', secrets.oauthState).update(payload).digest('base64url');
  const state = `${payload}.${mac}`;
  return { url: wx.authorizeUrl(redirectUri, state), state };
}

async function wxOpenId(ctx: AnyCtx, code: string, state: string): Promise<string> {
  const { wx, secrets } = ctx.deps;
  const secret = secrets.oauthState;
  if (!wx || !secret) throw fail(ResultCode.BAD_REQUEST, 'wxUnavailable');
  const parts = state.split('.');
  const [expiry, nonce, mac] = parts;
  const expected =
    expiry && nonce ? createHmac('sha256', secret).update(`${expiry}.${nonce}`).digest('base64url') : '';
  if (parts.length !== 3 || !mac || mac !== expected || Number(expiry) <= ctx.now.getTime()) {
    throw fail(ResultCode.CODE_INVALID, 'codeInvalid');
  }
  try {
    return (await wx.exchange(code)).openId;
  } catch (error) {
    if (error instanceof OAuthCodeError) throw fail(ResultCode.CODE_INVALID, 'codeInvalid');
    throw error;
  }
}

export async function wxLogin(ctx: AnyCtx, code: string, state: string) {
  const openId = await wxOpenId(ctx, code, state);
  const user = await repo.findUserByOpenId(ctx.db, openId);
  if (user?.status !== 1) throw fail(ResultCode.WX_NOT_BOUND, 'wxNotBound');
  return openSession(ctx, user, 'wechat', `wx:${openId}`);
}

export async function wxBind(ctx: AnyCtx, userId: number, code: string, state: string) {
  const openId = await wxOpenId(ctx, code, state);
  try {
    await ctx.db.update(users).set({ wxOpenId: openId }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(ResultCode.DUPLICATE, 'wxAlreadyBound');
    throw error;
  }
  ctx.audit({ action: 'user.wxBind', entity: 'user', entityId: userId, newValue: { wxBound: true } });
  return true;
}

export async function wxUnbind(ctx: AnyCtx, userId: number) {
  await ctx.db.update(users).set({ wxOpenId: null }).where(eq(users.id, userId));
  ctx.audit({ action: 'user.wxUnBind', entity: 'user', entityId: userId, newValue: { wxBound: false } });
  return true;
}

// ---- password changes, lock screen, logout ---------------------------------------------------

export async function changePassword(
  ctx: SessionCtx,
  user: UserRow,
  sessionId: number,
  newPassword: string,
  oldPassword: string | undefined,
) {
  if (oldPassword !== undefined) {
    await confirmSessionPassword(
      ctx,
      oldPassword,
      'oldPassword',
      fail(ResultCode.OLD_PASSWORD_WRONG, 'oldPasswordWrong'),
    );
  }
  if (await verifyPassword(user.passwordHash, newPassword))
    throw fail(ResultCode.PASSWORD_POLICY, 'passwordSame');
  await ctx.db
    .update(users)
    .set({
      passwordHash: await hashPassword(newPassword),
      passwordChangedAt: ctx.now,
      mustChangePassword: false,
      updatedAt: ctx.now,
    })
    .where(eq(users.id, user.id));
  // Every other session of the user ends; the one that proved the password stays.
  await endUserSessions(ctx.db, user.id, ctx.now, 'password-changed', sessionId);
  ctx.audit({
    action: 'user.passwordChanged',
    entity: 'user',
    entityId: user.id,
    newValue: { passwordChanged: true },
  });
  return true;
}

export async function checkLockPassword(ctx: SessionCtx, password: string) {
  await confirmSessionPassword(
    ctx,
    password,
    'lockScreen',
    fail(ResultCode.LOCK_PASSWORD_WRONG, 'lockPasswordWrong'),
  );
  ctx.audit({ action: 'user.unlock', entity: 'session', entityId: ctx.principal.sessionId });
  return true;
}

export async function logout(ctx: AnyCtx, sessionId: number) {
  await endSession(ctx.db, sessionId, ctx.now, 'logout');
  ctx.audit({ action: 'auth.logout', entity: 'session', entityId: sessionId });
  return null;
}
