import type { ReceivableRow } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import { checkAllocations } from './receivables-service.js';

const balance = (over: Partial<ReceivableRow> = {}): ReceivableRow => ({
  statementId: 1,
  number: 'JS2026-0001',
  projectId: 1,
  projectNo: 'KM-1',
  customerId: 7,
  customerName: 'Huakang',
  period: '2026-10',
  currency: 'CNY',
  dueAmount: '100.00',
  paidAmount: '0.00',
  outstandingAmount: '100.00',
  state: 'unpaid',
  confirmedOn: '2026-11-01',
  paymentDays: 30,
  dueOn: '2026-12-01',
  daysPastDue: -2,
  bucket: 'current',
  ...over,
});
const payment = { customerId: 7, currency: 'CNY' as const, unallocatedAmount: '50.00' };
const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.options.key : String(error);
  }
  return null;
};

describe('allocating a payment', () => {
  it('sums exactly and stays within the statement and the payment', () => {
    const map = new Map([
      [1, balance()],
      [2, balance({ statementId: 2, outstandingAmount: '0.30' })],
    ]);
    const lines = [
      { statementId: 1, amount: '49.80' },
      { statementId: 2, amount: '0.20' },
    ];
    expect(checkAllocations(payment, lines, map).toFixed(2)).toBe('50.00');
    expect(keyOf(() => checkAllocations(payment, [{ statementId: 2, amount: '0.31' }], map))).toBe(
      'receivableOverStatement',
    );
    expect(
      keyOf(() =>
        checkAllocations(
          payment,
          [
            { statementId: 1, amount: '49.81' },
            { statementId: 2, amount: '0.20' },
          ],
          map,
        ),
      ),
    ).toBe('receivableOverPayment');
  });

  it('refuses another customer, another currency and a statement named twice', () => {
    const line = [{ statementId: 1, amount: '1' }];
    expect(keyOf(() => checkAllocations(payment, line, new Map([[1, balance({ customerId: 8 })]])))).toBe(
      'receivableOtherCustomer',
    );
    expect(keyOf(() => checkAllocations(payment, line, new Map([[1, balance({ currency: 'USD' })]])))).toBe(
      'receivableCurrency',
    );
    expect(keyOf(() => checkAllocations(payment, [...line, ...line], new Map([[1, balance()]])))).toBe(
      'receivableStatementTwice',
    );
  });
});
