import { BillList } from '../bills/BillList';

/** /specimen/manage/out-warehouse-bill-confirm: the handover scanned, differences settled, returns. */
export default function OutWarehouseBillConfirmPage() {
  return <BillList family="outbound" view="confirm" />;
}
