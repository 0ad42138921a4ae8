import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.js';
import { assertItemsEnabled, assertNoneTaken, assertNoRepeats, assertSubjectApproved } from './service.js';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { key: error.options.key, params: error.options.params };
    throw error;
  }
  return null;
};

describe('test order rules', () => {
  it('orders only for an approved subject', () => {
    expect(failure(() => assertSubjectApproved({ status: 'submitted' }))?.key).toBe(
      'reportSubjectNotApproved',
    );
    expect(failure(() => assertSubjectApproved({ status: 'approved' }))).toBeNull();
  });

  it('names the test items that are not enabled', () => {
    expect(failure(() => assertItemsEnabled([1, 2, 3], [2]))).toEqual({
      key: 'reportItemInvalid',
      params: { items: '1, 3' },
    });
    expect(failure(() => assertItemsEnabled([2], [2, 5]))).toBeNull();
  });

  it('names a barcode given twice once, and the barcodes already taken', () => {
    expect(failure(() => assertNoRepeats(['A', 'B', 'A', 'A']))).toEqual({
      key: 'orderBarcodeRepeated',
      params: { barcodes: 'A' },
    });
    expect(failure(() => assertNoRepeats(['A', 'B']))).toBeNull();
    expect(failure(() => assertNoneTaken(['B', 'C']))).toEqual({
      key: 'orderBarcodeTaken',
      params: { barcodes: 'B, C' },
    });
    expect(failure(() => assertNoneTaken([]))).toBeNull();
  });
});
