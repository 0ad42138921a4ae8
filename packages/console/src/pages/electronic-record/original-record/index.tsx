import { RecordPage } from '../RecordPage';

/** /electronic-record/original-record: original records shared with sites (upload, replace, withdraw, download log). */
export default function OriginalRecordPage() {
  return <RecordPage kind="original" />;
}
