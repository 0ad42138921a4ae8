import { describe, expect, it } from 'vitest';
import { refusal } from '../../../../test/refusal.js';
import { assertStaff, orderTarget } from './service.js';

describe('lab feedback rules', () => {
  it('is raised by staff only', () => {
    expect(refusal(() => assertStaff(2))?.key).toBe('staffOnly');
    expect(refusal(() => assertStaff(1))).toBeNull();
  });

  it("is about the barcode's test order, and an unknown barcode is refused", () => {
    expect(refusal(() => orderTarget('X1', null))?.key).toBe('feedbackBarcodeUnknown');
    const order = { id: 9, projectId: 1, siteId: 2, subjectNo: 'S-1', barcode: 'X1', status: 'approved' };
    expect(orderTarget('X1', order)).toEqual({ projectId: 1, siteId: 2, subjectNo: 'S-1', barcode: 'X1' });
  });
});
