import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import {
  assertItemsOrdered,
  assertOrderMatches,
  assertRevisable,
  monitorOf,
  reportNumber,
  resultRows,
  unorderedTarget,
} from './service.js';

const item = (id: number, over: Partial<Parameters<typeof resultRows>[2][number]> = {}) => ({
  id,
  code: `T${id}`,
  enabled: true,
  unit: 'g/L',
  referenceRange: '1-10',
  resultType: 'numeric',
  decimals: 1,
  ...over,
});

describe('report rules', () => {
  it('refuses unknown, disabled and repeated items, and numbers with too many decimals', () => {
    expect(
      refusal(() => resultRows(1, [{ testItemId: 2, value: '1' }], [item(2, { enabled: false })])),
    ).toEqual({
      key: 'reportItemInvalid',
      params: { items: '2' },
    });
    const twice = [
      { testItemId: 1, value: '1' },
      { testItemId: 1, value: '2' },
    ];
    expect(refusal(() => resultRows(1, twice, [item(1)]))?.params).toEqual({ items: '1' });
    expect(refusal(() => resultRows(1, [{ testItemId: 1, value: '1.25' }], [item(1)]))).toEqual({
      key: 'reportValueInvalid',
      params: { item: 'T1', decimals: 1 },
    });
  });

  it("takes the item's unit and range and trims the value", () => {
    const [row] = resultRows(7, [{ testItemId: 1, value: ' 5.5 ' }], [item(1)]);
    expect(row).toMatchObject({
      reportId: 7,
      value: '5.5',
      unit: 'g/L',
      referenceRange: '1-10',
      remark: null,
    });
  });

  it("enters an order's results for its subject and barcode, once approved, for the ordered items", () => {
    const order = { subjectId: 3, barcode: 'B1', status: 'approved' };
    expect(refusal(() => assertOrderMatches({ barcode: 'B2' }, order))?.key).toBe('reportOrderMismatch');
    expect(refusal(() => assertOrderMatches({}, { ...order, status: 'submitted' }))?.key).toBe(
      'reportOrderNotApproved',
    );
    expect(refusal(() => assertOrderMatches({ subjectId: 3, barcode: 'B1' }, order))).toBeNull();
    expect(refusal(() => assertItemsOrdered([{ testItemId: 4, value: '1' }], [1, 2]))?.params).toEqual({
      items: '4',
    });
    expect(refusal(() => unorderedTarget({ barcode: 'B9' }))?.key).toBe('reportOrderMismatch');
    expect(unorderedTarget({ subjectId: 3, barcode: 'B9' })).toEqual({
      subjectId: 3,
      barcode: 'B9',
      visit: null,
    });
  });

  it('numbers reports by the date in the user’s zone and id, revises only the released version read', () => {
    expect(reportNumber(new Date('2026-03-04T23:00:00Z'), 'UTC', 42)).toBe('RPT-20260304-000042');
    // 07:00 on the 5th in Shanghai: the Shanghai user's day, not UTC's.
    expect(reportNumber(new Date('2026-03-04T23:00:00Z'), 'Asia/Shanghai', 42)).toBe('RPT-20260305-000042');
    expect(refusal(() => assertRevisable('en_US', { status: 'released', version: 3 }, 2))?.key).toBe(
      'staleVersion',
    );
    const entered = refusal(() => assertRevisable('zh_CN', { status: 'entered', version: 2 }, 2));
    expect(entered?.key).toBe('invalidState');
    // The state's words in the user's language, never the raw state name.
    expect(entered?.params).toEqual({ state: '待审核', action: '修改报告' });
    const superseded = refusal(() => assertRevisable('en_US', { status: 'superseded', version: 2 }, 2));
    expect(superseded?.params).toEqual({ state: 'Superseded', action: 'revise' });
    expect(refusal(() => assertRevisable('en_US', { status: 'released', version: 2 }, 2))).toBeNull();
  });

  it('counts every state and what waits for review and release', () => {
    const counts = monitorOf(
      [
        { status: 'entered', n: 2 },
        { status: 'revision_pending', n: 1 },
        { status: 'reviewed', n: 4 },
      ],
      5,
    );
    expect(counts).toMatchObject({ abnormal: 5, awaitingReview: 3, awaitingRelease: 4 });
    expect(counts.byStatus.released).toBe(0);
  });
});
