import { StatementList } from '../StatementList';

/** /financial/confirm-final-statement: reviewed statements to confirm; confirmed ones' fapiao and PDF. */
export default function ConfirmFinalStatementPage() {
  return <StatementList mode="confirm" />;
}
