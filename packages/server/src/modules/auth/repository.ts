import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { captchas, loginCodes, loginLogs, users } from '../../db/schema.js';

export async function findUserByAccount(db: Executor, account: string) {
  const normalized = account.trim();
  const where = normalized.includes('@')
    ? sql`lower(${users.email}) = ${normalized.toLowerCase()}`
    : eq(users.mobile, normalized);
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByOpenId(db: Executor, openId: string) {
  const [row] = await db.select().from(users).where(eq(users.wxOpenId, openId)).limit(1);
  return row;
}

export async function insertLoginLog(db: Executor, row: typeof loginLogs.$inferInsert): Promise<void> {
  await db.insert(loginLogs).values(row);
}

export async function insertCaptcha(db: Executor, row: typeof captchas.$inferInsert): Promise<void> {
  await db.insert(captchas).values(row);
}

export async function findCaptcha(db: Executor, id: string) {
  const [row] = await db.select().from(captchas).where(eq(captchas.id, id));
  return row;
}

export async function updateCaptcha(db: Executor, id: string, set: Partial<typeof captchas.$inferInsert>) {
  await db.update(captchas).set(set).where(eq(captchas.id, id));
}

/** Atomically spends a pass token; true only for the first use before expiry. */
export async function consumePassToken(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.passTokenHash, tokenHash), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ id: captchas.id });
  return rows.length === 1;
}

export async function countCodesSince(
  db: Executor,
  where: { channel?: string; target?: string; userId?: number; ip?: string },
  since: Date,
): Promise<{ n: number; latest: Date | null }> {
  const conditions = [gt(loginCodes.createdAt, since)];
  if (where.channel) conditions.push(eq(loginCodes.channel, where.channel));
  if (where.target) conditions.push(eq(loginCodes.target, where.target));
  if (where.userId !== undefined) conditions.push(eq(loginCodes.userId, where.userId));
  if (where.ip) conditions.push(eq(loginCodes.ip, where.ip));
  const [row] = await db
    .select({ n: count(), latest: sql<string | null>`max(${loginCodes.createdAt})` })
    .from(loginCodes)
    .where(and(...conditions));
  return { n: Number(row?.n ?? 0), latest: row?.latest ? new Date(row.latest) : null };
}

export async function insertCode(db: Executor, row: typeof loginCodes.$inferInsert): Promise<void> {
  await db.insert(loginCodes).values(row);
}

export async function latestCode(db: Executor, channel: string, target: string) {
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.channel, channel), eq(loginCodes.target, target)))
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  return row;
}

export async function updateCode(db: Executor, id: number, set: Partial<typeof loginCodes.$inferInsert>) {
  await db.update(loginCodes).set(set).where(eq(loginCodes.id, id));
}

/** Spends every unused password-reset token of a user (channel "reset", target = user id). */
export async function spendResetTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(loginCodes)
    .set({ usedAt: now })
    .where(
      and(eq(loginCodes.channel, 'reset'), eq(loginCodes.target, String(userId)), isNull(loginCodes.usedAt)),
    );
}
