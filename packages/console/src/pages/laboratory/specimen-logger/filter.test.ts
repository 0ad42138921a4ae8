import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toLogFilter } from './filter';

describe('specimen log filter', () => {
  it('sends the trimmed barcode and only the conditions given', () => {
    expect(toLogFilter({ barcode: '  BC-001 ' })).toEqual({ barcode: 'BC-001' });
    expect(toLogFilter({ barcode: 'BC', kinds: [], dates: null })).toEqual({ barcode: 'BC' });
  });

  it('turns the date range into whole days and keeps the kinds', () => {
    const filter = toLogFilter({
      barcode: 'BC-001',
      kinds: ['order', 'result'],
      dates: [dayjs('2026-11-01T23:30:00'), dayjs('2026-11-22T08:00:00')],
    });
    expect(filter).toEqual({
      barcode: 'BC-001',
      kinds: ['order', 'result'],
      from: '2026-11-01',
      to: '2026-11-22',
    });
  });

  it('accepts an open-ended range', () => {
    expect(toLogFilter({ barcode: 'BC', dates: [dayjs('2026-11-01'), null] })).toEqual({
      barcode: 'BC',
      from: '2026-11-01',
    });
  });
});
