import { BillForm } from '../bills/BillForm';

/** /specimen/manage/create-out: an outbound bill by scanned or pasted barcodes. */
export default function CreateOutPage() {
  return <BillForm kind="out" />;
}
