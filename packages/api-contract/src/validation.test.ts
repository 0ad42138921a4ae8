import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Lang } from './codes.js';
import { issueMessage } from './validation.js';

/** The message of the first issue, as the server's input validation reports it. */
function first(schema: z.ZodType, value: unknown, lang: Lang): string {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a validation failure');
  const [issue] = result.error.issues;
  if (!issue) throw new Error('no issue');
  return issueMessage(issue, lang);
}

describe('issueMessage', () => {
  it('says how many characters a string may have, not "number too large"', () => {
    expect(first(z.string().max(64), 'x'.repeat(65), 'zh_CN')).toBe('最多64个字符');
    expect(first(z.string().max(64), 'x'.repeat(65), 'en_US')).toBe('at most 64 characters');
    expect(first(z.string().min(6), 'abc', 'en_US')).toBe('at least 6 characters');
    expect(first(z.string().length(6), 'abc', 'zh_CN')).toBe('须为6个字符');
    expect(first(z.string().trim().min(1), '  ', 'zh_CN')).toBe('不能为空');
    expect(first(z.string().trim().min(1), '  ', 'en_US')).toBe('must not be empty');
  });

  it('says how many items a list may have', () => {
    expect(first(z.array(z.number()).max(2), [1, 2, 3], 'en_US')).toBe('at most 2 items');
    expect(first(z.array(z.number()).min(1), [], 'zh_CN')).toBe('至少1项');
  });

  it('gives number ranges with their limits, exclusive bounds included', () => {
    expect(first(z.number().max(99_999), 100_000, 'en_US')).toBe('at most 99999');
    expect(first(z.number().max(99_999), 100_000, 'zh_CN')).toBe('不能大于99999');
    expect(first(z.number().lt(10), 10, 'en_US')).toBe('less than 10');
    expect(first(z.number().int().positive(), 0, 'en_US')).toBe('greater than 0');
    expect(first(z.number().min(1), 0, 'zh_CN')).toBe('不能小于1');
  });

  it('calls 1e400 (Infinity) and unsafe integers out of range, not "expected number, received number"', () => {
    const parsed: unknown = JSON.parse('{"size":1e400}');
    const body = z.object({ size: z.number().int().min(1).max(99_999) });
    expect(first(body, parsed, 'en_US')).toBe('number out of range');
    expect(first(body, parsed, 'zh_CN')).toBe('数值超出范围');
    expect(first(z.number(), Number.NEGATIVE_INFINITY, 'en_US')).toBe('number out of range');
    expect(first(z.coerce.number().int(), '1e400', 'en_US')).toBe('number out of range');
    expect(first(z.number().int(), 2 ** 60, 'en_US')).toBe('number out of range');
  });

  it('names non-numbers and fractions plainly', () => {
    expect(first(z.coerce.number().int(), 'abc', 'en_US')).toBe('not a valid number');
    expect(first(z.number().int(), 1.5, 'zh_CN')).toBe('须为整数');
  });

  it("keeps the schema's own message key and falls back to the zod text for other issues", () => {
    expect(first(z.string().max(3, 'validation.mobile'), 'abcdef', 'zh_CN')).toBe('手机号格式不正确');
    expect(first(z.enum(['a', 'b']), 'c', 'en_US')).toBe('Invalid option: expected one of "a"|"b"');
  });
});
