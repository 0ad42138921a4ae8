import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertAllFound, shipmentSamples } from './service.js';

describe('sample shipment rules', () => {
  it('ships samples of one temperature and names the distinct sample types', () => {
    const samples = [
      { sampleTypeId: 3, temperatureId: 1 },
      { sampleTypeId: 3, temperatureId: 1 },
      { sampleTypeId: 4, temperatureId: 1 },
    ];
    expect(shipmentSamples(samples)).toEqual({ temperatureId: 1, sampleTypeIds: [3, 4] });
  });

  it('refuses mixed temperatures and an empty booking', () => {
    const mixed = [
      { sampleTypeId: 3, temperatureId: 1 },
      { sampleTypeId: 3, temperatureId: 2 },
    ];
    expect(refusal(() => shipmentSamples(mixed))?.key).toBe('mixedTemperature');
    expect(refusal(() => shipmentSamples([]))).toEqual({
      key: 'invalidReference',
      params: { field: 'samples' },
    });
  });

  it('prints receipts only when every shipment asked for exists', () => {
    expect(refusal(() => assertAllFound([{}, {}], [1, 2]))).toBeNull();
    expect(refusal(() => assertAllFound([{}], [1, 2]))?.key).toBe('notFound');
  });
});
