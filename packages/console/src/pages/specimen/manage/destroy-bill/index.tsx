import { BillList, DestroyCreateButtons } from '../bills/BillList';

/** /specimen/manage/destroy-bill: destruction bills by state; create, submit, cancel. */
export default function DestroyBillPage() {
  return <BillList family="destroy" view="all" toolbar={<DestroyCreateButtons />} />;
}
