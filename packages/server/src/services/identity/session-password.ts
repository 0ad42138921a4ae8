import { ResultCode } from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionCtx } from '../../lib/route.js';
import { verifyPassword } from './passwords.js';
import { endSession } from './session.js';
import { claimAttempt } from './throttle.js';

/** Lock screen: more than 3 wrong passwords end the session (answered as 401). */
export const LOCK_MAX_WRONG = 3;

/**
 * A password re-entered inside a session (the lock screen, the old password of a change, an
 * e-signature): checked
 * before the request writes anything. A wrong one counts like a failed login (the account's throttle
 * counter and `loginFailCount`), is audited (`user.passwordWrong`), and counts on the session's
 * wrong answers with the lock screen's: more than LOCK_MAX_WRONG end the session (401, as the lock
 * screen). The refusal commits those records only, since nothing else was written yet.
 */
export async function confirmSessionPassword(
  ctx: SessionCtx,
  password: string,
  purpose: 'lockScreen' | 'oldPassword' | 'eSignature',
  refusal: ApiError,
): Promise<void> {
  const p = ctx.principal;
  if (await verifyPassword(p.user.passwordHash, password)) {
    if (p.session.lockFailCount > 0)
      await ctx.db.update(sessions).set({ lockFailCount: 0 }).where(eq(sessions.id, p.sessionId));
    return;
  }
  // Counted whatever the delay: the session's own limit ends the guessing.
  const { failCount } = await claimAttempt(ctx.db, `user:${p.userId}`, ctx.now, () => 0);
  await ctx.db
    .update(users)
    .set({ loginFailCount: sql`${users.loginFailCount} + 1` })
    .where(eq(users.id, p.userId));
  const [counted] = await ctx.db
    .update(sessions)
    .set({ lockFailCount: sql`${sessions.lockFailCount} + 1` })
    .where(eq(sessions.id, p.sessionId))
    .returning({ wrong: sessions.lockFailCount });
  const wrong = counted?.wrong ?? p.session.lockFailCount + 1;
  const ended = wrong > LOCK_MAX_WRONG;
  ctx.audit({
    action: 'user.passwordWrong',
    entity: 'session',
    entityId: p.sessionId,
    newValue: { purpose, wrong, failCount, sessionEnded: ended },
  });
  if (ended) {
    await endSession(ctx.db, p.sessionId, ctx.now, 'wrong-passwords');
    throw new ApiError(ResultCode.UNAUTHORIZED, { key: 'lockLoggedOut', commit: true });
  }
  throw new ApiError(refusal.code, {
    ...refusal.options,
    commit: true,
    data: { remaining: LOCK_MAX_WRONG - wrong + 1 },
  });
}
