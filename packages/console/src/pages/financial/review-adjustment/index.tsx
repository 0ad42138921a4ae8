import { AdjustmentList } from '../AdjustmentList';

/** /financial/review-adjustment: adjustments waiting for review (e-signed, not by their maker). */
export default function ReviewAdjustmentPage() {
  return <AdjustmentList mode="review" />;
}
