import { SharedDocPage } from '../SharedDocPage';

/** /web/shared-doc/original-log: original records shared with my sites and their download log. */
export default function SharedOriginalLogPage() {
  return <SharedDocPage kind="original" />;
}
