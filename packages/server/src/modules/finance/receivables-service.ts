// The rules of allocating a payment as a pure function (docs/finance.md "Receivables"): a statement
// takes a payment of its own customer in its own currency, each allocation stays within the
// statement's outstanding balance, and together they stay within the payment's unallocated rest.
// Exact decimal arithmetic throughout (api-contract Decimal).
import { Decimal, type PaymentRow, type ReceivableRow, ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/i18n.js';

const refuse = (key: MessageKey, params: Record<string, string>) =>
  new ApiError(ResultCode.BAD_REQUEST, { key, params });

/**
 * Checks allocations of `payment` to confirmed statements (`balances`, by statement id) and returns
 * the total allocated. Throws the first refusal, naming the statement and the amounts.
 */
export function checkAllocations(
  payment: Pick<PaymentRow, 'customerId' | 'currency' | 'unallocatedAmount'>,
  lines: ReadonlyArray<{ statementId: number; amount: string }>,
  balances: ReadonlyMap<number, ReceivableRow>,
): Decimal {
  if (new Set(lines.map((l) => l.statementId)).size !== lines.length)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'receivableStatementTwice' });
  let total = Decimal.of('0');
  for (const line of lines) {
    const st = balances.get(line.statementId);
    if (!st) throw new Error(`statement ${line.statementId} has no balance`);
    if (st.customerId !== payment.customerId)
      throw refuse('receivableOtherCustomer', { statement: st.number });
    if (st.currency !== payment.currency)
      throw refuse('receivableCurrency', {
        statement: st.number,
        statementCurrency: st.currency,
        paymentCurrency: payment.currency,
      });
    const amount = Decimal.of(line.amount);
    if (amount.cmp(st.outstandingAmount) > 0)
      throw refuse('receivableOverStatement', {
        statement: st.number,
        amount: amount.toFixed(2),
        outstanding: st.outstandingAmount,
      });
    total = total.add(amount);
  }
  if (total.cmp(payment.unallocatedAmount) > 0)
    throw refuse('receivableOverPayment', { amount: total.toFixed(2), rest: payment.unallocatedAmount });
  return total;
}
