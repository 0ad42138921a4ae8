import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { storableText } from './input.js';

export const GENESIS_HASH = '0'.repeat(64);
/** Serialises audit appends so the chain stays linear across connections and instances. */
const AUDIT_LOCK_ID = 724_310_002;

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  oldValue?: unknown;
  newValue?: unknown;
  reason?: string | null;
  /**
   * Who acted, when the request has no session yet (a successful login names the user it opened
   * the session for); otherwise the session's user.
   */
  by?: { userId: number; username: string };
}

export interface AuditActor {
  at: Date;
  userId: number | null;
  username: string | null;
  requestId: string | null;
  workstation: string | null;
  ip: string | null;
}

/** JSON with recursively sorted keys: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

// What PostgreSQL stores of a string: the drivers send UTF-8, which turns a lone surrogate into
// U+FFFD; text refuses NUL and jsonb refuses both a lone-surrogate escape and \u0000. Every string is
// written (and so hashed) the way it can be stored, so no input can fail the append or make the
// hash differ from what verification reads back (`storableText`).
function storableJsonValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableJsonValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJsonValue(v)]));
  }
  return value;
}

/** Values as the jsonb column gives them back (Dates become strings, undefined disappears). */
function jsonValue(value: unknown): unknown {
  return value === undefined ? null : storableJsonValue(JSON.parse(JSON.stringify(value)));
}

const nullableText = (value: string | null | undefined) =>
  value === null || value === undefined ? null : storableText(value);

const SECRET_KEY = /password|passtoken|signingkey|token|secret|^code$/i;
/** Never store secrets in the audit trail. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) ? '***' : redact(v),
      ]),
    );
  }
  return value;
}

/** Whether a value names a secret anywhere (the keys `redact` hides): such answers are not kept. */
export function holdsSecret(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value as Record<string, unknown>).some(
      ([k, v]) => SECRET_KEY.test(k) || holdsSecret(v),
    );
  }
  return false;
}

export interface HashedFields {
  at: Date;
  userId: number | null;
  username: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  oldValue: unknown;
  newValue: unknown;
  reason: string | null;
  requestId: string | null;
  workstation: string | null;
  ip: string | null;
}

export function rowHash(prevHash: string, row: HashedFields): string {
  const content = canonicalJson({ ...row, at: row.at.toISOString() });
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}

type AuditRow = typeof auditLog.$inferSelect;

/** The hashed part of a row as read from the table. */
export function hashedFields(row: AuditRow): HashedFields {
  return {
    at: row.at,
    userId: row.userId,
    username: row.username,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    oldValue: row.oldValue ?? null,
    newValue: row.newValue ?? null,
    reason: row.reason,
    requestId: row.requestId,
    workstation: row.workstation,
    ip: row.ip,
  };
}

/** Takes the chain's lock for the rest of the transaction: appends and checkpoints see a stable head. */
export async function lockAuditChain(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_LOCK_ID})`);
}

/** Appends entries to the chain inside the caller's transaction. */
export async function appendAudit(tx: Executor, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await lockAuditChain(tx);
  const last = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  let prevHash = last[0]?.hash ?? GENESIS_HASH;
  for (const entry of entries) {
    const fields: HashedFields = {
      at: actor.at,
      userId: entry.by?.userId ?? actor.userId,
      username: nullableText(entry.by?.username ?? actor.username),
      action: storableText(entry.action),
      entity: storableText(entry.entity),
      entityId:
        entry.entityId === undefined || entry.entityId === null ? null : storableText(String(entry.entityId)),
      oldValue: jsonValue(redact(entry.oldValue)),
      newValue: jsonValue(redact(entry.newValue)),
      reason: nullableText(entry.reason),
      requestId: nullableText(actor.requestId),
      workstation: nullableText(actor.workstation),
      ip: nullableText(actor.ip),
    };
    const hash = rowHash(prevHash, fields);
    const [stored] = await tx
      .insert(auditLog)
      .values({ ...fields, prevHash, hash })
      .returning();
    // The row is append-only: one that would not verify must never commit.
    if (!stored || rowHash(prevHash, hashedFields(stored)) !== hash) {
      throw new Error(`audit entry ${entry.action} would not hash as stored`);
    }
    prevHash = hash;
  }
}
