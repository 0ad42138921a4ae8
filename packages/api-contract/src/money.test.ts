import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { schemaLeaves, unwrapSchema } from './file-ids.js';
import { ALL_ENDPOINTS } from './index.js';
import {
  Decimal,
  dec,
  formatMoney,
  moneyAmount,
  moneyFields,
  moneyRate,
  priceDocument,
  priceLine,
  spreadByLargestRemainder,
  unitPrice,
} from './money.js';

const texts = (line: { net: Decimal; tax: Decimal; gross: Decimal; discount: Decimal }) => ({
  net: line.net.toFixed(2),
  tax: line.tax.toFixed(2),
  gross: line.gross.toFixed(2),
  discount: line.discount.toFixed(2),
});

describe('Decimal', () => {
  it('parses NUMERIC texts exactly and prints them back', () => {
    expect(dec('348.35').mul('16').toString()).toBe('5573.6');
    expect(dec('0.1').add('0.2').toString()).toBe('0.3');
    expect(dec('-0.005').round(2).toFixed(2)).toBe('-0.01');
    expect(dec('0.005').round(2).toFixed(2)).toBe('0.01');
    expect(dec('0.0049').round(2).toFixed(2)).toBe('0.00');
    expect(dec('1190').toFixed(2)).toBe('1190.00');
    expect(dec('12345678901234.56').add('0.01').toString()).toBe('12345678901234.57');
    expect(dec('10').div('3', 4).toString()).toBe('3.3333');
    expect(dec('-2').div('3', 2).toFixed(2)).toBe('-0.67');
    expect(dec('1.50').cmp('1.5')).toBe(0);
    expect(() => dec('1e3')).toThrow(RangeError);
    expect(() => dec('12.3.4')).toThrow(RangeError);
    expect(() => dec('1').div('0', 2)).toThrow(RangeError);
    expect(formatMoney('1190', 'CNY')).toBe('CNY 1,190.00');
    expect(formatMoney('-1234567.5')).toBe('-1,234,567.50');
  });

  it('round-trips any decimal text (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 6 }),
        (n, s) => {
          const d = dec(n).div(10n ** BigInt(s), s);
          expect(dec(d.toFixed(s)).eq(d)).toBe(true);
          expect(dec(d.toString()).eq(d)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the rounding rule', () => {
  it('348.35 × 16 with a 4 % discount and 22 % tax: the discount off the exact line, rounded once', () => {
    const line = priceLine(
      { quantity: '16', unitPrice: '348.35', discountRate: '0.04', taxRate: '0.22' },
      false,
    );
    expect(line.listAmount.toFixed(2)).toBe('5573.60');
    expect(texts(line)).toEqual({ net: '5350.66', tax: '1177.15', gross: '6527.81', discount: '222.94' });
    // The same discount given on the document reads the same.
    const doc = priceDocument([{ quantity: '16', unitPrice: '348.35', taxRate: '0.22' }], {
      taxInclusive: false,
      documentDiscountRate: '0.04',
    });
    expect(texts(doc)).toEqual({ net: '5350.66', tax: '1177.15', gross: '6527.81', discount: '222.94' });
  });

  it('lines of 55.55 and 11.11 at 23 %: tax per line, the total is the sum of the lines', () => {
    const doc = priceDocument(
      [
        { quantity: '1', unitPrice: '55.55', taxRate: '0.23' },
        { quantity: '1', unitPrice: '11.11', taxRate: '0.23' },
      ],
      { taxInclusive: false },
    );
    expect(doc.lines.map((l) => l.tax.toFixed(2))).toEqual(['12.78', '2.56']);
    expect(texts(doc)).toEqual({ net: '66.66', tax: '15.34', gross: '82.00', discount: '0.00' });
  });

  it('8,500 less a 7,500 discount plus 19 % tax is 1,190.00', () => {
    const doc = priceDocument([{ quantity: '1', unitPrice: '8500', taxRate: '0.19' }], {
      taxInclusive: false,
      documentDiscount: '7500',
    });
    expect(texts(doc)).toEqual({ net: '1000.00', tax: '190.00', gross: '1190.00', discount: '7500.00' });
  });

  it('tax-inclusive prices: net back-calculated, tax the remainder', () => {
    expect(texts(priceLine({ quantity: '1', unitPrice: '113', taxRate: '0.13' }, true))).toEqual({
      net: '100.00',
      tax: '13.00',
      gross: '113.00',
      discount: '0.00',
    });
    expect(texts(priceLine({ quantity: '3', unitPrice: '10', taxRate: '0.06' }, true))).toEqual({
      net: '28.30',
      tax: '1.70',
      gross: '30.00',
      discount: '0.00',
    });
  });

  it('a document discount spreads over lines by largest remainder and sums exactly', () => {
    expect(spreadByLargestRemainder('0.10', ['1', '1', '1']).map((d) => d.toFixed(2))).toEqual([
      '0.04',
      '0.03',
      '0.03',
    ]);
    expect(spreadByLargestRemainder('100', ['2833.33', '2833.33', '2833.34']).map(String)).toEqual([
      '33.33',
      '33.33',
      '33.34',
    ]);
    expect(() =>
      priceDocument([{ quantity: '1', unitPrice: '10', taxRate: '0' }], {
        taxInclusive: false,
        documentDiscount: '10.01',
      }),
    ).toThrow(RangeError);
  });

  const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => dec(BigInt(n)).div('100', 2));
  const line = fc.record({
    quantity: fc.integer({ min: 0, max: 100_000 }).map((n) => dec(BigInt(n)).div('100', 2)),
    unitPrice: fc.integer({ min: 0, max: 100_000_000 }).map((n) => dec(BigInt(n)).div('10000', 4)),
    taxRate: fc.constantFrom('0', '0.06', '0.09', '0.13', '0.19', '0.22', '0.23'),
    discountRate: fc.constantFrom('0', '0.04', '0.1', '0.125'),
  });

  it('totals equal the sums of the rounded lines for random quantities and prices (property)', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, taxInclusive, share) => {
          const before = priceDocument(lines, { taxInclusive });
          // A document discount up to the lines' sum (the share only picks a cent amount).
          const cap = Number(
            before.lines.reduce((a, l) => a.add(l.listAmount.sub(l.discount)), Decimal.ZERO).coef,
          );
          const documentDiscount = dec(BigInt(Math.floor(cap * share))).div('100', 2);
          const doc = priceDocument(lines, { taxInclusive, documentDiscount });
          const sum = (pick: (l: (typeof doc.lines)[number]) => Decimal) => Decimal.sum(doc.lines.map(pick));
          expect(doc.net.eq(sum((l) => l.net))).toBe(true);
          expect(doc.tax.eq(sum((l) => l.tax))).toBe(true);
          expect(doc.gross.eq(sum((l) => l.gross))).toBe(true);
          expect(doc.gross.eq(doc.net.add(doc.tax))).toBe(true);
          expect(doc.discount.eq(before.discount.add(documentDiscount))).toBe(true);
          for (const l of doc.lines) {
            expect(l.net.scale).toBe(2);
            expect(l.tax.scale).toBe(2);
            expect(l.gross.eq(l.net.add(l.tax))).toBe(true);
            expect(l.net.isNegative() || l.tax.isNegative()).toBe(false);
          }
        },
      ),
      { numRuns: 150 },
    );
    expect(cents(1)).toBeDefined();
  });
});

