import {
  canonicalString,
  type HttpMethod,
  type QueryParams,
  queryPairs,
} from '@trialab/api-contract/signing';
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import MD5 from 'crypto-js/md5';

/** Base64 MD5 of the UTF-8 bytes of the body, as the Content-MD5 header carries it. */
export function contentMd5(body: string): string {
  return Base64.stringify(MD5(Utf8.parse(body)));
}

export interface SignInput {
  method: HttpMethod;
  path: string;
  params?: QueryParams | undefined;
  timestamp: string;
  nonce: string;
  contentMd5: string;
  /** Base64 session signing key from the login answer. */
  key: string;
}

/** base64(HMAC-SHA256(key bytes, canonical string)); the canonical string is the contract's. */
export function signature(input: SignInput): string {
  const canonical = canonicalString({
    method: input.method,
    path: input.path,
    query: queryPairs(input.params),
    timestamp: input.timestamp,
    nonce: input.nonce,
    contentMd5: input.contentMd5,
  });
  return Base64.stringify(HmacSHA256(Utf8.parse(canonical), Base64.parse(input.key)));
}

/** 32 random hex characters (the contract allows 16 to 64 of [A-Za-z0-9_-]). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
