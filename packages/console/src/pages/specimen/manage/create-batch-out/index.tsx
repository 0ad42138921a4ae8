import { BillForm } from '../bills/BillForm';

/** /specimen/manage/create-batch-out: an outbound bill by barcodes or by a filter. */
export default function CreateBatchOutPage() {
  return <BillForm kind="out" batch />;
}
