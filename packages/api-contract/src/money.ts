// Money, once for the server and the console (docs/finance.md "Money"): an exact decimal and the ONE
// rounding rule every price, line, tax and total goes through.
//
// The decimal is a bigint coefficient with a decimal scale (value = coef / 10^scale), written here
// rather than taken from a library: adding, subtracting and multiplying are exact, and the only
// divisions money needs (a tax-inclusive price back to its net, a discount's share, a percentage)
// round once, half-up, to a scale the caller names. It parses the NUMERIC strings the database
// drivers return and prints them back, so an amount never passes through a binary `number`.
// Both runtimes have bigint; there is no dependency to keep up to date.
import { z } from 'zod';

/** The most decimals a money-like value accepts (quantities, unit prices, rates). */
const MAX_SCALE = 6;
const DECIMAL_PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Rounds `num / den` (den > 0) half-up, i.e. half away from zero (0.005 → 0.01, −0.005 → −0.01). */
function divRound(num: bigint, den: bigint): bigint {
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const q = abs / den;
  const r = abs % den;
  const rounded = r * 2n >= den ? q + 1n : q;
  return negative ? -rounded : rounded;
}

export class Decimal {
  private constructor(
    /** The digits: value = coef / 10^scale. */
    readonly coef: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Decimal(0n, 0);

  /** coef / 10^scale. */
  static fromUnits(coef: bigint, scale: number): Decimal {
    return new Decimal(coef, scale);
  }

  /** A decimal from its text (`"348.35"`, `"-0.5"`, `"16"`); throws on anything else. */
  static parse(text: string): Decimal {
    const m = DECIMAL_PATTERN.exec(text.trim());
    if (!m) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
    const [, sign = '', whole = '0', fraction = ''] = m;
    const coef = BigInt(whole + fraction);
    return new Decimal(sign === '-' ? -coef : coef, fraction.length);
  }

  /** The decimal of a string, a bigint (whole units) or a decimal (itself). Never a `number`. */
  static of(value: DecimalLike): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value === 'bigint') return new Decimal(value, 0);
    return Decimal.parse(value);
  }

  /** The sum of many (ZERO for none). */
  static sum(values: Iterable<DecimalLike>): Decimal {
    let total = Decimal.ZERO;
    for (const v of values) total = total.add(v);
    return total;
  }

  private at(scale: number): bigint {
    return this.coef * pow10(scale - this.scale);
  }

  add(other: DecimalLike): Decimal {
    const o = Decimal.of(other);
    const scale = Math.max(this.scale, o.scale);
    return new Decimal(this.at(scale) + o.at(scale), scale);
  }

  sub(other: DecimalLike): Decimal {
    return this.add(Decimal.of(other).neg());
  }

  mul(other: DecimalLike): Decimal {
    const o = Decimal.of(other);
    return new Decimal(this.coef * o.coef, this.scale + o.scale);
  }

  /** `this / other` rounded half-up to `scale` decimals; throws on division by zero. */
  div(other: DecimalLike, scale: number): Decimal {
    const o = Decimal.of(other);
    if (o.coef === 0n) throw new RangeError('division by zero');
    // this/o = (a/10^s1) / (b/10^s2); wanted: x/10^scale → x = a·10^(scale+s2) / (b·10^s1)
    let num = this.coef * pow10(scale + o.scale);
    let den = o.coef * pow10(this.scale);
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    return new Decimal(divRound(num, den), scale);
  }

  neg(): Decimal {
    return new Decimal(-this.coef, this.scale);
  }

  /** Rounded half-up (away from zero) to `scale` decimals: the one rounding of money. */
  round(scale = 2): Decimal {
    if (this.scale <= scale) return new Decimal(this.at(scale), scale);
    return new Decimal(divRound(this.coef, pow10(this.scale - scale)), scale);
  }

  cmp(other: DecimalLike): -1 | 0 | 1 {
    const o = Decimal.of(other);
    const scale = Math.max(this.scale, o.scale);
    const a = this.at(scale);
    const b = o.at(scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: DecimalLike): boolean {
    return this.cmp(other) === 0;
  }

  isZero(): boolean {
    return this.coef === 0n;
  }

  isNegative(): boolean {
    return this.coef < 0n;
  }

  /** The text with exactly `scale` decimals (rounded half-up when it has more). */
  toFixed(scale = 2): string {
    const r = this.round(scale);
    const negative = r.coef < 0n;
    const digits = (negative ? -r.coef : r.coef).toString().padStart(scale + 1, '0');
    const whole = digits.slice(0, digits.length - scale);
    const fraction = digits.slice(digits.length - scale);
    return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
  }

  /** The shortest exact text (trailing zeros dropped): what NUMERIC columns store. */
  toString(): string {
    let { coef, scale } = this;
    while (scale > 0 && coef % 10n === 0n) {
      coef /= 10n;
      scale -= 1;
    }
    return new Decimal(coef, scale).toFixed(scale);
  }

  toJSON(): string {
    return this.toString();
  }
}

