import { stockMove } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { moveBody } from './LedgerDialogs';

const row = { lotId: 7, storeId: 2 };

// What the move dialog sends is what the contract accepts for its kind, and only that.
describe('the ledger move dialog body', () => {
  it('sends an issue with an optional reason, blank as none', () => {
    const body = moveBody(row, { kind: 'issue', quantity: 5, reason: '  ', toStoreId: 3 });
    expect(body).toEqual({ kind: 'issue', lotId: 7, storeId: 2, quantity: 5, reason: null });
    expect(stockMove.safeParse(body).success).toBe(true);
  });
  it('sends a transfer with its store and no reason', () => {
    const body = moveBody(row, { kind: 'transfer', quantity: 4, toStoreId: 3, reason: 'typed before' });
    expect(body).toEqual({ kind: 'transfer', lotId: 7, storeId: 2, quantity: 4, toStoreId: 3 });
    expect(stockMove.safeParse(body).success).toBe(true);
  });
  it('sends a signed adjustment and a write-off with their reasons, trimmed', () => {
    const adjust = moveBody(row, { kind: 'adjust', quantity: -3, reason: ' broken in transit ' });
    expect(adjust).toEqual({
      kind: 'adjust',
      lotId: 7,
      storeId: 2,
      quantity: -3,
      reason: 'broken in transit',
    });
    expect(stockMove.safeParse(adjust).success).toBe(true);
    const writeOff = moveBody(row, { kind: 'writeOff', quantity: 2, reason: 'expired' });
    expect(writeOff).toMatchObject({ kind: 'writeOff', quantity: 2, reason: 'expired' });
    expect(stockMove.safeParse(writeOff).success).toBe(true);
  });
});
