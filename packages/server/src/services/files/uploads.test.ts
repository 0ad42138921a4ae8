import { describe, expect, it } from 'vitest';
import { findUnsafeText } from '../../lib/input.js';
import { cleanFileName } from './uploads.js';

describe('cleanFileName', () => {
  it('keeps the last 128 characters without splitting a surrogate pair', () => {
    // 200 code points, 400 UTF-16 units: cutting units at -128 would start inside a pair.
    const name = `${'😀'.repeat(199)}x`;
    const cleaned = cleanFileName(name);
    expect(Array.from(cleaned)).toHaveLength(128);
    expect(cleaned.endsWith('😀x')).toBe(true);
    expect(findUnsafeText(cleaned, 'name')).toBe(undefined);
  });

  it('drops the path and control characters', () => {
    expect(cleanFileName('C:\\temp\\a\u0001b".txt')).toBe('ab.txt');
    expect(cleanFileName('../')).toBe('file');
  });
});
