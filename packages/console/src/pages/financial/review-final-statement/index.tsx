import { StatementList } from '../StatementList';

/** /financial/review-final-statement: drafts to review (e-signed, not by their creator), generate, cancel. */
export default function ReviewFinalStatementPage() {
  return <StatementList mode="review" />;
}
