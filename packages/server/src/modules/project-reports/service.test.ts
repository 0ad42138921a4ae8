import { MANUAL_REPORT_MAX_BYTES } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertDeletable, assertManualPdf, assertNotFuture, assertPending, isPdf } from './service.js';

const pdfHead = Buffer.from('%PDF-1.7\n');

describe('project report rules', () => {
  it('reviews and deletes only what awaits review, naming the state in the language asked', () => {
    expect(refusal(() => assertPending('zh_CN', 'pending'))).toBeNull();
    expect(refusal(() => assertPending('zh_CN', 'approved'))).toEqual({
      key: 'projectReportReviewed',
      params: { state: '已通过' },
    });
    expect(refusal(() => assertPending('en_US', 'returned'))?.params).toEqual({ state: 'Returned' });
    // A returned manual report may still be deleted; an approved one may not.
    expect(refusal(() => assertDeletable('en_US', 'returned'))).toBeNull();
    expect(refusal(() => assertDeletable('en_US', 'approved'))?.key).toBe('projectReportReviewed');
  });

  it('knows a PDF by its first bytes and limits its size', () => {
    expect(isPdf(pdfHead)).toBe(true);
    expect(isPdf(Buffer.from('%PD'))).toBe(false);
    expect(isPdf(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect(refusal(() => assertManualPdf({ name: 'a.pdf', size: 9 }, pdfHead))).toBeNull();
    expect(refusal(() => assertManualPdf({ name: 'a.txt', size: 9 }, Buffer.from('hello')))).toEqual({
      key: 'manualReportNotPdf',
      params: { name: 'a.txt' },
    });
    expect(
      refusal(() => assertManualPdf({ name: 'big.pdf', size: MANUAL_REPORT_MAX_BYTES + 1 }, pdfHead))?.key,
    ).toBe('manualReportTooLarge');
  });

  it('refuses a report date after the latest today on earth', () => {
    const now = new Date('2026-03-01T20:00:00Z');
    // 2 March has begun east of UTC+4: still today somewhere.
    expect(refusal(() => assertNotFuture('2026-03-02', now))).toBeNull();
    expect(refusal(() => assertNotFuture('2026-03-03', now))?.key).toBe('manualReportDateInFuture');
  });
});
