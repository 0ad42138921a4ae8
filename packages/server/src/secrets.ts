import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { inArray } from 'drizzle-orm';
import { type Config, ConfigError, type SecretSource } from './config.js';
import type { Executor, RawQuery } from './db/client.js';
import { settings } from './db/schema.js';
import { type Ed25519Keys, ed25519Keys, newEd25519Pem, readOrCreateFile } from './lib/signing-keys.js';

/*
 * The server's secrets live outside the database (docs/operations.md, "Keys and secrets"), so a
 * dump or backup of it carries none. Each comes from a variable holding it or from a file; in
 * production the required ones must be given, elsewhere a missing one is generated into its file
 * under KEYS_DIR (in memory for an in-memory database).
 */

export interface ServerSecrets {
  /** Signs device tickets; bridges pin its public key when they pair. */
  deviceTicket: Ed25519Keys;
  /** Signs audit checkpoints. */
  auditSigning: Ed25519Keys;
  /** HMAC key of OAuth `state` values; undefined in production without an OAuth provider. */
  oauthState: Buffer | undefined;
  /** HMAC key of the subjects' card-number hashes (duplicate check without keeping the number). */
  subjectCard: Buffer;
}

interface Kind<T> {
  parse(text: string): T;
  generate(): string;
}

const ED25519: Kind<Ed25519Keys> = {
  // A PEM in a file, or in a variable as it is or base64-encoded (one line).
  parse: (text) =>
    ed25519Keys(text.includes('-----BEGIN') ? text : Buffer.from(text.trim(), 'base64').toString('utf8')),
  generate: newEd25519Pem,
};

const MIN_HMAC_BYTES = 32;
const HMAC: Kind<Buffer> = {
  parse: (text) => {
    const key = Buffer.from(text.trim(), 'base64');
    if (key.length < MIN_HMAC_BYTES) throw new Error(`must be at least ${MIN_HMAC_BYTES} bytes, base64`);
    return key;
  },
  generate: () => `${randomBytes(MIN_HMAC_BYTES).toString('base64')}\n`,
};

/** The `settings` rows that held these secrets before they moved out of the database. */
const LEGACY_ROWS = ['device-ticket-ed25519', 'oauth-state-secret', 'subject-card-hmac'];

const invalid = (name: string, message: string) =>
  new ConfigError(`invalid environment:\n  ${name}: ${message}`);

interface Found {
  text: string;
  /** The variable (and file) it came from, for messages. */
  from: string;
}

