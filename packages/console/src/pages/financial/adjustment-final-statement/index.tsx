import { AdjustmentList } from '../AdjustmentList';

/** /financial/adjustment-final-statement: every adjustment of confirmed statements; new credits and debits. */
export default function AdjustmentFinalStatementPage() {
  return <AdjustmentList mode="all" />;
}
