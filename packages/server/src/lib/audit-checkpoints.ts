import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { asc, desc, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { auditCheckpoints, auditLog } from '../db/schema.js';
import { lockAuditChain } from './audit.js';
import type { Ed25519Keys, PublicKeyInfo } from './signing-keys.js';

/*
 * Checkpoints anchor the audit chain: the chain's head (last row id, its hash, the number of rows up
 * to it) signed with an Ed25519 key that is not in the database. Rewriting history and recomputing
 * every later hash, or deleting the newest rows, no longer verifies against an earlier checkpoint.
 */

export type Checkpoint = typeof auditCheckpoints.$inferSelect;
export type CheckpointSource = 'interval' | 'manual';
export const CHECKPOINT_FORMAT = 'trialab-audit-checkpoint/1';

/** The exact bytes signed: one field a line, so an auditor can rebuild them with any tool. */
export function checkpointMessage(c: Pick<Checkpoint, 'lastId' | 'rows' | 'hash' | 'at' | 'keyId'>): Buffer {
  return Buffer.from(
    [
      CHECKPOINT_FORMAT,
      `last_id=${c.lastId}`,
      `rows=${c.rows}`,
      `hash=${c.hash}`,
      `at=${c.at.toISOString()}`,
      `key_id=${c.keyId}`,
    ].join('\n'),
    'utf8',
  );
}

export type SignatureCheck = 'valid' | 'key-unknown' | 'signature-invalid';

export function checkSignature(c: Checkpoint, trusted: ReadonlyMap<string, PublicKeyInfo>): SignatureCheck {
  const key = trusted.get(c.keyId);
  if (!key) return 'key-unknown';
  const ok = verify(null, checkpointMessage(c), key.key, Buffer.from(c.signature, 'base64'));
  return ok ? 'valid' : 'signature-invalid';
}

function signedBy(c: Checkpoint, keys: Ed25519Keys): boolean {
  const signature = Buffer.from(c.signature, 'base64');
  return (
    c.keyId === keys.kid && verify(null, checkpointMessage(c), createPublicKey(keys.publicKeyPem), signature)
  );
}

export interface CheckpointOptions {
  source: CheckpointSource;
  /** Skip when the newest checkpoint is younger than this (several instances share one interval). */
  minAgeMs?: number;
}

/**
 * Signs the chain's current head and stores it. Holds the chain lock so the head cannot move while
 * it is counted. Returns undefined when there is nothing new to sign (empty chain, head already
 * signed) or another instance signed within `minAgeMs`.
 */
export async function writeCheckpoint(
  db: Database,
  keys: Ed25519Keys,
  now: Date,
  options: CheckpointOptions,
): Promise<Checkpoint | undefined> {
  const newestOf = (executor: Executor) =>
    executor.select().from(auditCheckpoints).orderBy(desc(auditCheckpoints.id)).limit(1);
  // Only a checkpoint this key really signed may postpone the next one: a row planted in the table
  // (dated in the future, say) must not stop the signing.
  const young = (newest: Checkpoint | undefined) =>
    newest !== undefined &&
    options.minAgeMs !== undefined &&
    now.getTime() - newest.at.getTime() < options.minAgeMs &&
    signedBy(newest, keys);
  // Most timer ticks find a young checkpoint: they look without taking the chain's lock.
  if (options.source === 'interval' && young((await newestOf(db))[0])) return undefined;
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const [head] = await tx
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    if (!head) return undefined;
    const [newest] = await newestOf(tx);
    if (newest && options.source === 'interval') {
      if (young(newest) || (newest.lastId === head.id && signedBy(newest, keys))) return undefined;
    }
    const [{ rows } = { rows: 0 }] = await tx
      .select({ rows: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.id} <= ${head.id}`);
    const unsigned = { lastId: head.id, rows, hash: head.hash, at: now, keyId: keys.kid };
    const signature = sign(null, checkpointMessage(unsigned), createPrivateKey(keys.privateKeyPem));
    const [stored] = await tx
      .insert(auditCheckpoints)
      .values({ ...unsigned, signature: signature.toString('base64'), source: options.source })
      .returning();
    return stored;
  });
}

export async function listCheckpoints(db: Database): Promise<Checkpoint[]> {
  return db.select().from(auditCheckpoints).orderBy(asc(auditCheckpoints.id));
}

/** When the newest checkpoint was signed (by any instance), or null without one. */
export async function newestCheckpointAt(db: Database): Promise<Date | null> {
  const [newest] = await db
    .select({ at: auditCheckpoints.at })
    .from(auditCheckpoints)
    .orderBy(desc(auditCheckpoints.id))
    .limit(1);
  return newest?.at ?? null;
}

/** What an auditor keeps outside the database: the checkpoints and the public keys that signed them. */
export interface CheckpointExport {
  format: 'trialab-audit-checkpoints/1';
  exportedAt: string;
  /** How each signature's message is built (see checkpointMessage). */
  signedMessage: string;
  publicKeys: Array<{ keyId: string; publicKeyPem: string; publicKeyRaw: string }>;
  checkpoints: Array<Omit<Checkpoint, 'at'> & { at: string }>;
}

export function exportCheckpoints(
  checkpoints: Checkpoint[],
  trusted: ReadonlyMap<string, PublicKeyInfo>,
  now: Date,
): CheckpointExport {
  return {
    format: 'trialab-audit-checkpoints/1',
    exportedAt: now.toISOString(),
    signedMessage: `Ed25519 over UTF-8 lines "${CHECKPOINT_FORMAT}", "last_id=<lastId>", "rows=<rows>", "hash=<hash>", "at=<at>", "key_id=<keyId>" joined by "\\n"`,
    publicKeys: [...trusted.values()].map((k) => ({
      keyId: k.kid,
      publicKeyPem: k.publicKeyPem,
      publicKeyRaw: k.publicKeyRaw,
    })),
    checkpoints: checkpoints.map((c) => ({ ...c, at: c.at.toISOString() })),
  };
}

/** Checkpoints read back from an export (an auditor's copy), for verification against the database. */
export function importCheckpoints(text: string): Checkpoint[] {
  const parsed = JSON.parse(text) as Partial<CheckpointExport>;
  if (parsed.format !== 'trialab-audit-checkpoints/1' || !Array.isArray(parsed.checkpoints)) {
    throw new Error('not a trialab-audit-checkpoints/1 export');
  }
  return parsed.checkpoints.map((c) => {
    const at = new Date(c.at);
    if (
      !Number.isSafeInteger(c.id) ||
      !Number.isSafeInteger(c.lastId) ||
      !Number.isSafeInteger(c.rows) ||
      typeof c.hash !== 'string' ||
      typeof c.keyId !== 'string' ||
      typeof c.signature !== 'string' ||
      Number.isNaN(at.getTime())
    ) {
      throw new Error(`export has a malformed checkpoint (id ${String(c.id)})`);
    }
    return { ...c, at };
  });
}

/** How often a running server looks whether a checkpoint is due. */
export const CHECKPOINT_TICK_MS = 60_000;

/**
 * Signs the chain head once the newest checkpoint is `intervalMs` old, looking every minute (so
 * restarts shorter than the interval do not postpone it). Each instance runs one; the age check in
 * writeCheckpoint keeps them to one checkpoint per interval. Returns a stop function.
 */
export function scheduleCheckpoints(options: {
  db: Database;
  keys: () => Promise<Ed25519Keys>;
  intervalMs: number;
  clock: () => number;
  onCheckpoint: (checkpoint: Checkpoint) => void;
  onError: (error: unknown) => void;
  /** After each attempt, written or not (tests wait on it). */
  onSettled?: () => void;
}): () => void {
  if (options.intervalMs <= 0) return () => undefined;
  const timer = setInterval(
    () => {
      void options
        .keys()
        .then((keys) =>
          writeCheckpoint(options.db, keys, new Date(options.clock()), {
            source: 'interval',
            minAgeMs: options.intervalMs,
          }),
        )
        .then((checkpoint) => checkpoint && options.onCheckpoint(checkpoint), options.onError)
        .finally(() => options.onSettled?.());
    },
    Math.min(options.intervalMs, CHECKPOINT_TICK_MS),
  );
  timer.unref();
  return () => clearInterval(timer);
}
