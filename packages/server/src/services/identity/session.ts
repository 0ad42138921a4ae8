import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export interface NewSession {
  sessionId: number;
  token: string;
  signingKey: string;
}

export async function createSession(
  db: Executor,
  input: { userId: number; now: Date; maxMs: number; ip: string | null; userAgent: string | null },
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const signingKey = randomBytes(32).toString('base64');
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256Hex(token),
      userId: input.userId,
      signingKey,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.maxMs),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 256) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { sessionId: row.id, token, signingKey };
}

/** A session that has not been ended, with its user. */
export type ActiveSessionRow = NonNullable<Awaited<ReturnType<typeof findOpenSession>>>;

/** The not-yet-ended session with this token hash, and its user (expiry checked by `isSessionActive`). */
export async function findOpenSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
    .limit(1);
  return row;
}

/** Neither expired nor idle for too long, and the user is enabled. */
export function isSessionActive(row: ActiveSessionRow, now: Date, idleMs: number): boolean {
  const { session, user } = row;
  if (session.expiresAt.getTime() <= now.getTime()) return false;
  if (session.lastSeenAt.getTime() + idleMs <= now.getTime()) return false;
  return user.status === 1;
}

export async function touchSession(db: Executor, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function endSession(db: Executor, sessionId: number, now: Date, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user, optionally keeping one. */
export async function endUserSessions(
  db: Executor,
  userId: number,
  now: Date,
  reason: string,
  exceptSessionId?: number,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.endedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(...conditions));
}
