import { ReportTable } from '../ReportTable';

/** /laboratory/after-analysis/report-modify-review: revisions awaiting a second person's signed approval. */
export default function ReportModifyReviewPage() {
  return <ReportTable code="laboratory.report-modify-review" states={['revision_pending']} />;
}
