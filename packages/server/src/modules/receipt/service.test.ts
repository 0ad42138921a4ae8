import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import {
  assertEveryLineOnce,
  assertExpiredKitsExcepted,
  assertImage,
  assertOpen,
  assertReasonsKnown,
  assertWaybill,
  coldChainCheck,
  exceptionReasons,
  kitCheck,
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
  it('checks a kit lot against the collection day, else today: expired only after its last day', () => {
    const today = '2026-11-29';
    expect(kitCheck('UT1', ['2026-11-19'], null, today)).toEqual({
      lotNo: 'UT1',
      expiryDate: '2026-11-19',
      checkedOn: today,
      expired: true,
    });
    expect(kitCheck('UT1', ['2026-11-19'], '2026-11-19', today).expired).toBe(false);
    expect(kitCheck('UT1', ['2026-11-19'], '2026-11-20', today).expired).toBe(true);
    // Several lots of the number (two suppliers, two consumables): the earliest expiry counts.
    expect(kitCheck('UT1', ['2027-01-01', '2026-11-25'], '2026-11-26', today)).toMatchObject({
      expiryDate: '2026-11-25',
      expired: true,
    });
    expect(failure(() => kitCheck('XX', [], null, today))).toEqual({
      key: 'receiptKitLotUnknown',
      params: { lot: 'XX' },
    });
    expect(failure(() => kitCheck('UT1', ['2027-01-01'], '2026-11-30', today))?.key).toBe(
      'receiptCollectedInFuture',
    );
    const checks = new Map([
      [1, { ...kitCheck('UT1', ['2026-11-19'], null, today), sampleTypeName: 'Serum' }],
      [2, { ...kitCheck('UT2', ['2027-11-19'], null, today), sampleTypeName: 'Plasma' }],
    ]);
    const refused = failure(() =>
      assertExpiredKitsExcepted(
        [
          { itemId: 1, quality: 'exception', exceptionReason: null },
          { itemId: 2, quality: 'qualified' },
        ],
        checks,
      ),
    );
    expect(refused).toEqual({
      key: 'receiptKitExpired',
      params: { sampleType: 'Serum', lot: 'UT1', expiry: '2026-11-19', date: today },
    });
    expect(
      failure(() =>
        assertExpiredKitsExcepted(
          [
            { itemId: 1, quality: 'exception', exceptionReason: '5' },
            { itemId: 2, quality: 'qualified' },
          ],
          checks,
        ),
      ),
    ).toBeNull();
  });

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
        {
          itemId: 2,
          quality: 'exception',
          exceptionReason: 'leak',
          receivedQuantity: 1,
          remark: 'wet',
          kitLotNo: 'UT1',
          collectedOn: '2026-11-20',
        },
      ],
      { transportId: 9 },
      new Map(),
      new Map([[2, { lotNo: 'UT1', expiryDate: '2026-11-19', checkedOn: '2026-11-20', expired: true }]]),
    );
    expect(rows).toEqual([
      {
        transportId: 9,
        itemId: 1,
        state: 'received',
        receivedQuantity: 2,
        exceptionReason: null,
        remark: null,
        temperatureCelsius: null,
        temperatureRange: null,
        temperatureBreach: false,
        kitLotNo: null,
        kitExpiry: null,
        collectedOn: null,
        kitExpired: false,
      },
      {
        transportId: 9,
        itemId: 2,
        state: 'exception',
        receivedQuantity: 1,
        exceptionReason: 'leak',
        remark: 'wet',
        temperatureCelsius: null,
        temperatureRange: null,
        temperatureBreach: false,
        kitLotNo: 'UT1',
        kitExpiry: '2026-11-19',
        collectedOn: '2026-11-20',
        kitExpired: true,
      },
    ]);
  });

  it("checks a reading against the plan's transport ranges for the sample type, else the booking's", () => {
    const cold = { min: 2, max: 8, range: '2~8°C' };
    const frozen = { min: null, max: -15, range: '≤-15°C' };
    // The plan's ranges decide when it has the sample type: within any of them passes.
    expect(coldChainCheck(12, frozen, [cold])).toEqual({ range: '2~8°C', breach: true });
    expect(coldChainCheck(-20, cold, [cold, frozen])).toEqual({ range: '2~8°C / ≤-15°C', breach: false });
    // No plan range: the booked condition; open ends are unbounded; the bounds themselves pass.
    expect(coldChainCheck(-80, frozen, [])).toEqual({ range: '≤-15°C', breach: false });
    expect(coldChainCheck(8, cold, [])).toEqual({ range: '2~8°C', breach: false });
    expect(coldChainCheck(-14.5, frozen, []).breach).toBe(true);
  });

  it('makes a line out of range an exception even when the desk received it as qualified', () => {
    const actor = { can: () => true, isApplicant: false };
    const [row] = receivedLines(
      'en_US',
      actor,
      [{ itemId: 3, quality: 'qualified', receivedQuantity: 2, temperatureCelsius: 12 }],
      { transportId: 9 },
      new Map([[3, { range: '2~8°C', breach: true }]]),
    );
    expect(row).toMatchObject({
      state: 'exception',
      exceptionReason: null,
      temperatureCelsius: 12,
      temperatureRange: '2~8°C',
      temperatureBreach: true,
    });
  });
});
