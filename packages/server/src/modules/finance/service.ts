// The rules of billing as pure functions of plain values (docs/finance.md "Billable events"): the
// days of a period, who sees which events, how an event is priced from a contract line (api-contract
// money.ts, the one rounding rule) and how storage is prorated.
import { Decimal, type DecimalLike, priceLine, ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** A period `YYYY-MM`: its first day, the day after its last, and its last day. */
export function periodDays(period: string): {
  from: string;
  toExclusive: string;
  last: string;
  days: number;
} {
  const [y = 0, m = 1] = period.split('-').map((p) => Number.parseInt(p, 10));
  const from = new Date(Date.UTC(y, m - 1, 1));
  const next = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { from: iso(from), toExclusive: iso(next), last: iso(last), days: last.getUTCDate() };
}

/** The line an event is priced by: the contract line in force on its work day. */
export interface PriceSource {
  contractId: number;
  versionNo: number;
  currency: string;
  taxInclusive: boolean;
  unit: string;
  unitPrice: string;
  taxRate: string;
}

/**
 * An event's money: quantity × unit price by the one rounding rule (half-up to 0.01 per line, tax per
 * line; for tax-inclusive prices the amount is gross and net is back-calculated). `unitPrice`
 * overrides the line's price (a non-routine fee is billed at the amount the site accepted).
 */
export function priceEvent(quantity: DecimalLike, line: PriceSource, unitPrice?: DecimalLike) {
  const price = unitPrice ?? line.unitPrice;
  const priced = priceLine({ quantity, unitPrice: price, taxRate: line.taxRate }, line.taxInclusive);
  return {
    unitPrice: Decimal.of(price).toString(),
    taxRate: line.taxRate,
    net: priced.net.toFixed(2),
    tax: priced.tax.toFixed(2),
    gross: priced.gross.toFixed(2),
  };
}

/** A reversal's money: the charge's, negated (its prices copied, never looked up again). */
export const negate = (value: string | null): string | null =>
  value === null ? null : Decimal.of(value).neg().toString();

/**
 * Box-months of a period: box-days (days a box held at least one of the project's specimens of the
 * class) ÷ the period's days, half-up to 4 decimals.
 */
export const boxMonths = (boxDays: DecimalLike, daysInPeriod: number): string =>
  Decimal.of(boxDays).div(BigInt(daysInPeriod), 4).toString();

/** Only an unpriced event is waived, and only while it is. */
export function assertWaivable(status: string): void {
  if (status !== 'unpriced') throw new ApiError(ResultCode.INVALID_STATE, { key: 'financeNotException' });
}
