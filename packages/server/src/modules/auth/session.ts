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

export type ActiveSession = Awaited<ReturnType<typeof findActiveSession>>;

/** The session of a bearer token if it is neither ended, expired nor idle for too long. */
export async function findActiveSession(db: Executor, token: string, now: Date, idleMs: number) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256Hex(token)), isNull(sessions.endedAt)))
    .limit(1);
  if (!row) return undefined;
  const { session, user } = row;
  if (session.expiresAt.getTime() <= now.getTime()) return undefined;
  if (session.lastSeenAt.getTime() + idleMs <= now.getTime()) return undefined;
  if (user.status !== 1) return undefined;
  return row;
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
