import { BillList } from '../bills/BillList';

/** /specimen/manage/destroy-bill-confirm: scanned, destroyed before a witness, method and certificate. */
export default function DestroyBillConfirmPage() {
  return <BillList family="destroy" view="confirm" />;
}
