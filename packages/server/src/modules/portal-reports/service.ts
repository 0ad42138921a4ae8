import { ResultCode } from '@trialab/api-contract';
import { ApiError, notFound } from '../../lib/errors.js';

/** A site disputes a chargeback with a reason; accepting one keeps none. */
export function disputeReason(action: string, reason: string | null | undefined): string | null {
  if (action !== 'dispute') return null;
  if (!reason) throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'actionReasonRequired' });
  return reason;
}

/** Only signed-off shipments have an inspection form; any other answers as missing. */
export function assertInspected<T extends { status: string }>(
  shipment: T | undefined,
): asserts shipment is T {
  if (shipment?.status !== 'signed') throw notFound();
}
