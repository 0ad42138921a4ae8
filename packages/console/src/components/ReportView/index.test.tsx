import type { ReportHead } from '@trialab/api-contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filtersOf, reportColumn } from './index';

const head: ReportHead = {
  code: 'lab-query-barcode',
  title: 'Barcode search',
  columns: [],
  filters: [
    { key: 'barcode', title: 'Barcode', kind: 'text' },
    { key: 'projectId', title: 'Project', kind: 'project' },
    { key: 'createdAt', title: 'Registered', kind: 'dateRange' },
  ],
  chosen: [],
  exportable: true,
};

describe('a declared report on screen', () => {
  it('sends the form as the report’s filters: days as YYYY-MM-DD, cleared fields left out', () => {
    expect(
      filtersOf(head, {
        barcode: 'B1',
        projectId: 3,
        createdAt: [dayjs('2026-03-01T10:00:00'), dayjs('2026-03-31T23:00:00')],
        other: 'ignored',
      }),
    ).toEqual({ barcode: 'B1', projectId: 3, createdAt: ['2026-03-01', '2026-03-31'] });
    expect(filtersOf(head, { barcode: '', projectId: null, createdAt: undefined })).toEqual({});
  });

  it('renders a column by its kind: times in the user’s zone, empty values as a dash', () => {
    const time = reportColumn({ key: 'at', title: 'When', kind: 'time', shown: true });
    expect((time.render as (v: unknown) => unknown)(null)).toBe('-');
    const count = reportColumn({ key: 'n', title: 'Count', kind: 'count', shown: true });
    expect(count.align).toBe('right');
    expect((count.render as (v: unknown) => unknown)(0)).toBe(0);
  });
});
