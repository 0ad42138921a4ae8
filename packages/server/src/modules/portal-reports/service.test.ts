import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import { assertInspected, disputeReason } from './service.js';

const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.options.key : error;
  }
  return null;
};

describe('portal report rules', () => {
  it('wants a reason for a dispute and keeps none for an acceptance', () => {
    expect(keyOf(() => disputeReason('dispute', ''))).toBe('actionReasonRequired');
    expect(keyOf(() => disputeReason('dispute', undefined))).toBe('actionReasonRequired');
    expect(disputeReason('dispute', 'not ours')).toBe('not ours');
    expect(disputeReason('accept', 'ignored')).toBeNull();
  });

  it('shows the inspection form of signed-off shipments only', () => {
    expect(keyOf(() => assertInspected(undefined))).toBe('notFound');
    expect(keyOf(() => assertInspected({ status: 'picked_up' }))).toBe('notFound');
    expect(keyOf(() => assertInspected({ status: 'signed' }))).toBeNull();
  });
});
