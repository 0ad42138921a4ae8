import type { ReportHead } from '@trialab/api-contract';
import { chartData, ReportChart, ReportPage } from '../../../../components/ReportView';

/** The chart's series: a bar each, side by side, from what the plan expects to what was reported. */
const SERIES = ['expected', 'received', 'tested', 'reported'] as const;

/** The chart of the rows on screen: one bar group per project. */
export function overviewChart(rows: ReadonlyArray<Record<string, unknown>>, head: ReportHead) {
  const title = (key: string) => head.columns.find((c) => c.key === key)?.title ?? key;
  return chartData(
    rows,
    ['projectNo'],
    SERIES.map((key) => ({ key, name: title(key) })),
  );
}

/**
 * /report-manage/project/project-overview: per project, expected, received, tested and reported, the
 * turnaround in working days against the items' targets and the exceptions; the rows on screen drawn
 * as a chart under the table that lists the same numbers (docs/reports.md "Overviews").
 */
export default function ProjectOverviewPage() {
  return (
    <ReportPage
      code="project-project-overview"
      below={(rows, head) =>
        rows.length > 0 && <ReportChart data={overviewChart(rows, head)} label={head.title} />
      }
    />
  );
}
