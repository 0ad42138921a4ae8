import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { users } from '../db/schema.js';

/**
 * A demo user by mobile (demo-data.ts: 13800000000 the administrator, …01 the lab technician,
 * …03 the project manager, 139… the site users); undefined when the demo users are not there.
 */
export async function demoUser(
  tx: Transaction,
  mobile: string,
): Promise<{ id: number; username: string } | undefined> {
  const [user] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.mobile, mobile));
  return user;
}
