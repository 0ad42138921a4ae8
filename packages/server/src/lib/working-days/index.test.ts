import { describe, expect, it } from 'vitest';
import { CHINA_HOLIDAYS } from './holidays-cn.js';
import { calendarCovers, isWorkingDay, workingDaysBetween } from './index.js';

describe('workingDaysBetween (the Chinese holiday calendar)', () => {
  it('counts an ordinary week Monday to Friday', () => {
    // 2026-03-06 is a Friday: the next Monday is one working day later, the next Friday five.
    expect(workingDaysBetween('2026-03-06', '2026-03-09')).toBe(1);
    expect(workingDaysBetween('2026-03-06', '2026-03-13')).toBe(5);
    expect(workingDaysBetween('2026-03-09', '2026-03-09')).toBe(0);
    expect(workingDaysBetween('2026-03-09', '2026-03-02')).toBe(0);
  });

  it('skips the 2026 Spring Festival break and counts its make-up Saturdays', () => {
    // Off 2026-02-15 (Sun) to 02-23 (Mon); Saturdays 02-14 and 02-28 are worked.
    expect(isWorkingDay('2026-02-14')).toBe(true);
    expect(isWorkingDay('2026-02-16')).toBe(false);
    expect(isWorkingDay('2026-02-23')).toBe(false);
    expect(isWorkingDay('2026-02-28')).toBe(true);
    // Received Fri 02-13: Sat 02-14 worked (1), the break, then 02-24 to 02-27 (4), Sat 02-28 (5).
    expect(workingDaysBetween('2026-02-13', '2026-02-14')).toBe(1);
    expect(workingDaysBetween('2026-02-13', '2026-02-23')).toBe(1);
    expect(workingDaysBetween('2026-02-13', '2026-02-28')).toBe(6);
    expect(workingDaysBetween('2026-02-13', '2026-03-02')).toBe(7);
  });

  it('skips the 2026 National Day week and counts Sunday 09-20 and Saturday 10-10', () => {
    expect(isWorkingDay('2026-09-20')).toBe(true);
    expect(isWorkingDay('2026-10-10')).toBe(true);
    // Fri 09-18 → Mon 09-21: Sun 09-20 is worked, so 2.
    expect(workingDaysBetween('2026-09-18', '2026-09-21')).toBe(2);
    // Wed 09-30 → Fri 10-09: 10-01 to 10-07 off, 10-08 and 10-09 worked.
    expect(workingDaysBetween('2026-09-30', '2026-10-09')).toBe(2);
    // ... and the make-up Saturday 10-10 is the third.
    expect(workingDaysBetween('2026-09-30', '2026-10-12')).toBe(4);
  });

  it('counts Monday to Friday in a year the calendar does not hold', () => {
    expect(calendarCovers(2026)).toBe(true);
    expect(calendarCovers(2031)).toBe(false);
    expect(workingDaysBetween('2031-01-03', '2031-01-10')).toBe(5);
  });

  it('refuses what is not a day', () => {
    expect(() => workingDaysBetween('2026-2-1', '2026-02-03')).toThrow(RangeError);
  });

  it('declares each year as the notice gives it: holidays and make-up days within the year, weekend make-up days', () => {
    for (const y of CHINA_HOLIDAYS) {
      expect(y.source).toContain(String(y.year));
      for (const day of [...y.holidays, ...y.workdays]) expect(day.startsWith(`${y.year}-`)).toBe(true);
      for (const day of y.workdays) expect([0, 6]).toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
      expect(y.holidays.filter((d) => y.workdays.includes(d))).toEqual([]);
    }
  });
});
