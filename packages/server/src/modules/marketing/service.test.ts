import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import {
  assertCardScope,
  assertDiscountCovered,
  assertUniqueServices,
  contractUnitPrice,
  dayBefore,
  plannedPerSubject,
  priceQuotation,
  versionInForce,
} from './service.js';

describe('marketing rules', () => {
  it('a card names what its scope says', () => {
    expect(() => assertCardScope('all', null, null)).not.toThrow();
    expect(() => assertCardScope('customer', 3, null)).not.toThrow();
    expect(() => assertCardScope('project', 3, 4)).not.toThrow();
    expect(refusal(() => assertCardScope('all', 3, null))?.key).toBe('marketingCardScope');
    expect(refusal(() => assertCardScope('project', 3, null))?.key).toBe('marketingCardScope');
  });

  it('prices a quotation by the one rule and measures its whole discount', () => {
    const q = priceQuotation(
      [{ quantity: '16', unitPrice: '348.35', taxRate: '0.22', discountRate: '0.04' }],
      false,
      '0',
    );
    expect(q.gross.toFixed(2)).toBe('6527.81');
    expect(q.effectiveDiscountRate.toString()).toBe('0.039999');
    expect(refusal(() => assertDiscountCovered(q.effectiveDiscountRate, '0.03'))?.params).toEqual({
      rate: '4%',
      limit: '3%',
    });
    expect(() => assertDiscountCovered(q.effectiveDiscountRate, '0.04')).not.toThrow();
  });

  it('contract prices carry both discounts to 4 decimals', () => {
    expect(contractUnitPrice('348.35', '0.04', '0')).toBe('334.4160');
    expect(contractUnitPrice('100', '0.1', '0.05')).toBe('85.5000');
    expect(contractUnitPrice('0.0350', '0', '0.333333')).toBe('0.0233');
  });

  it('finds the version in force on a day', () => {
    const versions = [
      { n: 1, effectiveFrom: '2026-01-01' },
      { n: 2, effectiveFrom: '2026-07-01' },
    ];
    expect(versionInForce(versions, '2025-12-31')).toBeUndefined();
    expect(versionInForce(versions, '2026-06-30')?.n).toBe(1);
    expect(versionInForce(versions, '2026-07-01')?.n).toBe(2);
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });

  it('counts tests and kits per subject from a plan', () => {
    const planned = plannedPerSubject([
      {
        samples: [
          { count: 2, testItemIds: [1, 2] },
          { count: 1, testItemIds: [1] },
        ],
      },
      { samples: [{ count: 1, testItemIds: [2] }] },
    ]);
    expect(Object.fromEntries(planned.tests)).toEqual({ 1: 3, 2: 3 });
    expect(planned.kits).toBe(2);
    expect(refusal(() => assertUniqueServices(['test:A', 'test:A']))?.key).toBe('marketingDuplicateService');
  });
});
