import { describe, expect, it } from 'vitest';
import { money, percentOf } from './parts';

describe('marketing money on screen', () => {
  it('shows decimal text as money and rates as percentages, never through a float', () => {
    expect(money('351450.4', 'CNY')).toBe('CNY 351,450.40');
    expect(money('0.1')).toBe('0.10');
    expect(money(null)).toBe('-');
    expect(percentOf('0.035')).toBe('3.5%');
    expect(percentOf('0.036448')).toBe('3.64%');
    expect(percentOf(undefined)).toBe('-');
  });
});
