import type { HttpMethod, QueryParams } from '@trialab/api-contract/signing';
import vectors from '@trialab/api-contract/signing.vectors.json';
import { describe, expect, it } from 'vitest';
import { contentMd5, newNonce, signature } from './signer';

describe('signing golden vectors (crypto-js against the contract)', () => {
  it.each(vectors.vectors)('$name', (v) => {
    const md5 = v.body === null ? '' : contentMd5(v.body);
    expect(md5).toBe(v.contentMd5);
    const signed = signature({
      method: v.method as HttpMethod,
      path: v.path,
      params: (v.params ?? undefined) as QueryParams | undefined,
      timestamp: v.timestamp,
      nonce: v.nonce,
      contentMd5: md5,
      key: v.key,
    });
    expect(signed).toBe(v.signature);
  });
});

describe('newNonce', () => {
  it('fits the contract pattern and differs each time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(newNonce()).not.toBe(a);
  });
});
