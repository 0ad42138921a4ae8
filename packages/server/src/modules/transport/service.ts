import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** Sample shipment rules that need no database. */

/**
 * SPEC section 5: only samples with the same transport temperature go in one shipment. Answers
 * the shipment's temperature and the distinct sample types (whose existence the repository checks).
 */
export function shipmentSamples(samples: Array<{ sampleTypeId: number; temperatureId: number }>): {
  temperatureId: number;
  sampleTypeIds: number[];
} {
  const temps = new Set(samples.map((s) => s.temperatureId));
  if (temps.size > 1) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'mixedTemperature' });
  const [temperatureId] = [...temps];
  if (temperatureId === undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'samples' } });
  return { temperatureId, sampleTypeIds: [...new Set(samples.map((s) => s.sampleTypeId))] };
}

/** Every asked-for shipment must exist (ids are distinct). */
export function assertAllFound(found: unknown[], ids: number[]): void {
  if (found.length !== ids.length) throw new ApiError(ResultCode.NOT_FOUND, { key: 'notFound' });
}
