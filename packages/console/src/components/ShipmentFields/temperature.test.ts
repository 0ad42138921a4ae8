import { describe, expect, it } from 'vitest';
import { sameTemperature } from './temperature';

describe('sameTemperature', () => {
  it('accepts one temperature, ignores rows not filled in yet, refuses two', () => {
    expect(sameTemperature([])).toBe(true);
    expect(
      sameTemperature([{ temperatureId: 3 }, { temperatureId: 3 }, undefined, { temperatureId: null }]),
    ).toBe(true);
    expect(sameTemperature([{ temperatureId: 3 }, { temperatureId: 4 }])).toBe(false);
  });
});
