// Supply's rules that need no database (docs/supply.md): FEFO picking, a kit's expiry, the checks of
// a movement against on-hand.
import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** A day `days` after `date` (YYYY-MM-DD, calendar days). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** What a line of an application needs from stock: its consumable and how many units. */
export interface NeededLine {
  lineId: number;
  consumableId: number;
  consumableName: string;
  needed: number;
}

/** A lot's on-hand in one store. */
export interface LotStock {
  lotId: number;
  lotNo: string;
  consumableId: number;
  storeId: number;
  expiryDate: string;
  onHand: number;
}

export interface Pick {
  lineId: number;
  lotId: number;
  lotNo: string;
  storeId: number;
  expiryDate: string;
  quantity: number;
}

/** Earliest expiry first; the older lot (smaller id), then the store, between equal expiries. */
export const fefoOrder = (a: LotStock, b: LotStock) =>
  a.expiryDate.localeCompare(b.expiryDate) || a.lotId - b.lotId || a.storeId - b.storeId;

/**
 * First expiry, first out: each line takes from the earliest-expiring lots of its consumable that
 * still expire on or after `shipFrom` (today + do-not-ship days), splitting across lots when one
 * lot is not enough; lines share the stock in their order. A line that cannot be covered in full
 * takes nothing and is reported short with what qualified for it.
 */
export function fefoPicks(
  lines: readonly NeededLine[],
  stock: readonly LotStock[],
  shipFrom: string,
): {
  picks: Pick[];
  short: Array<{ lineId: number; consumableName: string; needed: number; available: number }>;
} {
  const left = new Map<string, number>();
  const key = (s: LotStock) => `${s.lotId}:${s.storeId}`;
  const usable = stock.filter((s) => s.expiryDate >= shipFrom && s.onHand > 0).sort(fefoOrder);
  for (const s of usable) left.set(key(s), s.onHand);
  const picks: Pick[] = [];
  const short: Array<{ lineId: number; consumableName: string; needed: number; available: number }> = [];
  for (const line of lines) {
    const lots = usable.filter((s) => s.consumableId === line.consumableId);
    const available = lots.reduce((sum, s) => sum + (left.get(key(s)) ?? 0), 0);
    if (available < line.needed) {
      short.push({
        lineId: line.lineId,
        consumableName: line.consumableName,
        needed: line.needed,
        available,
      });
      continue;
    }
    let want = line.needed;
    for (const s of lots) {
      if (want === 0) break;
      const take = Math.min(want, left.get(key(s)) ?? 0);
      if (take === 0) continue;
      left.set(key(s), (left.get(key(s)) ?? 0) - take);
      want -= take;
      picks.push({
        lineId: line.lineId,
        lotId: s.lotId,
        lotNo: s.lotNo,
        storeId: s.storeId,
        expiryDate: s.expiryDate,
        quantity: take,
      });
    }
  }
  return { picks, short };
}

/** Each kit's expiry: the earliest expiry of the lots its lines went out with. */
export function kitExpiries(
  lines: ReadonlyArray<{
    kind: string;
    kitId: number | null;
    kitName: string | null;
    expiryDate: string | null;
  }>,
): Array<{ kitId: number; kitName: string; expiryDate: string }> {
  const kits = new Map<number, { kitId: number; kitName: string; expiryDate: string }>();
  for (const l of lines) {
    if (l.kind !== 'kit' || l.kitId === null || !l.expiryDate) continue;
    const kit = kits.get(l.kitId);
    if (!kit || l.expiryDate < kit.expiryDate)
      kits.set(l.kitId, { kitId: l.kitId, kitName: l.kitName ?? '', expiryDate: l.expiryDate });
  }
  return [...kits.values()];
}

/** A dispatch is refused while a catalogue line finds no lot that qualifies (names what is short). */
export function assertNothingShort(
  short: ReadonlyArray<{ consumableName: string; needed: number; available: number }>,
  shipFrom: string,
): void {
  const first = short[0];
  if (!first) return;
  throw new ApiError(ResultCode.INVALID_STATE, {
    key: 'supplyFefoShort',
    params: {
      item: first.consumableName,
      needed: first.needed,
      available: first.available,
      shipFrom,
    },
  });
}

/** A movement may not take a store's on-hand of a lot below zero. */
export function assertCovers(onHand: number, take: number, lotNo: string): void {
  if (take > onHand)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'supplyNotEnough',
      params: { lot: lotNo, onHand, take },
    });
}

/** Two decimal strings name the same amount (`12.5` and `12.5000`), compared as text, never as floats. */
export function sameAmount(a: string, b: string): boolean {
  const norm = (v: string) => {
    const [int = '0', frac = ''] = v.trim().split('.');
    return `${int.replace(/^0+(?=\d)/, '')}.${frac.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}
