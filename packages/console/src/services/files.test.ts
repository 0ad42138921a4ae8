import { describe, expect, it } from 'vitest';
import { base64Bytes, bytesMd5 } from './files';

describe('file upload helpers', () => {
  it('computes the Content-MD5 of raw bytes (vectors from Python hashlib)', () => {
    const expected: Record<number, string> = {
      0: '1B2M2Y8AsgTpgAmY7PhCfg==',
      1: 'E8j/2XcBNwOnAc+OEd6sZQ==',
      3: 'h20WxXX509f1HxL+83I36w==',
      4: 'j6/sP2P/88Zn9SKkZP8LEA==',
      5: 'qw2BqTrbTeAAMnqE5GLZ6Q==',
      1000: 'w8uK4Rh2h4KqGJbX+ygn7w==',
    };
    for (const [length, md5] of Object.entries(expected)) {
      const bytes = new Uint8Array(Number(length)).map((_, i) => (i * 37 + 11) % 256);
      expect(bytesMd5(bytes)).toBe(md5);
    }
  });
  it('decodes base64 images', () => {
    expect([...base64Bytes('AAEC/w==')]).toEqual([0, 1, 2, 255]);
  });
});
