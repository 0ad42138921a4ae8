import { ReportTable } from '../ReportTable';

/** /laboratory/after-analysis/exception-report: reports with results outside their reference range. */
export default function ExceptionReportPage() {
  return (
    <ReportTable
      code="laboratory.exception-report"
      abnormal
      states={['entered', 'returned', 'reviewed', 'released', 'revision_pending']}
    />
  );
}
