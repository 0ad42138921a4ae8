import { ReportTable } from '../ReportTable';

/** /laboratory/after-analysis/report-modify: revisions (pending, rejected) and the versions they replaced. */
export default function ReportModifyPage() {
  return (
    <ReportTable
      code="laboratory.report-modify"
      states={['revision_pending', 'revision_rejected', 'superseded', 'released']}
      editRevisions
    />
  );
}
