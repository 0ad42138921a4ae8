import { RecordPage } from '../RecordPage';

/** /electronic-record/public-record: public records shared with sites (upload, replace, withdraw, download log). */
export default function PublicRecordPage() {
  return <RecordPage kind="public" />;
}
