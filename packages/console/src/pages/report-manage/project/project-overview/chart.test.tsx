import type { ReportHead } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { chartOption } from '../../../../components/ReportView/chart';
import { overviewChart } from './index';

const keys = [
  'projectNo',
  'projectName',
  'expected',
  'received',
  'tested',
  'reported',
  'tatMedian',
  'overdue',
];
const head: ReportHead = {
  code: 'project-project-overview',
  title: 'Project overview',
  columns: keys.map((key) => ({ key, title: `T-${key}`, kind: 'count', shown: true })),
  filters: [],
  chosen: [],
  exportable: false,
};
const rows = [
  {
    projectNo: 'KM-2026-001',
    projectName: 'A',
    expected: 54,
    received: 20,
    tested: 13,
    reported: 8,
    tatMedian: 2,
    overdue: 4,
  },
  {
    projectNo: 'KM-2026-002',
    projectName: 'B',
    expected: 0,
    received: 18,
    tested: 0,
    reported: 0,
    tatMedian: null,
    overdue: 0,
  },
];

describe('the project overview chart', () => {
  it('draws the table’s numbers: a bar group per project, a bar per count column', () => {
    const data = overviewChart(rows, head);
    expect(data.labels).toEqual(['KM-2026-001', 'KM-2026-002']);
    expect(data.series.map((s) => s.key)).toEqual(['expected', 'received', 'tested', 'reported']);
    for (const series of data.series) {
      expect(series.name).toBe(`T-${series.key}`);
      expect(series.stack).toBeUndefined();
      expect(series.values).toEqual(rows.map((row) => row[series.key as keyof (typeof rows)[number]]));
    }
  });

  it('tells the four series apart by pattern and name, not colour alone', () => {
    const option = chartOption(overviewChart(rows, head), {
      color: '#000',
      secondary: '#666',
      border: '#eee',
    });
    expect(new Set(option.series.map((s) => JSON.stringify(s.itemStyle.decal))).size).toBe(4);
    expect(option.series.map((s) => s.name)).toEqual(['T-expected', 'T-received', 'T-tested', 'T-reported']);
  });
});
