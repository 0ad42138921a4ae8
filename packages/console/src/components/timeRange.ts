import type { Dayjs } from 'dayjs';

export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/**
 * A range of days picked in the user's zone as the instants the log endpoints filter on: from the
 * first day's start to the last day's end (both ISO); an open end is left out.
 */
export function toTimeRange(days: DayRange): { startTime?: string; endTime?: string } {
  const [from, to] = days ?? [];
  return {
    ...(from ? { startTime: from.startOf('day').toISOString() } : {}),
    ...(to ? { endTime: to.endOf('day').toISOString() } : {}),
  };
}
