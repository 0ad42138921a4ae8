import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { disabledDateFor, disabledTimeFor } from './ranges';

const today = dayjs('2026-03-10T15:00:00');

describe('disabledDateFor', () => {
  it('one value: days before today + (v - 1) are disabled', () => {
    const check = disabledDateFor([1], today);
    expect(check(dayjs('2026-03-09'))).toBe(true);
    expect(check(dayjs('2026-03-10'))).toBe(false);
    const fromTomorrow = disabledDateFor([2], today);
    expect(fromTomorrow(dayjs('2026-03-10'))).toBe(true);
    expect(fromTomorrow(dayjs('2026-03-11'))).toBe(false);
  });
  it('two values: days outside today + (a - 1) .. today + b are disabled', () => {
    const check = disabledDateFor([1, 7], today);
    expect(check(dayjs('2026-03-09'))).toBe(true);
    expect(check(dayjs('2026-03-17'))).toBe(false);
    expect(check(dayjs('2026-03-18'))).toBe(true);
  });
  it('no range disables nothing', () => {
    expect(disabledDateFor([], today)(dayjs('1999-01-01'))).toBe(false);
  });
});

describe('disabledTimeFor', () => {
  it('disables hours, minutes and seconds outside the limits', () => {
    const time = disabledTimeFor({ hours: [8, 18], minutes: [0, 29] })();
    expect(time.disabledHours()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 19, 20, 21, 22, 23]);
    expect(time.disabledMinutes()).toHaveLength(30);
    expect(time.disabledSeconds()).toEqual([]);
  });
});
