import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertInspected, disputeReason } from './service.js';

describe('portal report rules', () => {
  it('wants a reason for a dispute and keeps none for an acceptance', () => {
    expect(refusal(() => disputeReason('dispute', ''))?.key).toBe('actionReasonRequired');
    expect(refusal(() => disputeReason('dispute', undefined))?.key).toBe('actionReasonRequired');
    expect(disputeReason('dispute', 'not ours')).toBe('not ours');
    expect(disputeReason('accept', 'ignored')).toBeNull();
  });

  it('shows the inspection form of signed-off shipments only', () => {
    expect(refusal(() => assertInspected(undefined))?.key).toBe('notFound');
    expect(refusal(() => assertInspected({ status: 'picked_up' }))?.key).toBe('notFound');
    expect(refusal(() => assertInspected({ status: 'signed' }))).toBeNull();
  });
});
