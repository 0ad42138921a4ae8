import { describe, expect, it } from 'vitest';
import { compareScore, isBase64, MISMATCH_SCORE, makeTemplate, readTemplate } from './templates.js';

describe('synthetic templates', () => {
  it('round-trip the finger and kind, differ between presses, and stay within one vendor', () => {
    const a = makeTemplate('zk', 'left-index', 'template');
    const b = makeTemplate('zk', 'left-index', 'template');
    expect(a).not.toBe(b);
    expect(isBase64(a)).toBe(true);
    expect(readTemplate('zk', a)).toEqual({ finger: 'left-index', kind: 'template' });
    expect(readTemplate('za', a)).toBeUndefined();
    expect(readTemplate('zk', 'not base64!')).toBeUndefined();
    expect(readTemplate('zk', Buffer.from('ZKSIM').toString('base64'))).toBeUndefined();
  });

  it('scores the same finger with the configured score and others low', () => {
    expect(compareScore('a', 'a', 77)).toBe(77);
    expect(compareScore('a', 'b', 77)).toBe(MISMATCH_SCORE);
  });
});
