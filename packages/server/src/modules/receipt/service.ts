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
  temperatureCelsius?: number | null | undefined;
}

/** A temperature condition's °C range (an open end is null) and its printed form. */
export interface TemperatureRange {
  min: number | null;
  max: number | null;
  range: string;
}

/** The outcome of checking one line's reading. */
export interface ColdChainCheck {
  range: string;
  breach: boolean;
}

/**
 * Checks a reading against the transport conditions the online plan sets for the line's sample type
 * (within any of them: the line names no visit), or the booked condition when the plan sets none.
 */
export function coldChainCheck(
  reading: number,
  booked: TemperatureRange,
  planned: readonly TemperatureRange[],
): ColdChainCheck {
  const ranges = planned.length > 0 ? planned : [booked];
  const within = ranges.some(
    (r) => (r.min === null || reading >= r.min) && (r.max === null || reading <= r.max),
  );
  return { range: [...new Set(ranges.map((r) => r.range))].join(' / '), breach: !within };
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

/**
 * One receipt row for each sample line, in the state its quality leads to (checked against the
 * workflow); a line whose reading breached its range is an exception whatever the desk chose.
 */
export function receivedLines<R extends object>(
  lang: Lang,
  actor: ActorContext,
  samples: SampleInput[],
  received: R,
  checks: ReadonlyMap<number, ColdChainCheck> = new Map(),
) {
  return samples.map((s) => {
    const check = checks.get(s.itemId);
    const exception = s.quality === 'exception' || check?.breach === true;
    return {
      ...received,
      itemId: s.itemId,
      state: assertTransition(
        lang,
        sampleReceiptWorkflow,
        'awaiting',
        exception ? 'receiveWithException' : 'receive',
        actor,
      ),
      receivedQuantity: s.receivedQuantity,
      exceptionReason: s.quality === 'exception' ? (s.exceptionReason ?? null) : null,
      remark: s.remark ?? null,
      temperatureCelsius: s.temperatureCelsius ?? null,
      temperatureRange: check?.range ?? null,
      temperatureBreach: check?.breach ?? false,
    };
  });
}
