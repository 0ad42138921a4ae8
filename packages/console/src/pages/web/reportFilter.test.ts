import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { reportFilter, unreadIds } from './reportFilter';

describe('report filters', () => {
  it('turns the release range into inclusive days and the flag choice into abnormal', () => {
    expect(
      reportFilter({
        projectId: 3,
        barcode: 'BC1',
        flag: 'abnormal',
        range: [dayjs('2026-11-01T10:00:00'), dayjs('2026-11-03T08:00:00')],
      }),
    ).toEqual({
      projectId: 3,
      barcode: 'BC1',
      abnormal: true,
      releasedFrom: '2026-11-01',
      releasedTo: '2026-11-03',
    });
    expect(reportFilter({ flag: 'normal', range: null })).toEqual({ abnormal: false });
    expect(reportFilter({})).toEqual({});
  });
});

describe('unread ids', () => {
  it('keeps only the selected rows that are still unread', () => {
    const rows = [
      { id: 1, readAt: null },
      { id: 2, readAt: '2026-11-01T00:00:00Z' },
      { id: 3, readAt: null },
    ];
    expect(unreadIds(rows, [1, 2, 9])).toEqual([1]);
    expect(unreadIds(rows, [])).toEqual([]);
  });
});
