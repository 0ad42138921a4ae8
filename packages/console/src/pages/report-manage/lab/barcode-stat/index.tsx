import type { ReportHead } from '@trialab/api-contract';
import { chartData, ReportChart, ReportPage } from '../../../../components/ReportView';

/** The chart's series: the barcode states stacked, and beside them the library states stacked. */
const SERIES = [
  { key: 'registered', stack: 'barcode' },
  { key: 'signed', stack: 'barcode' },
  { key: 'disabled', stack: 'barcode' },
  { key: 'stored', stack: 'library' },
  { key: 'out', stack: 'library' },
  { key: 'destroyed', stack: 'library' },
] as const;

/** The chart of the rows on screen: one bar group per row (period · project · site). */
export function statChart(rows: ReadonlyArray<Record<string, unknown>>, head: ReportHead) {
  const title = (key: string) => head.columns.find((c) => c.key === key)?.title ?? key;
  return chartData(
    rows,
    ['period', 'projectNo', 'centerNo'],
    SERIES.map((s) => ({ ...s, name: title(s.key) })),
  );
}

/**
 * /report-manage/lab/barcode-stat: barcodes counted by state, project, site and period; the rows on
 * screen drawn as a chart under the table that lists the same numbers (docs/reports.md).
 */
export default function BarcodeStatPage() {
  return (
    <ReportPage
      code="lab-barcode-stat"
      below={(rows, head) =>
        rows.length > 0 && <ReportChart data={statChart(rows, head)} label={head.title} />
      }
    />
  );
}
