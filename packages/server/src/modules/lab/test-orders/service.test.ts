import { describe, expect, it } from 'vitest';
import { refusal } from '../../../../test/refusal.js';
import { assertItemsEnabled, assertNoneTaken, assertNoRepeats, assertSubjectApproved } from './service.js';

describe('test order rules', () => {
  it('orders only for an approved subject', () => {
    expect(refusal(() => assertSubjectApproved({ status: 'submitted' }))?.key).toBe(
      'reportSubjectNotApproved',
    );
    expect(refusal(() => assertSubjectApproved({ status: 'approved' }))).toBeNull();
  });

  it('names the test items that are not enabled', () => {
    expect(refusal(() => assertItemsEnabled([1, 2, 3], [2]))).toEqual({
      key: 'reportItemInvalid',
      params: { items: '1, 3' },
    });
    expect(refusal(() => assertItemsEnabled([2], [2, 5]))).toBeNull();
  });

  it('names a barcode given twice once, and the barcodes already taken', () => {
    expect(refusal(() => assertNoRepeats(['A', 'B', 'A', 'A']))).toEqual({
      key: 'orderBarcodeRepeated',
      params: { barcodes: 'A' },
    });
    expect(refusal(() => assertNoRepeats(['A', 'B']))).toBeNull();
    expect(refusal(() => assertNoneTaken(['B', 'C']))).toEqual({
      key: 'orderBarcodeTaken',
      params: { barcodes: 'B, C' },
    });
    expect(refusal(() => assertNoneTaken([]))).toBeNull();
  });
});
