import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginThrottle } from '../../db/schema.js';

/**
 * Claims one attempt on the key in one step: the key's row is created if missing and locked (a
 * parallel attempt on the same key waits for this transaction), `wait` (lib: the caller's delay
 * policy, from the count and last attempt so far) decides, and an allowed attempt is counted as a
 * failure at once; success clears it (`clearFailures`), a refusal before the password is weighed
 * rolls it back with the transaction. A burst of parallel guesses therefore gets exactly as many
 * evaluations as the same guesses one after the other.
 */
export async function claimAttempt(
  db: Executor,
  key: string,
  now: Date,
  wait: (row: { failCount: number; lastFailAt: Date }) => number,
): Promise<{ waitMs: number; failCount: number }> {
  await db
    .insert(loginThrottle)
    .values({ key, failCount: 0, lastFailAt: new Date(0) })
    .onConflictDoNothing({ target: loginThrottle.key });
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update');
  const current = row ?? { failCount: 0, lastFailAt: new Date(0) };
  const waitMs = wait(current);
  if (waitMs > 0) return { waitMs, failCount: current.failCount };
  const [counted] = await db
    .update(loginThrottle)
    .set({ failCount: sql`${loginThrottle.failCount} + 1`, lastFailAt: now })
    .where(eq(loginThrottle.key, key))
    .returning({ failCount: loginThrottle.failCount });
  return { waitMs: 0, failCount: counted?.failCount ?? current.failCount + 1 };
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
