import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import {
  assertEveryLineOnce,
  assertImage,
  assertOpen,
  assertReasonsKnown,
  assertWaybill,
  exceptionReasons,
  receivedLines,
} from './service.js';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { key: error.options.key, params: error.options.params };
    throw error;
  }
  return null;
};

describe('receipt rules', () => {
  it('takes every sample line exactly once and names the odd ones', () => {
    expect(failure(() => assertEveryLineOnce([1, 2], [2, 1]))).toBeNull();
    expect(failure(() => assertEveryLineOnce([1, 1, 9], [1, 2]))).toEqual({
      key: 'receiptSamplesMismatch',
      params: { items: '1, 9, 2' },
    });
  });

  it('collects distinct exception reasons and refuses unknown ones', () => {
    const reasons = exceptionReasons([
      { quality: 'exception', exceptionReason: 'leak' },
      { quality: 'exception', exceptionReason: 'leak' },
      { quality: 'qualified', exceptionReason: 'ignored' },
    ]);
    expect(reasons).toEqual(['leak']);
    expect(failure(() => assertReasonsKnown(reasons, ['leak']))).toBeNull();
    expect(failure(() => assertReasonsKnown(['leak', 'lost'], ['leak']))).toEqual({
      key: 'receiptReasonInvalid',
      params: { reason: 'lost' },
    });
  });

  it('needs an open shipment, an image file and a waybill photo', () => {
    expect(failure(() => assertOpen({ status: 'signed' }))?.key).toBe('receiptClosed');
    expect(failure(() => assertOpen({ status: 'picked_up' }))).toBeNull();
    expect(failure(() => assertImage('application/pdf'))?.key).toBe('receiptNotImage');
    expect(failure(() => assertImage('image/png'))).toBeNull();
    expect(failure(() => assertWaybill([{ kind: 'temperature' }]))?.key).toBe('receiptWaybillRequired');
    expect(failure(() => assertWaybill([{ kind: 'waybill' }]))).toBeNull();
  });

  it('receives each line in the state its quality leads to, the reason only with an exception', () => {
    const actor = { can: () => true, isApplicant: false };
    const rows = receivedLines(
      'en_US',
      actor,
      [
        { itemId: 1, quality: 'qualified', exceptionReason: 'leak', receivedQuantity: 2 },
        { itemId: 2, quality: 'exception', exceptionReason: 'leak', receivedQuantity: 1, remark: 'wet' },
      ],
      { transportId: 9 },
    );
    expect(rows).toEqual([
      {
        transportId: 9,
        itemId: 1,
        state: 'received',
        receivedQuantity: 2,
        exceptionReason: null,
        remark: null,
      },
      {
        transportId: 9,
        itemId: 2,
        state: 'exception',
        receivedQuantity: 1,
        exceptionReason: 'leak',
        remark: 'wet',
      },
    ]);
  });
});
