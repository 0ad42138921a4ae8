// Working days in mainland China: Monday to Friday, less the public holidays, plus the make-up
// working days (调休) of the State Council's calendar (holidays-cn.ts). Turnaround times against a
// test item's target are counted with it (report-manage project-overview, testitem-overview).
import { CHINA_HOLIDAYS } from './holidays-cn.js';

const HOLIDAYS = new Set(CHINA_HOLIDAYS.flatMap((y) => y.holidays));
const WORKDAYS = new Set(CHINA_HOLIDAYS.flatMap((y) => y.workdays));
const YEARS = new Set(CHINA_HOLIDAYS.map((y) => y.year));
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** Whether the calendar holds the year's holidays (a year without them counts Monday to Friday). */
export const calendarCovers = (year: number) => YEARS.has(year);

/** Whether a day (`YYYY-MM-DD`) is a working day. */
export function isWorkingDay(day: string): boolean {
  if (WORKDAYS.has(day)) return true;
  if (HOLIDAYS.has(day)) return false;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The working days after `from` up to and including `to` (days `YYYY-MM-DD`): received on a Friday
 * and reported the next Monday is 1; the same day is 0; `to` before `from` is 0.
 */
export function workingDaysBetween(from: string, to: string): number {
  if (!DAY.test(from) || !DAY.test(to)) throw new RangeError(`not a day: ${from} ${to}`);
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  let days = 0;
  for (let t = start + MS_PER_DAY; t <= end; t += MS_PER_DAY)
    if (isWorkingDay(new Date(t).toISOString().slice(0, 10))) days += 1;
  return days;
}
