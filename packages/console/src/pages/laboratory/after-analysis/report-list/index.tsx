import { ReportTable } from '../ReportTable';

/** /laboratory/after-analysis/report-list: every report version; results entry, review, release, PDF. */
export default function ReportListPage() {
  return <ReportTable code="laboratory.report-list" canEnter />;
}
