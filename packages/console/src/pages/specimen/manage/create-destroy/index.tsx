import { BillForm } from '../bills/BillForm';

/** /specimen/manage/create-destroy: a destruction bill by barcodes. */
export default function CreateDestroyPage() {
  return <BillForm kind="destroy" />;
}
