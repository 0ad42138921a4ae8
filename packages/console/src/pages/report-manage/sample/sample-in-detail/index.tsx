import { ReportPage } from '../../../../components/ReportView';

/** /report-manage/sample/sample-in-detail: specimens that came into the library (placed, returned, imported), from the custody events (docs/reports.md). */
export default function SampleInPage() {
  return <ReportPage code="sample-sample-in-detail" />;
}
