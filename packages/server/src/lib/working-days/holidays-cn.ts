// The public holidays of mainland China and their make-up working days (调休), as the State Council's
// General Office publishes them each year (国务院办公厅关于 YYYY 年部分节假日安排的通知, gov.cn,
// usually in November for the next year). Days are `YYYY-MM-DD`. Read by `workingDaysBetween`.
//
// Adding a year (docs/reports.md "Working days"): copy the notice's dates into one more entry below,
// every day "放假" in `holidays` (weekend days inside the break included) and every "上班" weekend day
// in `workdays`, name the notice in `source`; the test in index.test.ts checks the shape of each year.
// A year with no entry counts Monday to Friday as working days (`calendarCovers` tells which years are in).

export interface HolidayYear {
  year: number;
  /** The notice the dates are copied from. */
  source: string;
  /** Days off: each day of each break, weekend days inside it included. */
  holidays: readonly string[];
  /** Make-up working days: the Saturdays and Sundays worked in exchange. */
  workdays: readonly string[];
}

/** Every day from `from` to `to` (inclusive), for writing a break as its first and last day. */
const span = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
};

export const CHINA_HOLIDAYS: readonly HolidayYear[] = [
  {
    year: 2025,
    source: '国务院办公厅关于2025年部分节假日安排的通知 (国办发明电〔2024〕12号, 2024-11-12)',
    holidays: [
      '2025-01-01',
      ...span('2025-01-28', '2025-02-04'),
      ...span('2025-04-04', '2025-04-06'),
      ...span('2025-05-01', '2025-05-05'),
      ...span('2025-05-31', '2025-06-02'),
      ...span('2025-10-01', '2025-10-08'),
    ],
    workdays: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
  },
  {
    year: 2026,
    source: '国务院办公厅关于2026年部分节假日安排的通知 (2025-11-04)',
    holidays: [
      ...span('2026-01-01', '2026-01-03'),
      ...span('2026-02-15', '2026-02-23'),
      ...span('2026-04-04', '2026-04-06'),
      ...span('2026-05-01', '2026-05-05'),
      ...span('2026-06-19', '2026-06-21'),
      ...span('2026-09-25', '2026-09-27'),
      ...span('2026-10-01', '2026-10-07'),
    ],
    workdays: ['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10'],
  },
];
