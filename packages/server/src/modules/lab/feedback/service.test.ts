import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.js';
import { assertStaff, orderTarget } from './service.js';

const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.options.key : error;
  }
  return null;
};

describe('lab feedback rules', () => {
  it('is raised by staff only', () => {
    expect(keyOf(() => assertStaff(2))).toBe('staffOnly');
    expect(keyOf(() => assertStaff(1))).toBeNull();
  });

  it("is about the barcode's test order, and an unknown barcode is refused", () => {
    expect(keyOf(() => orderTarget('X1', null))).toBe('feedbackBarcodeUnknown');
    const order = { id: 9, projectId: 1, siteId: 2, subjectNo: 'S-1', barcode: 'X1', status: 'approved' };
    expect(orderTarget('X1', order)).toEqual({ projectId: 1, siteId: 2, subjectNo: 'S-1', barcode: 'X1' });
  });
});
