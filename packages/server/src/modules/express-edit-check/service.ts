import type { OutgoingMessage } from '../../services/notifications/message-kinds.js';

/**
 * The e-mail that tells the site user who booked the shipment of a staff correction and its
 * reason; none when the account has no e-mail (the booking's detail still shows it). Site users
 * are in mainland China: the message is in simplified Chinese, as the first-login SMS.
 */
export function correctionMessage(
  booker: { email: string | null; status: number } | undefined,
  orderNo: string,
  by: string,
  reason: string,
): OutgoingMessage | null {
  if (!booker?.email || booker.status !== 1) return null;
  return {
    kind: 'bookingCorrected',
    channel: 'email',
    recipient: booker.email,
    lang: 'zh_CN',
    params: { orderNo, by, reason },
  };
}
