import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { settings } from '../db/schema.js';

/**
 * Reads a server-wide secret, creating it on first use. Several instances may race: the insert
 * does nothing on conflict and everyone reads the winner's value.
 */
export async function getOrCreateSetting(db: Executor, key: string, create: () => string): Promise<string> {
  const existing = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (existing[0]) return existing[0].value;
  await db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} could not be created`);
  return row.value;
}

/** HMAC key for OAuth state values. */
export const stateSecret = (db: Executor) =>
  getOrCreateSetting(db, 'oauth-state-secret', () => randomBytes(32).toString('base64'));

/** Ed25519 key pair that signs device tickets (PKCS#8 PEM). */
export const deviceTicketPrivateKey = (db: Executor) =>
  getOrCreateSetting(db, 'device-ticket-ed25519', () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
