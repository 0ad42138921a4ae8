import { BillForm } from '../bills/BillForm';

/** /specimen/manage/create-post: the registration of an urgent removal after the fact. */
export default function CreatePostPage() {
  return <BillForm kind="post" />;
}
