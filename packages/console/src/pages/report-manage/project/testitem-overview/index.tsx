import type { ReportHead } from '@trialab/api-contract';
import { chartData, ReportChart, ReportPage } from '../../../../components/ReportView';

/** The chart's series: the turnaround's median and p90 beside the target, in working days. */
const SERIES = ['target', 'tatMedian', 'tatP90'] as const;

/** The chart of the rows on screen: one bar group per project and test item. */
export function itemChart(rows: ReadonlyArray<Record<string, unknown>>, head: ReportHead) {
  const title = (key: string) => head.columns.find((c) => c.key === key)?.title ?? key;
  return chartData(
    rows,
    ['projectNo', 'testItem'],
    SERIES.map((key) => ({ key, name: title(key) })),
  );
}

/**
 * /report-manage/project/testitem-overview: per project and test item, the results' turnaround in
 * working days (median, p90) against the item's target, the share within it and the overdue; the
 * rows on screen drawn as a chart under the table (docs/reports.md "Overviews").
 */
export default function TestItemOverviewPage() {
  return (
    <ReportPage
      code="project-testitem-overview"
      below={(rows, head) =>
        rows.length > 0 && <ReportChart data={itemChart(rows, head)} label={head.title} />
      }
    />
  );
}
