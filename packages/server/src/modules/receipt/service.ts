import {
  type ActorContext,
  type Lang,
  type ReceiptQuality,
  type ReceiptShipment,
  ResultCode,
  sampleReceiptWorkflow,
} from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';
import { assertTransition } from '../../lib/workflow.js';

/** Receipt desk rules that need no database. */

const IMAGE_MIMES = new Set(['image/jpeg', 'image/png']);

/** What the receipt needs of each sample line the desk reports. */
interface SampleInput {
  itemId: number;
  quality: ReceiptQuality;
  exceptionReason?: string | null | undefined;
  receivedQuantity: number;
  remark?: string | null | undefined;
}

/** Images and sample receipts can change only while the shipment awaits receipt. */
export function assertOpen(shipment: Pick<ReceiptShipment, 'status'>): void {
  if (shipment.status !== 'picked_up') throw new ApiError(ResultCode.INVALID_STATE, { key: 'receiptClosed' });
}

export function assertImage(mime: string): void {
  if (!IMAGE_MIMES.has(mime)) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'receiptNotImage' });
}

/** Every sample line of the shipment exactly once: refuses unknown, repeated and missing lines. */
export function assertEveryLineOnce(given: number[], lines: number[]): void {
  const known = new Set(lines);
  const odd = [
    ...given.filter((id, i) => !known.has(id) || given.indexOf(id) !== i),
    ...[...known].filter((id) => !given.includes(id)),
  ];
  if (odd.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'receiptSamplesMismatch',
      params: { items: [...new Set(odd)].join(', ') },
    });
}

/** The distinct exception reasons the lines give (only lines received with an exception have one). */
export function exceptionReasons(samples: Array<Pick<SampleInput, 'quality' | 'exceptionReason'>>): string[] {
  return [
    ...new Set(
      samples.flatMap((s) => (s.quality === 'exception' && s.exceptionReason ? [s.exceptionReason] : [])),
    ),
  ];
}

export function assertReasonsKnown(reasons: string[], known: string[]): void {
  const bad = reasons.filter((r) => !known.includes(r));
  if (bad.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'receiptReasonInvalid',
      params: { reason: bad.join(', ') },
    });
}

/** A shipment is received only with a photo of its waybill. */
export function assertWaybill(images: Array<{ kind: string }>): void {
  if (!images.some((image) => image.kind === 'waybill'))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'receiptWaybillRequired' });
}

/** One receipt row for each sample line, in the state its quality leads to (checked against the workflow). */
export function receivedLines<R extends object>(
  lang: Lang,
  actor: ActorContext,
  samples: SampleInput[],
  received: R,
) {
  return samples.map((s) => ({
    ...received,
    itemId: s.itemId,
    state: assertTransition(
      lang,
      sampleReceiptWorkflow,
      'awaiting',
      s.quality === 'exception' ? 'receiveWithException' : 'receive',
      actor,
    ),
    receivedQuantity: s.receivedQuantity,
    exceptionReason: s.quality === 'exception' ? (s.exceptionReason ?? null) : null,
    remark: s.remark ?? null,
  }));
}
