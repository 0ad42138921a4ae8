import { BillForm } from '../bills/BillForm';

/** /specimen/manage/create-pre: a planned outbound (reserved now, nothing moves until the handover). */
export default function CreatePrePage() {
  return <BillForm kind="pre" />;
}
