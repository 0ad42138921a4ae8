import { ReconciliationPage } from '../../../components/Reconciliation';

/** /project/reconciliation: a project's expected-against-received without opening a plan version. */
export default function ProjectReconciliationPage() {
  return <ReconciliationPage side="lab" />;
}
