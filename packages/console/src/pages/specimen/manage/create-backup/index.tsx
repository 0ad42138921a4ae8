import { BillForm } from '../bills/BillForm';

/** /specimen/manage/create-backup: backup aliquots to a second biorepository. */
export default function CreateBackupPage() {
  return <BillForm kind="backup" />;
}
