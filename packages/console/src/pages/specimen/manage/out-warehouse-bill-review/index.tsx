import { BillList } from '../bills/BillList';

/** /specimen/manage/out-warehouse-bill-review: someone else reviews each line's eligibility and signs. */
export default function OutWarehouseBillReviewPage() {
  return <BillList family="outbound" view="review" />;
}
