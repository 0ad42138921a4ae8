import { BillList, OutboundCreateButtons } from '../bills/BillList';

/** /specimen/manage/out-warehouse-bill: outbound bills by state; create, submit, cancel; the pick list. */
export default function OutWarehouseBillPage() {
  return <BillList family="outbound" view="all" toolbar={<OutboundCreateButtons />} />;
}
