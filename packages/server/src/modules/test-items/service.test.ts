import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertSampleTypeKnown, settingsValues } from './service.js';

describe('test item rules', () => {
  it('refuses an unknown sample type and allows none', () => {
    const settings = { resultType: 'numeric' as const, decimals: 2, fileIds: [] };
    expect(refusal(() => assertSampleTypeKnown({ ...settings, sampleTypeId: 9 }, false))?.key).toBe(
      'sampleTypeMissing',
    );
    expect(refusal(() => assertSampleTypeKnown({ ...settings, sampleTypeId: null }, false))).toBeNull();
    expect(refusal(() => assertSampleTypeKnown({ ...settings, sampleTypeId: 9 }, true))).toBeNull();
  });

  it('stores absent fields as null and each file once', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const values = settingsValues(
      { resultType: 'text', decimals: 0, fileIds: [3, 3, 4], unit: 'g/L' },
      5,
      now,
    );
    expect(values).toEqual({
      sampleTypeId: null,
      methodology: null,
      unit: 'g/L',
      referenceRange: null,
      resultType: 'text',
      decimals: 0,
      tatHours: null,
      remark: null,
      fileIds: [3, 4],
      updatedBy: 5,
      updatedAt: now,
    });
  });
});