export type DecimalLike = Decimal | string | bigint;

/** Shorthand for `Decimal.of`. */
export const dec = (value: DecimalLike): Decimal => Decimal.of(value);

// ---- Contract schemas -----------------------------------------------------------------------

/**
 * Money and money-like fields in the contract are decimal strings, never `number`: these schemas are
 * the only way to declare them, and `money.test.ts` walks every endpoint schema to prove that no
 * field named like money (amount, price, tax, total, discount, cost, fee, rate, balance) is a
 * number. A registry marks them, as `fileIdFields` marks file ids.
 */
export const moneyFields = z.registry<{ scale: number }>();

/**
 * A decimal text field of up to `scale` decimals, between `min` and `max` when given (`minMessage`:
 * the validation key when below `min`). Every money field of the contract is built with it.
 */
export const decimalField = (
  scale: number,
  options: { min?: string; max?: string; minMessage?: string } = {},
) => {
  const pattern = new RegExp(`^-?\\d{1,13}(\\.\\d{1,${scale}})?$`);
  let schema = z.string().trim().regex(pattern, 'validation.decimal');
  if (options.min !== undefined) {
    const min = options.min;
    schema = schema.refine((v) => !pattern.test(v) || Decimal.parse(v).cmp(min) >= 0, {
      message: options.minMessage ?? 'validation.decimalMin',
    }) as unknown as typeof schema;
  }
  if (options.max !== undefined) {
    const max = options.max;
    schema = schema.refine((v) => !pattern.test(v) || Decimal.parse(v).cmp(max) <= 0, {
      message: 'validation.decimalMax',
    }) as unknown as typeof schema;
  }
  return schema.register(moneyFields, { scale });
};

/** An amount of money: up to 2 decimals, as text (`"1190.00"`). */
export const moneyAmount = decimalField(2);
/** An amount that is never negative (a price, a payment). */
export const moneyNonNegative = decimalField(2, { min: '0' });
/** A unit price: up to 4 decimals (a specimen-day can cost 0.0350), never negative. */
export const unitPrice = decimalField(4, { min: '0' });
/** A quantity: up to 4 decimals (box-months are prorated), never negative. */
export const moneyQuantity = decimalField(4, { min: '0' });
/** A rate as a fraction (0.13 for 13 %): tax rates, discount rates; 0 to 1. */
export const moneyRate = decimalField(MAX_SCALE, { min: '0', max: '1' });

