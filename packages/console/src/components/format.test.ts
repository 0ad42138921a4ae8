import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dash, formatTime, formatTimeAs } from './format';

describe('dash', () => {
  it('shows null, undefined and an empty string as the placeholder', () => {
    expect([dash(null), dash(undefined), dash('')]).toEqual(['-', '-', '-']);
  });

  it('keeps a value, 0 included', () => {
    expect([dash('SF123'), dash(0), dash(7)]).toEqual(['SF123', 0, 7]);
  });
});

describe('formatTime', () => {
  beforeEach(() => {
    // A user east of UTC: the time shown is theirs, not the server's UTC text.
    vi.stubEnv('TZ', 'Asia/Shanghai');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows a server time in the user zone to the second', () => {
    expect(formatTime('2026-01-02T20:04:05.000Z')).toBe('2026-01-03 04:04:05');
  });

  it('shows the other precisions the pages use', () => {
    expect(formatTimeAs('2026-01-02T20:04:05.000Z', 'minute')).toBe('2026-01-03 04:04');
    expect(formatTimeAs('2026-01-02T20:04:05.000Z', 'short')).toBe('01-03 04:04');
  });

  it('shows an empty time as the placeholder', () => {
    expect([formatTime(null), formatTime(undefined), formatTime(''), formatTimeAs(null, 'minute')]).toEqual([
      '-',
      '-',
      '-',
      '-',
    ]);
  });
});
