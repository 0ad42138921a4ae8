import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';

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

/** Values as the jsonb column gives them back (Dates become strings, undefined disappears). */
function jsonValue(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

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

interface HashedFields {
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

/** Appends entries to the chain inside the caller's transaction. */
export async function appendAudit(tx: Executor, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_LOCK_ID})`);
  const last = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  let prevHash = last[0]?.hash ?? GENESIS_HASH;
  for (const entry of entries) {
    const fields: HashedFields = {
      at: actor.at,
      userId: actor.userId,
      username: actor.username,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      oldValue: jsonValue(redact(entry.oldValue)),
      newValue: jsonValue(redact(entry.newValue)),
      reason: entry.reason ?? null,
      requestId: actor.requestId,
      workstation: actor.workstation,
      ip: actor.ip,
    };
    const hash = rowHash(prevHash, fields);
    await tx.insert(auditLog).values({ ...fields, prevHash, hash });
    prevHash = hash;
  }
}

export type ChainReport =
  | { ok: true; rows: number }
  | { ok: false; rows: number; brokenAtId: number; reason: 'prev-hash-mismatch' | 'hash-mismatch' };

/** Walks the whole chain in id order and reports the first row that does not link or hash. */
export async function verifyAuditChain(db: Database, batchSize = 1000): Promise<ChainReport> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    if (batch.length === 0) return { ok: true, rows };
    for (const row of batch) {
      if (row.prevHash !== prevHash)
        return { ok: false, rows, brokenAtId: row.id, reason: 'prev-hash-mismatch' };
      const expected = rowHash(prevHash, {
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
      });
      if (expected !== row.hash) return { ok: false, rows, brokenAtId: row.id, reason: 'hash-mismatch' };
      prevHash = row.hash;
      lastId = row.id;
      rows += 1;
    }
  }
}
