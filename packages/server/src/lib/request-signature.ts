import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  canonicalString,
  type HttpMethod,
  NONCE_PATTERN,
  NONCE_TTL_MS,
  parseQueryString,
  ResultCode,
  TIMESTAMP_WINDOW_MS,
} from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { ApiError } from './errors.js';

export const EMPTY_MD5 = createHash('md5').update('').digest('base64');

export function md5Base64(body: Buffer | string): string {
  return createHash('md5').update(body).digest('base64');
}

export function hmacBase64(keyBase64: string, canonical: string): string {
  return createHmac('sha256', Buffer.from(keyBase64, 'base64')).update(canonical, 'utf8').digest('base64');
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

const missing = () => new ApiError(ResultCode.SIGNATURE_MISSING, { key: 'signatureMissing' });

/** Checks timestamp, Content-MD5 and HMAC; the nonce is recorded by `consumeNonce` afterwards. */
export function verifySignature(
  request: FastifyRequest,
  signingKey: string,
  now: number,
  options: { fileUpload?: boolean } = {},
): { nonce: string } {
  const method = request.method as HttpMethod;
  const timestamp = header(request, 'timestamp');
  const nonce = header(request, 'nonce');
  const signature = header(request, 'signature');
  if (!timestamp || !/^\d{1,16}$/.test(timestamp) || !nonce || !NONCE_PATTERN.test(nonce) || !signature) {
    throw missing();
  }
  if (Math.abs(now - Number(timestamp)) > TIMESTAMP_WINDOW_MS) {
    throw new ApiError(ResultCode.TIMESTAMP_OUT_OF_WINDOW, {
      key: 'timestampOutOfWindow',
      data: { serverTime: now },
    });
  }
  let contentMd5 = '';
  if (method === 'POST' || method === 'PUT') {
    const sent = header(request, 'content-md5');
    if (!sent) throw missing();
    // Uploads: Content-MD5 is the file's MD5, compared by the handler once the file is read.
    if (!options.fileUpload && sent !== (request.bodyMd5 ?? EMPTY_MD5)) {
      throw new ApiError(ResultCode.CONTENT_MD5_MISMATCH, { key: 'contentMd5Mismatch' });
    }
    contentMd5 = sent;
  }
  const url = request.raw.url ?? request.url;
  const q = url.indexOf('?');
  const canonical = canonicalString({
    method,
    path: q === -1 ? url : url.slice(0, q),
    query: q === -1 ? [] : parseQueryString(url.slice(q + 1)),
    timestamp,
    nonce,
    contentMd5,
  });
  const expected = Buffer.from(hmacBase64(signingKey, canonical), 'base64');
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError(ResultCode.SIGNATURE_INVALID, { key: 'signatureInvalid' });
  }
  return { nonce };
}

interface PendingNonce {
  nonce: string;
  seenAt: number;
  settle(stored: boolean | Error): void;
}

/** Most nonces written by one statement; the rest wait for the next. */
export const NONCE_BATCH_MAX = 500;

/**
 * Records the nonces of one database's signed requests, many per statement (group commit): a
 * request's nonce waits for the statement in flight, if any, then goes with every nonce that
 * arrived meanwhile. Under load this is one round trip for dozens of requests instead of one each;
 * alone, a request waits for its own statement as before. The database stays the arbiter across
 * instances: a request is answered only after its nonce is committed, and `ON CONFLICT DO NOTHING
 * RETURNING` tells which nonces were already there. A nonce twice in the waiting batch is refused
 * at once. Expired nonces are swept, at most once a minute, by the same statement.
 */
export class NonceRecorder {
  private waiting: PendingNonce[] = [];
  private readonly waitingNonces = new Set<string>();
  private flushing = false;
  private lastSweep = 0;
  /** Statements run so far (tests read it to see batching). */
  statements = 0;

  constructor(private readonly db: Executor) {}

  /** Resolves true once the nonce is stored, false when it was already used. */
  record(nonce: string, now: number): Promise<boolean> {
    if (this.waitingNonces.has(nonce)) return Promise.resolve(false);
    return new Promise<boolean>((resolve, reject) => {
      this.waitingNonces.add(nonce);
      this.waiting.push({
        nonce,
        seenAt: now,
        settle: (stored) => (stored instanceof Error ? reject(stored) : resolve(stored)),
      });
      if (!this.flushing) {
        this.flushing = true;
        // The requests parsed in this turn of the event loop go in the first statement too.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, NONCE_BATCH_MAX);
      for (const pending of batch) this.waitingNonces.delete(pending.nonce);
      const now = Math.max(...batch.map((pending) => pending.seenAt));
      const sweepBefore =
        now - this.lastSweep > 60_000 || now < this.lastSweep ? new Date(now - NONCE_TTL_MS) : null;
      if (sweepBefore) this.lastSweep = now;
      try {
        const stored = await this.insert(batch, sweepBefore);
        for (const pending of batch) pending.settle(stored.has(pending.nonce));
      } catch (error) {
        if (sweepBefore) this.lastSweep = 0;
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const pending of batch) pending.settle(failure);
      }
    }
    this.flushing = false;
  }

  private async insert(batch: PendingNonce[], sweepBefore: Date | null): Promise<Set<string>> {
    this.statements += 1;
    // Two array parameters, whatever the batch size (drizzle would spread a bare array).
    const nonceList = sql.param(batch.map((p) => p.nonce));
    const seenList = sql.param(batch.map((p) => new Date(p.seenAt).toISOString()));
    const values = sql`SELECT * FROM unnest(${nonceList}::text[], ${seenList}::timestamptz[])`;
    const insert = sql`INSERT INTO nonces (nonce, seen_at) ${values} ON CONFLICT (nonce) DO NOTHING RETURNING nonce`;
    const statement = sweepBefore
      ? sql`WITH swept AS (DELETE FROM nonces WHERE seen_at < ${sweepBefore.toISOString()}::timestamptz) ${insert}`
      : insert;
    // Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }`.
    const result = (await this.db.execute(statement)) as unknown as { rows: { nonce: string }[] };
    return new Set(result.rows.map((row) => row.nonce));
  }
}

const recorders = new WeakMap<Executor, NonceRecorder>();

/** The recorder of a database handle: one per handle, so batches never mix databases. */
export function nonceRecorder(db: Executor): NonceRecorder {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = new NonceRecorder(db);
    recorders.set(db, recorder);
  }
  return recorder;
}

/**
 * Records a nonce; the primary key refuses a second use on any instance sharing the database.
 * Resolves once the nonce is committed (see NonceRecorder).
 */
export async function consumeNonce(db: Executor, nonce: string, now: number): Promise<void> {
  if (!(await nonceRecorder(db).record(nonce, now))) {
    throw new ApiError(ResultCode.NONCE_REPLAYED, { key: 'nonceReplayed' });
  }
}
