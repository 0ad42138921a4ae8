// What a report's chart draws, as plain data built from the same rows as the table beside it (so the
// two cannot disagree: chart.test.ts checks it), and the echarts option drawing it. No echarts import
// here: the library itself loads only with ReportChart (a chunk of the pages that draw one).
import { CHART_PALETTE } from '../../theme';

export interface ChartSeries {
  /** The column the values come from. */
  key: string;
  /** Its name (the column's title): the legend and the tooltip. */
  name: string;
  /** Bars of one stack sit on one another (a whole split into its parts). */
  stack?: string;
  values: number[];
}

export interface ChartData {
  /** One label per table row, in the table's order. */
  labels: string[];
  series: ChartSeries[];
}

/** The chart of a report's rows: a label from some columns, a series per value column. */
export function chartData(
  rows: ReadonlyArray<Record<string, unknown>>,
  label: readonly string[],
  series: ReadonlyArray<Omit<ChartSeries, 'values'>>,
): ChartData {
  return {
    labels: rows.map((row) =>
      label
        .map((key) => row[key])
        .filter((v) => v !== null && v !== undefined && v !== '')
        .join(' · '),
    ),
    series: series.map((s) => ({ ...s, values: rows.map((row) => Number(row[s.key] ?? 0)) })),
  };
}

/** The decal patterns, one per series in palette order: a series is told by its pattern as well. */
const DECALS = [
  { symbol: 'none' },
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 5], rotation: Math.PI / 4 },
  { symbol: 'circle', symbolSize: 0.6 },
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 5], rotation: -Math.PI / 4 },
  { symbol: 'triangle', symbolSize: 0.7 },
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [3, 3] },
] as const;

/** The echarts option: bars in the palette, each series with its pattern, named in the legend. */
export function chartOption(data: ChartData, text: { color: string; secondary: string; border: string }) {
  return {
    color: [...CHART_PALETTE],
    aria: { enabled: true, decal: { show: true, decals: [...DECALS] } },
    animation: false,
    textStyle: { color: text.color },
    legend: { top: 0, textStyle: { color: text.color } },
    tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } },
    grid: { left: 48, right: 16, top: 40, bottom: 64 },
    xAxis: {
      type: 'category' as const,
      data: data.labels,
      axisLabel: { color: text.secondary, rotate: data.labels.length > 6 ? 30 : 0 },
      axisLine: { lineStyle: { color: text.border } },
    },
    yAxis: {
      type: 'value' as const,
      minInterval: 1,
      axisLabel: { color: text.secondary },
      splitLine: { lineStyle: { color: text.border } },
    },
    series: data.series.map((s, i) => ({
      type: 'bar' as const,
      name: s.name,
      ...(s.stack ? { stack: s.stack } : {}),
      data: s.values,
      itemStyle: { decal: DECALS[i % DECALS.length] },
    })),
  };
}