async function readSource(source: SecretSource): Promise<Found | undefined> {
  if (source.value) return { text: source.value, from: source.variable };
  if (!source.file) return undefined;
  try {
    return { text: await readFile(source.file, 'utf8'), from: `${source.fileVariable} (${source.file})` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw invalid(source.fileVariable, `${source.file}: ${(error as Error).message}`);
  }
}

function parsed<T>(kind: Kind<T>, found: Found): T {
  try {
    return kind.parse(found.text);
  } catch (error) {
    throw invalid(found.from, (error as Error).message);
  }
}

/** The file's content, written with `create()` first when it is missing; a failure names the variable. */
async function fileCreated(source: SecretSource & { file: string }, create: () => string): Promise<Found> {
  const from = `${source.fileVariable} (${source.file})`;
  try {
    return { text: await readOrCreateFile(source.file, create), from };
  } catch (error) {
    throw invalid(from, (error as Error).message);
  }
}

/** The secret as configured, else (when `create` is set) a new one: into its file, or in memory. */
async function obtain<T>(source: SecretSource, kind: Kind<T>, create: boolean): Promise<T | undefined> {
  const found = await readSource(source);
  if (found) return parsed(kind, found);
  if (!create) return undefined;
  if (!source.file) return kind.parse(kind.generate());
  return parsed(kind, await fileCreated({ ...source, file: source.file }, kind.generate));
}

function missing(source: SecretSource): ConfigError {
  const where = source.file ? `no key at ${source.file}` : 'not set';
  return invalid(
    source.fileVariable,
    `${where}; required in production (or the key itself in ${source.variable}); see docs/operations.md "Keys and secrets"`,
  );
}

async function required<T>(source: SecretSource, kind: Kind<T>, create: boolean): Promise<T> {
  const value = await obtain(source, kind, create);
  if (value === undefined) throw missing(source);
  return value;
}

/**
 * The card-number key. The hashes already stored were made with the key the database held, so on
 * the first start after the upgrade that key moves into the file (or must equal the given one).
 */
async function subjectCardKey(source: SecretSource, legacy: string | undefined, create: boolean) {
  if (legacy === undefined) return required(source, HMAC, create);
  const old = HMAC.parse(legacy);
  const found = await readSource(source);
  if (found) {
    const given = parsed(HMAC, found);
    if (given.length !== old.length || !timingSafeEqual(given, old)) {
      throw invalid(
        found.from,
        'differs from the key the stored card numbers were hashed with (settings row subject-card-hmac); remove it to have that key moved out of the database',
      );
    }
    return given;
  }
  if (!source.file) return old;
  return parsed(HMAC, await fileCreated({ ...source, file: source.file }, () => legacy));
}

/** The secrets that do not depend on the database: read before it is opened (and migrated). */
export type EarlySecrets = Omit<ServerSecrets, 'subjectCard'>;

/**
 * Reads (outside production: creates) the secrets that need no database, so that a production start
 * missing one refuses before it opens, migrates or writes the database. Only the card key waits for
 * the database (its key may still be the legacy row there, see loadServerSecrets); a given one is
 * checked here too.
 */
export async function readEarlySecrets(config: Config): Promise<EarlySecrets> {
  const create = config.mode !== 'production';
  const sources = config.secrets;
  const early: EarlySecrets = {
    deviceTicket: await required(sources.deviceTicketKey, ED25519, create),
    auditSigning: await required(sources.auditSigningKey, ED25519, create),
    // Only an OAuth login uses it; without a provider production needs none.
    oauthState:
      config.wxProvider === 'none'
        ? await obtain(sources.oauthStateSecret, HMAC, create)
        : await required(sources.oauthStateSecret, HMAC, create),
  };
  const card = await readSource(sources.subjectCardKey);
  if (card) parsed(HMAC, card);
  return early;
}

/**
 * In production without a given card key, the only other source is the legacy settings row: the
 * check the database opening runs before it migrates, so a start missing both changes nothing.
 */
export function cardKeyBeforeMigrate(config: Config): ((query: RawQuery) => Promise<void>) | undefined {
  const source = config.secrets.subjectCardKey;
  if (config.mode !== 'production' || source.value || (source.file && existsSync(source.file)))
    return undefined;
  return async (query) => {
    const [table] = await query(`SELECT to_regclass('public.settings') IS NOT NULL AS present`);
    const legacy = table?.present
      ? await query('SELECT 1 FROM settings WHERE key = $1', ['subject-card-hmac'])
      : [];
    if (legacy.length === 0) throw missing(source);
  };
}

/**
 * Completes the early secrets with the card key and removes the rows that held secrets in the
 * database. Bridges paired with the old database-held device key must pair again.
 */
export async function loadServerSecrets(
  db: Executor,
  config: Config,
  early: EarlySecrets,
): Promise<ServerSecrets> {
  const create = config.mode !== 'production';
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, LEGACY_ROWS));
  const secrets: ServerSecrets = {
    ...early,
    subjectCard: await subjectCardKey(
      config.secrets.subjectCardKey,
      rows.find((r) => r.key === 'subject-card-hmac')?.value,
      create,
    ),
  };
  if (rows.length > 0) await db.delete(settings).where(inArray(settings.key, LEGACY_ROWS));
  return secrets;
}

/** The audit checkpoint key for the audit:verify tool: created only outside production, if asked. */
export async function auditSigningKey(config: Config, create: boolean): Promise<Ed25519Keys | undefined> {
  const key = await obtain(config.secrets.auditSigningKey, ED25519, create && config.mode !== 'production');
  if (create && !key) throw missing(config.secrets.auditSigningKey);
  return key;
}
