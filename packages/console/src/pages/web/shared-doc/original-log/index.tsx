import { SharedDocPage } from '../../../../components/SharedDoc';

/** /web/shared-doc/original-log: original records shared with my sites and their download log. */
export default function SharedOriginalLogPage() {
  return <SharedDocPage kind="original" />;
}
