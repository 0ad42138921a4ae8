import { RevisionForm } from '../RevisionForm';

/** /laboratory/after-analysis/edit-report-modify?id=: its requester corrects a revision awaiting review. */
export default function EditReportModifyPage() {
  return <RevisionForm kind="edit" />;
}
