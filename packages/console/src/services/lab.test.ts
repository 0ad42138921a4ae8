import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64Bytes, bytesMd5 } from './lab';

describe('file upload helpers', () => {
  it('computes the Content-MD5 of raw bytes like node:crypto', () => {
    for (const length of [0, 1, 3, 4, 5, 1000]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 37 + 11) % 256);
      expect(bytesMd5(bytes)).toBe(createHash('md5').update(bytes).digest('base64'));
    }
  });
  it('decodes base64 images', () => {
    expect([...base64Bytes('AAEC/w==')]).toEqual([0, 1, 2, 255]);
  });
});
