import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rules } from './formRules';

/**
 * What a form item with this rule says of a value: its error, or '' when it passes. The rule's
 * validator is what antd runs; a rule without one (async-validator's `whitespace`, which took only
 * strings) fails here as it failed every InputNumber and DatePicker it guarded.
 */
async function check(rule: ReturnType<typeof rules.required>, value: unknown): Promise<string> {
  const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
  try {
    await validator(rule, value);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('rules.required', () => {
  const rule = rules.required('数量');

  it('refuses nothing, blank text and an empty list, in the field’s words', async () => {
    for (const value of [undefined, null, '', '   ', []]) expect(await check(rule, value)).toContain('数量');
  });

  it('takes text, numbers (zero too), dates and choices', async () => {
    for (const value of ['a', 0, 12, dayjs('2026-11-29'), ['x'], true])
      expect(await check(rule, value)).toBe('');
  });
});
