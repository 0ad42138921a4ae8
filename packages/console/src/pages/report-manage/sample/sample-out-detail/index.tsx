import { ReportPage } from '../../../../components/ReportView';

/** /report-manage/sample/sample-out-detail: specimens that left the library (sent out, destroyed), from the custody events (docs/reports.md). */
export default function SampleOutPage() {
  return <ReportPage code="sample-sample-out-detail" />;
}
