import { RevisionForm } from '../RevisionForm';

/** /laboratory/after-analysis/new-report-modify?id=: ask for a revision of a released report version. */
export default function NewReportModifyPage() {
  return <RevisionForm kind="new" />;
}
