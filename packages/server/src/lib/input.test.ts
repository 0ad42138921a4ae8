import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { assertSafeText, findUnsafeText } from './input.js';

describe('findUnsafeText', () => {
  it('accepts ordinary text, paired surrogates (emoji) and non-strings', () => {
    expect(
      findUnsafeText({ name: '张三 😀', n: 1, ok: true, none: null, list: ['a', '\u{1F600}'] }, 'body'),
    ).toBe(undefined);
    expect(findUnsafeText(undefined, 'query')).toBe(undefined);
  });

  it('names the first value holding NUL or an unpaired surrogate by its path', () => {
    expect(findUnsafeText({ name: 'a\u0000b' }, 'body')).toBe('body.name');
    expect(findUnsafeText({ items: [{ x: 'ok' }, { x: 'bad\ud800' }] }, 'body')).toBe('body.items.1.x');
    expect(findUnsafeText({ a: '\udc00tail' }, 'query')).toBe('query.a');
    expect(findUnsafeText({ a: 'lead\udbff' }, 'query')).toBe('query.a');
    expect(findUnsafeText('x\u0000', 'headers.workstation')).toBe('headers.workstation');
  });

  it('checks object keys too, showing the bad characters as U+FFFD', () => {
    expect(findUnsafeText({ nested: { 'k\u0000ey': 1 } }, 'body')).toBe('body.nested.k\uFFFDey');
    expect(findUnsafeText({ '\ud800': 1 }, 'body')).toBe('body.\uFFFD');
  });

  it('walks a very deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const at = findUnsafeText(deep, 'body');
    expect(at?.startsWith('body.0.0.0')).toBe(true);
    expect(at?.split('.').length).toBe(200_001);
  });

  it('throws a 400 naming the field in the request language', () => {
    const refusal = (lang: 'zh_CN' | 'en_US') => {
      try {
        assertSafeText({ name: '\u0000' }, 'body', lang);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const en = refusal('en_US');
    expect(en).toBeInstanceOf(ApiError);
    expect((en as ApiError).code).toBe(400);
    expect((en as ApiError).options.detail).toBe(
      'body.name: must not contain NUL (U+0000) or invalid Unicode (unpaired surrogates)',
    );
    expect((refusal('zh_CN') as ApiError).options.detail).toMatch(/^body\.name: 不能包含空字符/);
  });
});
