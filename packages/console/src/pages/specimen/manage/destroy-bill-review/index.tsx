import { BillList } from '../bills/BillList';

/** /specimen/manage/destroy-bill-review: two authorisers, neither the creator, one holding QA. */
export default function DestroyBillReviewPage() {
  return <BillList family="destroy" view="review" />;
}
