import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { addDays, assertCovers, fefoPicks, kitExpiries, type LotStock, sameAmount } from './service.js';

const lot = (lotId: number, expiryDate: string, onHand: number, consumableId = 1, storeId = 1): LotStock => ({
  lotId,
  lotNo: `L${lotId}`,
  consumableId,
  storeId,
  expiryDate,
  onHand,
});

describe('FEFO picking', () => {
  it('takes the earliest-expiring lot that still has the shelf life, splitting when one is not enough', () => {
    const stock = [
      lot(1, '2027-01-10', 50),
      lot(2, '2026-12-01', 5),
      lot(3, '2026-06-01', 100),
      lot(4, '2027-03-01', 10),
    ];
    const { picks, short } = fefoPicks(
      [{ lineId: 9, consumableId: 1, consumableName: 'x', needed: 20 }],
      stock,
      '2026-11-01',
    );
    expect(short).toEqual([]);
    // Lot 3 expires before the ship-from day: never shipped.
    expect(picks.map((p) => [p.lotId, p.quantity])).toEqual([
      [2, 5],
      [1, 15],
    ]);
  });

  it('refuses a line no qualifying stock covers, taking nothing for it', () => {
    const { picks, short } = fefoPicks(
      [{ lineId: 1, consumableId: 1, consumableName: 'EDTA', needed: 30 }],
      [lot(1, '2026-01-01', 100), lot(2, '2027-01-01', 10)],
      '2026-06-01',
    );
    expect(picks).toEqual([]);
    expect(short).toEqual([{ lineId: 1, consumableName: 'EDTA', needed: 30, available: 10 }]);
  });

  it('holds for any stock: never a lot before ship-from, never more than on hand, always the earliest first', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => addDays('2026-01-01', n));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            expiry: day,
            onHand: fc.integer({ min: 0, max: 20 }),
            consumable: fc.integer({ min: 1, max: 2 }),
          }),
          {
            maxLength: 8,
          },
        ),
        fc.array(
          fc.record({ consumable: fc.integer({ min: 1, max: 2 }), needed: fc.integer({ min: 1, max: 30 }) }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        day,
        (lots, wanted, shipFrom) => {
          const stock = lots.map((l, i) => lot(i + 1, l.expiry, l.onHand, l.consumable));
          const lines = wanted.map((w, i) => ({
            lineId: i + 1,
            consumableId: w.consumable,
            consumableName: 'c',
            needed: w.needed,
          }));
          const { picks, short } = fefoPicks(lines, stock, shipFrom);
          const used = new Map<number, number>();
          for (const p of picks) {
            const s = stock.find((x) => x.lotId === p.lotId);
            expect(s && s.expiryDate >= shipFrom).toBe(true);
            used.set(p.lotId, (used.get(p.lotId) ?? 0) + p.quantity);
          }
          for (const [id, n] of used)
            expect(n).toBeLessThanOrEqual(stock.find((x) => x.lotId === id)?.onHand ?? 0);
          for (const line of lines) {
            const mine = picks.filter((p) => p.lineId === line.lineId);
            const isShort = short.some((s) => s.lineId === line.lineId);
            expect(isShort ? 0 : line.needed).toBe(mine.reduce((n, p) => n + p.quantity, 0));
            // Whatever qualifying lot of the consumable expires before a lot taken was emptied by then.
            for (const p of mine)
              for (const earlier of stock.filter(
                (s) =>
                  s.consumableId === line.consumableId &&
                  s.expiryDate >= shipFrom &&
                  s.expiryDate < p.expiryDate,
              ))
                expect(used.get(earlier.lotId) ?? 0).toBe(earlier.onHand);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('supply rules', () => {
  it('gives a kit the earliest expiry of its component lots', () => {
    expect(
      kitExpiries([
        { kind: 'kit', kitId: 1, kitName: 'A', expiryDate: '2027-05-01' },
        { kind: 'kit', kitId: 1, kitName: 'A', expiryDate: '2027-02-01' },
        { kind: 'loose', kitId: null, kitName: null, expiryDate: '2026-01-01' },
        { kind: 'kit', kitId: 2, kitName: 'B', expiryDate: null },
      ]),
    ).toEqual([{ kitId: 1, kitName: 'A', expiryDate: '2027-02-01' }]);
  });

  it('compares amounts as decimal text and refuses taking more than on hand', () => {
    expect(sameAmount('12.5', '12.5000')).toBe(true);
    expect(sameAmount('012.50', '12.5')).toBe(true);
    expect(sameAmount('12.5', '12.05')).toBe(false);
    expect(refusal(() => assertCovers(5, 6, 'L1'))).toEqual({
      key: 'supplyNotEnough',
      params: { lot: 'L1', onHand: 5, take: 6 },
    });
    expect(refusal(() => assertCovers(5, 5, 'L1'))).toBeNull();
  });
});
