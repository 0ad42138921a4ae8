import dayjs, { type Dayjs } from 'dayjs';

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD';

/**
 * SPEC section 5: one value v disables the days before today + (v - 1); two values [a, b]
 * disable the days outside today + (a - 1) .. today + b.
 */
export function disabledDateFor(range: readonly number[], today: Dayjs = dayjs()) {
  const start = today.startOf('day');
  const [first, second] = range;
  return (current: Dayjs | null | undefined): boolean => {
    if (!current || first === undefined) return false;
    const from = start.add(first - 1, 'day');
    if (current.isBefore(from, 'day')) return true;
    return second !== undefined && current.isAfter(start.add(second, 'day'), 'day');
  };
}

export interface TimeLimits {
  hours?: [number, number];
  minutes?: [number, number];
  seconds?: [number, number];
}

const outside = (limit: [number, number] | undefined, count: number) =>
  limit ? Array.from({ length: count }, (_, i) => i).filter((i) => i < limit[0] || i > limit[1]) : [];

/** The optional time range: hours, minutes and seconds outside their limits are disabled. */
export function disabledTimeFor(limits: TimeLimits) {
  return () => ({
    disabledHours: () => outside(limits.hours, 24),
    disabledMinutes: () => outside(limits.minutes, 60),
    disabledSeconds: () => outside(limits.seconds, 60),
  });
}
