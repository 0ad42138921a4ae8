import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toTimeRange } from './timeRange';

describe('toTimeRange', () => {
  it('covers the picked days from the first one start to the last one end, in the user zone', () => {
    const from = dayjs('2026-03-01T15:20:00');
    const to = dayjs('2026-03-02T08:00:00');
    const range = toTimeRange([from, to]);
    expect(range).toEqual({
      startTime: dayjs('2026-03-01T00:00:00').toISOString(),
      endTime: dayjs('2026-03-02T23:59:59.999').toISOString(),
    });
  });

  it('leaves an open end out', () => {
    expect(toTimeRange([dayjs('2026-03-01T10:00:00'), null])).toEqual({
      startTime: dayjs('2026-03-01T00:00:00').toISOString(),
    });
    expect(toTimeRange(null)).toEqual({});
    expect(toTimeRange(undefined)).toEqual({});
  });
});
