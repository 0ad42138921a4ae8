import { SharedDocPage } from '../../../../components/SharedDoc';

/** /web/shared-doc/public-log: public records shared with my sites and their download log. */
export default function SharedPublicLogPage() {
  return <SharedDocPage kind="public" />;
}