/** ISO 4217 currency codes the product prices in (CNY by default). */
export const CURRENCIES = ['CNY', 'USD', 'HKD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CNY';

// ---- The rounding rule ----------------------------------------------------------------------

export interface LineInput {
  quantity: DecimalLike;
  unitPrice: DecimalLike;
  /** Tax rate as a fraction (0.13). */
  taxRate: DecimalLike;
  /** Line discount as a fraction of the line (0.04 for 4 %); none when absent. */
  discountRate?: DecimalLike;
}

export interface PricedLine {
  /** quantity × unit price, before any discount, rounded to 0.01 (net for exclusive lists, gross for inclusive ones). */
  listAmount: Decimal;
  /** The discount of this line (its own and its share of the document's), rounded to 0.01. */
  discount: Decimal;
  /** Net amount (without tax) after discounts. */
  net: Decimal;
  tax: Decimal;
  /** net + tax. */
  gross: Decimal;
}

export interface DocumentTotals {
  lines: PricedLine[];
  listAmount: Decimal;
  discount: Decimal;
  net: Decimal;
  tax: Decimal;
  gross: Decimal;
}

/**
 * Spreads `total` (0.01 steps) over `weights` in proportion, by largest remainder: every share is
 * the proportional amount rounded down to the cent, and the cents left over go one each to the
 * shares with the largest remainders (ties: the earlier line). The shares sum to `total` exactly.
 */
export function spreadByLargestRemainder(total: DecimalLike, weights: readonly DecimalLike[]): Decimal[] {
  const cents = Decimal.of(total).round(2).coef;
  const ws = weights.map((w) => Decimal.of(w));
  const scale = Math.max(0, ...ws.map((w) => w.scale));
  const units = ws.map((w) => w.coef * pow10(scale - w.scale));
  const sum = units.reduce((a, b) => a + b, 0n);
  if (sum === 0n || cents === 0n) return ws.map(() => Decimal.fromUnits(0n, 2));
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const shares = units.map((u) => (abs * u) / sum);
  const remainders = units.map((u, i) => ({ i, r: (abs * u) % sum }));
  let left = abs - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((s) => Decimal.fromUnits(negative ? -s : s, 2));
}

/**
 * THE rounding rule (docs/finance.md "The rounding rule"), for a document's lines:
 * 1. each line's list amount = quantity × unit price, exact, then its own discount (rate) taken off
 *    the exact amount, rounded half-up to 0.01 once;
 * 2. a document discount (an amount, or a rate of the discounted lines' sum rounded to 0.01) is
 *    spread over the lines by largest remainder, so the lines' discounts sum to it exactly;
 * 3. tax per line: tax-exclusive prices: tax = round(net × rate); tax-inclusive prices: the line's
 *    amount is gross, net = round(gross ÷ (1 + rate)) and tax = gross − net (the back-calculation);
 * 4. the document's totals are the sums of the rounded lines, never recomputed from the totals.
 */
export function priceDocument(
  inputs: readonly LineInput[],
  options: { taxInclusive: boolean; documentDiscount?: DecimalLike; documentDiscountRate?: DecimalLike },
): DocumentTotals {
  const list = inputs.map((l) => Decimal.of(l.quantity).mul(l.unitPrice).round(2));
  const afterLine = inputs.map((l) => {
    const exact = Decimal.of(l.quantity).mul(l.unitPrice);
    const rate = l.discountRate === undefined ? Decimal.ZERO : Decimal.of(l.discountRate);
    return exact.mul(Decimal.of('1').sub(rate)).round(2);
  });
  const discounted = Decimal.sum(afterLine);
  const documentDiscount =
    options.documentDiscount !== undefined
      ? Decimal.of(options.documentDiscount).round(2)
      : options.documentDiscountRate !== undefined
        ? discounted.mul(options.documentDiscountRate).round(2)
        : Decimal.ZERO;
  if (documentDiscount.cmp(discounted) > 0 && !discounted.isNegative())
    throw new RangeError('document discount exceeds the lines');
  const shares = spreadByLargestRemainder(documentDiscount, afterLine);
  const lines = inputs.map((l, i): PricedLine => {
    const amount = (afterLine[i] ?? Decimal.ZERO).sub(shares[i] ?? Decimal.ZERO);
    const listAmount = list[i] ?? Decimal.ZERO;
    const discount = listAmount.sub(amount);
    if (options.taxInclusive) {
      const net = amount.div(Decimal.of('1').add(l.taxRate), 2);
      return { listAmount, discount, net, tax: amount.sub(net), gross: amount };
    }
    const tax = amount.mul(l.taxRate).round(2);
    return { listAmount, discount, net: amount, tax, gross: amount.add(tax) };
  });
  return {
    lines,
    listAmount: Decimal.sum(lines.map((l) => l.listAmount)),
    discount: Decimal.sum(lines.map((l) => l.discount)),
    net: Decimal.sum(lines.map((l) => l.net)),
    tax: Decimal.sum(lines.map((l) => l.tax)),
    gross: Decimal.sum(lines.map((l) => l.gross)),
  };
}

/** One line alone (the finance half prices each billable event so): `priceDocument` of one line. */
export function priceLine(input: LineInput, taxInclusive: boolean): PricedLine {
  const [line] = priceDocument([input], { taxInclusive }).lines;
  if (!line) throw new RangeError('no line');
  return line;
}

/** A money text for display with thousands separators (`1,190.00`), in the currency's decimals. */
export function formatMoney(value: DecimalLike, currency?: string): string {
  const text = Decimal.of(value).toFixed(2);
  const [whole = '0', fraction = '00'] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${text.startsWith('-') ? '-' : ''}${currency ? `${currency} ` : ''}${grouped}.${fraction}`;
}
