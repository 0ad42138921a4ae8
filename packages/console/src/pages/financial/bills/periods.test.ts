import { describe, expect, it } from 'vitest';
import { recentPeriods } from './index';

describe('bills periods', () => {
  it('offers the last twelve months, newest first, across a year end', () => {
    const periods = recentPeriods(new Date(2026, 1, 15));
    expect(periods).toHaveLength(12);
    expect(periods.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(periods[11]).toBe('2025-03');
  });
});
