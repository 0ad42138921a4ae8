// Idempotency keys of mutating calls (docs/api.md, "Idempotency keys"). The key is claimed inside
// the request's transaction and the answer stored there too, so the key commits exactly when the
// write does: a retry after a lost answer gets the first answer instead of writing again.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADERS, IDEMPOTENCY_KEY_PATTERN, ResultCode } from '@trialab/api-contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { canonicalJson } from './audit.js';
import { ApiError } from './errors.js';

/** What a keyed request claims: its key within the caller's scope, and what it asked for. */
export interface IdempotencyClaim {
  /** `user:<id>` for a session's calls, `public` for the pre-login ones. */
  scope: string;
  key: string;
  endpointId: string;
  requestHash: string;
}

const HEADER = IDEMPOTENCY_HEADERS.key.toLowerCase();

/**
 * The claim of a request carrying an Idempotency-Key, undefined without one (no extra query then);
 * a malformed key is refused (400). The hash covers the raw params, query and body, and for a
 * file upload the file's MD5 (the signed Content-MD5).
 */
export function idempotencyClaimOf(
  request: FastifyRequest,
  endpoint: { id: string; upload?: unknown },
  userId: number | undefined,
): IdempotencyClaim | undefined {
  const key = request.headers[HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'idempotencyKeyMalformed' });
  }
  const canonical = canonicalJson({
    params: request.params,
    query: request.query,
    body: request.body,
    file: endpoint.upload === undefined ? undefined : request.headers['content-md5'],
  });
  return {
    scope: userId === undefined ? 'public' : `user:${userId}`,
    key,
    endpointId: endpoint.id,
    requestHash: createHash('sha256').update(canonical, 'utf8').digest('hex'),
  };
}

/**
 * Claims the key in the request's transaction. A key another transaction holds blocks here until
 * that one commits (then its answer is replayed) or rolls back (then this request runs). An expired
 * key, or one whose request stored nothing, is taken over. Returns the claimed row's id, or the
 * first answer to replay; the same key for another request is refused (4094).
 */
export async function claimIdempotencyKey(
  tx: Executor,
  claim: IdempotencyClaim,
  now: Date,
  ttlMs: number,
): Promise<{ id: number } | { replay: Record<string, unknown> }> {
  const cutoff = new Date(now.getTime() - ttlMs);
  for (let attempt = 0; attempt < 2; attempt++) {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ ...claim, envelope: null, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: {
          endpointId: sql`excluded.endpoint_id`,
          requestHash: sql`excluded.request_hash`,
          envelope: null,
          createdAt: sql`excluded.created_at`,
        },
        setWhere: or(lt(idempotencyKeys.createdAt, cutoff), isNull(idempotencyKeys.envelope)),
      })
      .returning({ id: idempotencyKeys.id });
    if (claimed) return claimed;
    const [first] = await tx
      .select({
        endpointId: idempotencyKeys.endpointId,
        requestHash: idempotencyKeys.requestHash,
        envelope: idempotencyKeys.envelope,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
    // Swept between the two statements: claim it afresh.
    if (!first) continue;
    if (first.endpointId !== claim.endpointId || first.requestHash !== claim.requestHash) {
      throw new ApiError(ResultCode.IDEMPOTENCY_KEY_REUSED, { key: 'idempotencyKeyReused' });
    }
    return { replay: first.envelope as Record<string, unknown> };
  }
  throw new Error(`idempotency key ${claim.key} could not be claimed`);
}

/** Keeps the answer for replays (same transaction as the write). */
export async function storeIdempotentAnswer(
  tx: Executor,
  id: number,
  envelope: Record<string, unknown>,
): Promise<void> {
  await tx.update(idempotencyKeys).set({ envelope }).where(eq(idempotencyKeys.id, id));
}

/** Gives the key up: the request's answer is not kept (a file, a committed failure); a retry re-runs. */
export async function releaseIdempotencyKey(tx: Executor, id: number): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

const SWEEP_EVERY_MS = 10 * 60_000;
const lastSweep = new WeakMap<Executor, number>();

/**
 * Deletes expired keys, at most every ten minutes per database handle and only when a keyed
 * request comes: no timer, and nothing for calls without the header.
 */
export async function sweepIdempotencyKeys(db: Executor, now: Date, ttlMs: number): Promise<void> {
  const last = lastSweep.get(db) ?? 0;
  const at = now.getTime();
  if (at - last < SWEEP_EVERY_MS && at >= last) return;
  lastSweep.set(db, at);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(at - ttlMs)));
}
