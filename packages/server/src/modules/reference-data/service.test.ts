import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertStorageCondition, statusChange, temperatureValues } from './service.js';

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
});
