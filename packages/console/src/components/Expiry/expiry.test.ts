import { describe, expect, it } from 'vitest';
import { expiryColor, expiryState } from './expiry';

describe('expiry', () => {
  it('says expired, today, the days left within 30/60/90, or valid', () => {
    expect(expiryState(-12)).toEqual({ kind: 'expired', days: 12 });
    expect(expiryState(0)).toEqual({ kind: 'today' });
    expect(expiryState(18)).toEqual({ kind: 'left', days: 18, window: 30 });
    expect(expiryState(30)).toEqual({ kind: 'left', days: 30, window: 30 });
    expect(expiryState(31)).toEqual({ kind: 'left', days: 31, window: 60 });
    expect(expiryState(75)).toEqual({ kind: 'left', days: 75, window: 90 });
    expect(expiryState(91)).toEqual({ kind: 'valid' });
    expect([-1, 0, 18, 45, 75, 200].map((d) => expiryColor(expiryState(d)))).toEqual([
      'error',
      'error',
      'error',
      'warning',
      'gold',
      'default',
    ]);
  });
});
