import { ReportPage } from '../../../../components/ReportView';

/** /report-manage/lab/result-report: every result across the projects the user sees (docs/reports.md). */
export default function ResultReportPage() {
  return <ReportPage code="lab-result-report" />;
}
