import type { ReportHead } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { chartOption } from '../../../../components/ReportView/chart';
import { CHART_PALETTE } from '../../../../theme';
import { statChart } from './index';

const head: ReportHead = {
  code: 'lab-barcode-stat',
  title: 'Barcode statistics',
  columns: [
    'period',
    'projectNo',
    'centerNo',
    'total',
    'registered',
    'signed',
    'disabled',
    'stored',
    'out',
    'destroyed',
  ].map((key) => ({ key, title: `T-${key}`, kind: 'count', shown: true })),
  filters: [],
  chosen: [],
  exportable: false,
};
const rows = [
  {
    period: '2026-11',
    projectNo: 'KM-2026-001',
    centerNo: '02',
    total: 10,
    registered: 1,
    signed: 9,
    disabled: 0,
    stored: 7,
    out: 0,
    destroyed: 0,
  },
  {
    period: '2026-11',
    projectNo: 'KM-2026-001',
    centerNo: null,
    total: 24,
    registered: 20,
    signed: 4,
    disabled: 0,
    stored: 4,
    out: 0,
    destroyed: 1,
  },
  {
    period: '2026-10',
    projectNo: 'KM-2026-002',
    centerNo: '02',
    total: 12,
    registered: 0,
    signed: 10,
    disabled: 2,
    stored: 0,
    out: 3,
    destroyed: 0,
  },
];

describe('the barcode statistics chart', () => {
  it('draws the numbers of the table’s rows, row for row and column for column', () => {
    const data = statChart(rows, head);
    expect(data.labels).toEqual([
      '2026-11 · KM-2026-001 · 02',
      '2026-11 · KM-2026-001',
      '2026-10 · KM-2026-002 · 02',
    ]);
    for (const series of data.series) {
      expect(series.name).toBe(`T-${series.key}`);
      expect(series.values).toEqual(rows.map((row) => row[series.key as keyof (typeof rows)[number]]));
    }
    // The barcode states stack up to the row's total, as the table's columns add up.
    rows.forEach((row, i) => {
      const barcode = data.series
        .filter((s) => s.stack === 'barcode')
        .reduce((n, s) => n + (s.values[i] ?? 0), 0);
      expect(barcode).toBe(row.total);
    });
  });

  it('never tells a series by colour alone: each has its name and its own pattern, in the palette', () => {
    const option = chartOption(statChart(rows, head), { color: '#000', secondary: '#666', border: '#eee' });
    expect(option.color).toEqual([...CHART_PALETTE]);
    expect(option.aria.decal.show).toBe(true);
    const decals = option.series.map((s) => JSON.stringify(s.itemStyle.decal));
    expect(new Set(decals).size).toBe(option.series.length);
    expect(option.series.map((s) => s.name)).toEqual([
      'T-registered',
      'T-signed',
      'T-disabled',
      'T-stored',
      'T-out',
      'T-destroyed',
    ]);
  });
});
