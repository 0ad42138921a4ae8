import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { statusChange } from '../../lib/versioned.js';
import { assertStorageCondition, stockOutReasons, temperatureValues } from './service.js';

describe('reference data rules', () => {
  it('accepts only an enabled storage condition as a sample type default', () => {
    const refused = { key: 'storageTemperatureInvalid', params: undefined };
    expect(refusal(() => assertStorageCondition(null, undefined))).toBeNull();
    expect(refusal(() => assertStorageCondition(3, { enabled: true, forStorage: true }))).toBeNull();
    expect(refusal(() => assertStorageCondition(3, undefined))).toEqual(refused);
    expect(refusal(() => assertStorageCondition(3, { enabled: false, forStorage: true }))).toEqual(refused);
    expect(refusal(() => assertStorageCondition(3, { enabled: true, forStorage: false }))).toEqual(refused);
  });

  it('derives the range label from the bounds', () => {
    expect(temperatureValues({ minCelsius: 2, maxCelsius: 8 }).range).toBe('2~8℃');
    expect(temperatureValues({ minCelsius: null, maxCelsius: -60 }).range).toBe('≤-60℃');
    expect(temperatureValues({ minCelsius: 15, maxCelsius: null }).range).toBe('≥15℃');
    expect(temperatureValues({ minCelsius: -20, maxCelsius: -20 }).range).toBe('-20℃');
  });

  it('treats a status that is already so as done, at the current version', () => {
    expect(statusChange({ enabled: true, version: 4 }, true, 3)).toEqual({ unchanged: true, version: 4 });
    expect(statusChange({ enabled: true, version: 4 }, false, 4)).toEqual({ unchanged: false, version: 4 });
  });

  it("takes a stock-out type's reasons once each, enabled ones only unless the type already had it", () => {
    const enabled = new Set(['1', '2', '4']);
    expect(stockOutReasons(['2', '1', '2'], enabled)).toEqual(['2', '1']);
    expect(refusal(() => stockOutReasons(['1', '3'], enabled))).toEqual({
      key: 'stockOutReasonInvalid',
      params: { value: '3' },
    });
    // Reason 3 was disabled after the type chose it: an edit may keep it, not add it elsewhere.
    expect(stockOutReasons(['1', '3'], enabled, ['3'])).toEqual(['1', '3']);
    expect(refusal(() => stockOutReasons(['9'], enabled, ['3']))).toEqual({
      key: 'stockOutReasonInvalid',
      params: { value: '9' },
    });
  });
});
