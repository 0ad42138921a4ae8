import { BillForm } from '../bills/BillForm';

/** /specimen/manage/batch-create-destroy: a destruction bill by barcodes or by a filter. */
export default function BatchCreateDestroyPage() {
  return <BillForm kind="destroy" batch />;
}
