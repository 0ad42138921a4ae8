/** SPEC section 5: only samples with the same transport temperature can go in one shipment. */
export function sameTemperature(
  samples: ReadonlyArray<{ temperatureId?: number | null } | undefined>,
): boolean {
  const chosen = samples.map((s) => s?.temperatureId).filter((id): id is number => typeof id === 'number');
  return new Set(chosen).size <= 1;
}
