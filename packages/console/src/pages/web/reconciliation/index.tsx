import { ReconciliationPage } from '../../../components/Reconciliation';

/** /web/reconciliation: the site's expected-against-received, its own projects and sites only. */
export default function SiteReconciliationPage() {
  return <ReconciliationPage side="site" />;
}
