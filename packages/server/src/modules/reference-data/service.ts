import { ResultCode, temperatureRangeLabel } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** A sample type's default storage condition must be one a store may use today. */
export function assertStorageCondition(
  storageTemperatureId: number | null | undefined,
  condition: { enabled: boolean; forStorage: boolean } | undefined,
): void {
  if (storageTemperatureId == null) return;
  if (!condition?.enabled || !condition.forStorage) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageTemperatureInvalid' });
  }
}

/** The stored row of a condition: its range label derived from the bounds, the one way it is written. */
export function temperatureValues<T extends { minCelsius: number | null; maxCelsius: number | null }>(
  input: T,
) {
  return { ...input, range: temperatureRangeLabel(input.minCelsius, input.maxCelsius) };
}

/**
 * A stock-out type's reasons, once each in the order given: every one must be an enabled item of
 * dictionary 1017, except one the type already had (a reason disabled since may stay, not be added).
 */
export function stockOutReasons(
  chosen: readonly string[],
  enabled: ReadonlySet<string>,
  kept: readonly string[] = [],
): string[] {
  const reasons = [...new Set(chosen)];
  const invalid = reasons.find((value) => !enabled.has(value) && !kept.includes(value));
  if (invalid !== undefined) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'stockOutReasonInvalid', params: { value: invalid } });
  }
  return reasons;
}

/**
 * A sample type's default container: an enabled item of the container dictionary, or the one the
 * type already has (a container disabled since may stay, not be chosen anew); none is allowed.
 */
export function assertContainer(
  container: string | null | undefined,
  enabled: ReadonlySet<string>,
  kept?: string | null,
): void {
  if (container == null || container === kept || enabled.has(container)) return;
  throw new ApiError(ResultCode.BAD_REQUEST, { key: 'containerInvalid', params: { value: container } });
}
