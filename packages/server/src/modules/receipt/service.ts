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
  kitLotNo?: string | null | undefined;
  collectedOn?: string | null | undefined;
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

/** A kit lot read at receipt, checked against the collection day (else the receipt day). */
export interface KitCheck {
  lotNo: string;
  expiryDate: string;
  checkedOn: string;
  expired: boolean;
}

/**
 * Whether samples were collected in an expired kit: the lot's expiry (the last day it may be used;
 * the earliest when the ledger has several lots of the number) before the collection day, or before
 * today (the receipt day, in the desk's zone) when the requisition gives none. A lot the ledger does
 * not know and a collection day after today are refused: neither can be checked.
 */
export function kitCheck(
  lotNo: string,
  expiries: readonly string[],
  collectedOn: string | null | undefined,
  today: string,
): KitCheck {
  const [expiryDate] = [...expiries].sort();
  if (expiryDate === undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'receiptKitLotUnknown', params: { lot: lotNo } });
  if (collectedOn && collectedOn > today)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'receiptCollectedInFuture',
      params: { date: collectedOn },
    });
  const checkedOn = collectedOn || today;
  return { lotNo, expiryDate, checkedOn, expired: expiryDate < checkedOn };
}

/**
 * A line collected in an expired kit is a deviation: it is received only as an exception with its
 * reason (dictionary 1009), never silently as qualified. Refuses naming the line, lot and days.
 */
export function assertExpiredKitsExcepted(
  samples: ReadonlyArray<Pick<SampleInput, 'itemId' | 'quality' | 'exceptionReason'>>,
  checks: ReadonlyMap<number, KitCheck & { sampleTypeName: string }>,
): void {
  for (const s of samples) {
    const check = checks.get(s.itemId);
    if (check?.expired && !(s.quality === 'exception' && s.exceptionReason))
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'receiptKitExpired',
        params: {
          sampleType: check.sampleTypeName,
          lot: check.lotNo,
          expiry: check.expiryDate,
          date: check.checkedOn,
        },
      });
  }
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
 * workflow); a line whose reading breached its range is an exception whatever the desk chose. The
 * kit lot read, its expiry, the collection day and whether the kit had expired are kept on the row.
 */
export function receivedLines<R extends object>(
  lang: Lang,
  actor: ActorContext,
  samples: SampleInput[],
  received: R,
  checks: ReadonlyMap<number, ColdChainCheck> = new Map(),
  kits: ReadonlyMap<number, KitCheck> = new Map(),
) {
  return samples.map((s) => {
    const check = checks.get(s.itemId);
    const kit = kits.get(s.itemId);
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
      kitLotNo: kit?.lotNo ?? null,
      kitExpiry: kit?.expiryDate ?? null,
      collectedOn: s.collectedOn ?? null,
      kitExpired: kit?.expired ?? false,
    };
  });
}
