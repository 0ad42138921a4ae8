import type { Lang } from '@trialab/api-contract';
import type { OutgoingMessage } from '../../services/notifications/message-kinds.js';

/**
 * The e-mail that tells the site user who booked the shipment of a staff correction and its
 * reason, in the language the site booked in; none when the account has no e-mail (the booking's
 * detail still shows it).
 */
export function correctionMessage(
  booker: { email: string | null; status: number } | undefined,
  lang: Lang,
  orderNo: string,
  by: string,
  reason: string,
): OutgoingMessage | null {
  if (!booker?.email || booker.status !== 1) return null;
  return {
    kind: 'bookingCorrected',
    channel: 'email',
    recipient: booker.email,
    lang,
    params: { orderNo, by, reason },
  };
}
