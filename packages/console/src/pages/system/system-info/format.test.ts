import { describe, expect, it } from 'vitest';
import { formatBytes, uptimeParts } from './format';

describe('system information formats', () => {
  it('writes sizes in 1024 steps', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(48 * 1024 * 1024)).toBe('48.0 MB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3.0 TB');
  });

  it('splits uptime into days, hours and minutes', () => {
    expect(uptimeParts(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(90_061)).toEqual({ days: 1, hours: 1, minutes: 1 });
    expect(uptimeParts(3 * 86_400 + 23 * 3600 + 59 * 60 + 59)).toEqual({ days: 3, hours: 23, minutes: 59 });
  });
});