/** Field names that carry money: they must be the decimal strings of money.ts. */
const MONEY_NAME = /(amount|price|tax|discount|cost|fee|balance|subtotal|gross|net)$/i;
/** Names that read like money and are counts (SPEC's own field names). */
const NOT_MONEY = new Set(['kitAmount']);
const isNumber = (schema: z.ZodType): boolean => {
  const def = (schema as unknown as { _zod: { def: { type: string } } })._zod.def;
  if (def.type === 'number' || def.type === 'bigint') return true;
  const inner = unwrapSchema(schema);
  return inner ? isNumber(inner) : false;
};

describe('binary floating point never reaches a money field', () => {
  it('every contract field named like money is a marked decimal string, never a number', () => {
    const offenders: string[] = [];
    let marked = 0;
    for (const endpoint of ALL_ENDPOINTS)
      for (const part of ['params', 'query', 'body', 'data'] as const) {
        const schema = endpoint[part] as z.ZodType | undefined;
        if (!schema) continue;
        for (const leaf of schemaLeaves(schema)) {
          const name = [...leaf.path].reverse().find((p) => p !== '*') ?? '';
          if (moneyFields.has(leaf.schema)) marked += 1;
          else if (MONEY_NAME.test(name) && !NOT_MONEY.has(name) && isNumber(leaf.schema))
            offenders.push(`${endpoint.id} ${part}.${leaf.path.join('.')}`);
        }
      }
    expect(offenders).toEqual([]);
    expect(marked).toBeGreaterThan(0);
  });

  it('money schemas accept decimal strings and refuse numbers and floats written out', () => {
    expect(moneyAmount.safeParse('1190.00').success).toBe(true);
    expect(moneyAmount.safeParse(1190).success).toBe(false);
    expect(moneyAmount.safeParse('0.1e1').success).toBe(false);
    expect(moneyAmount.safeParse('1.005').success).toBe(false);
    expect(unitPrice.safeParse('0.0350').success).toBe(true);
    expect(unitPrice.safeParse('-1').success).toBe(false);
    expect(moneyRate.safeParse('0.13').success).toBe(true);
    expect(moneyRate.safeParse('13').success).toBe(false);
  });
});
