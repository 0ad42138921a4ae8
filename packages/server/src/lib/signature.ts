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
import { lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { nonces } from '../db/schema.js';
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

let lastSweep = 0;

/**
 * Records a nonce; the primary key refuses a second use on any instance sharing the database.
 * Expired nonces are swept at most once a minute per instance.
 */
export async function consumeNonce(db: Executor, nonce: string, now: number): Promise<void> {
  try {
    await db.insert(nonces).values({ nonce, seenAt: new Date(now) });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(ResultCode.NONCE_REPLAYED, { key: 'nonceReplayed' });
    throw error;
  }
  if (now - lastSweep > 60_000 || now < lastSweep) {
    lastSweep = now;
    await db.delete(nonces).where(lt(nonces.seenAt, new Date(now - NONCE_TTL_MS)));
  }
}
