import type { Lang } from '@trialab/api-contract';

// Times in exported files (xlsx, PDF, zip) are written as wall-clock text in one IANA zone: the
// caller's (`tz` header, sent by the console) or the configured lab zone. Every export formats
// through this module so no UTC text leaks into a file a user reads as local time. Calendar days the
// user names (date filters) and the dates in record numbers are counted in the same zone, through
// `dayRange` and `dateStamp` here, never as UTC days.

const ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;
const canonical = new Map<string, string | null>();

/** The canonical spelling of an IANA zone (`asia/shanghai` -> `Asia/Shanghai`), or null. */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || !ZONE_PATTERN.test(value)) return null;
  let known = canonical.get(value);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      known = null;
    }
    // Bounded: a caller can send many invalid names, the cache must not grow with them.
    if (canonical.size < 1000) canonical.set(value, known);
  }
  return known;
}

/** The zone of a request: its `tz` header when that names a real zone, else the lab zone. */
export function requestTimeZone(header: unknown, labZone: string): string {
  return canonicalTimeZone(header) ?? labZone;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: Date, zone: string) {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** `zone`'s offset from UTC at `instant`, in milliseconds (whole seconds). */
function offsetMs(instant: Date, zone: string): number {
  const w = wallClock(instant, zone);
  return Date.parse(`${w.date}T${w.time}Z`) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Offset of `zone` from UTC at `instant`, as `+08:00` / `-04:00`. */
export function utcOffset(instant: Date, zone: string): string {
  const minutes = Math.round(offsetMs(instant, zone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The first instant of a calendar day (`YYYY-MM-DD`) in `zone`. */
export function dayStart(date: string, zone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // The offset at the guess, then at the instant it gives: right across a daylight-saving change.
  const guess = midnightUtc - offsetMs(new Date(midnightUtc), zone);
  return new Date(midnightUtc - offsetMs(new Date(guess), zone));
}

/** A date filter as instants: `from` inclusive, `until` exclusive; absent bounds stay open. */
export interface InstantRange {
  from?: Date | undefined;
  until?: Date | undefined;
}

/**
 * A date filter's whole days in the user's zone (`YYYY-MM-DD` to `YYYY-MM-DD`, both inclusive) as
 * the instants they cover: from the first day's start to the start of the day after the last. Every
 * date filter goes through here (lists, exports, the specimen log).
 */
export function dayRange(
  from: string | null | undefined,
  to: string | null | undefined,
  zone: string,
): InstantRange {
  const nextDay = (d: string) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    from: from ? dayStart(from, zone) : undefined,
    until: to ? dayStart(nextDay(to), zone) : undefined,
  };
}

/** `YYYYMMDD` of an instant in `zone`: the date in record and report numbers. */
export function dateStamp(instant: Date, zone: string): string {
  return wallClock(instant, zone).date.replaceAll('-', '');
}

const offsetMinutes = (offset: string) =>
  (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

type Instant = Date | string | null | undefined;

function toDate(instant: Instant): Date | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const date = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The formatter one export uses: every time it prints, in one zone, and the zone's label. */
export interface ZonedTime {
  readonly zone: string;
  /** `YYYY-MM-DD HH:mm:ss` wall clock; '' for no time. */
  dateTime(instant: Instant): string;
  /** `YYYY-MM-DD HH:mm` wall clock; '' for no time. */
  minutes(instant: Instant): string;
  /** `YYYY-MM-DD` in the zone (file names: the user's today, not UTC's). */
  date(instant: Instant): string;
  /** A Date whose UTC fields read the zone's wall clock: for formats without a zone (zip entry times). */
  wallClockAsUtc(instant: Date): Date;
  /** `Asia/Shanghai, UTC+08:00`; a zone with daylight saving shows both offsets of the year. */
  readonly label: string;
  /** A column or line title naming the zone: `申请时间（Asia/Shanghai，UTC+08:00）`. */
  title(text: string): string;
}

/** The formatter of a request (`ctx` carries `timeZone`, `lang` and `now`). */
export function zonedTime(options: { timeZone: string; lang: Lang; now: Date }): ZonedTime {
  const { timeZone: zone, lang, now } = options;
  const year = new Date(now).getUTCFullYear();
  const offsets = [
    ...new Set([
      utcOffset(new Date(Date.UTC(year, 0, 1)), zone),
      utcOffset(new Date(Date.UTC(year, 6, 1)), zone),
    ]),
  ].sort((a, b) => offsetMinutes(a) - offsetMinutes(b));
  const zh = lang !== 'en_US';
  const label = `${zone}${zh ? '，' : ', '}UTC${offsets.join('/')}`;
  const dateTime = (instant: Instant) => {
    const d = toDate(instant);
    if (!d) return '';
    const w = wallClock(d, zone);
    return `${w.date} ${w.time}`;
  };
  return {
    zone,
    label,
    dateTime,
    minutes: (instant) => dateTime(instant).slice(0, 16),
    date(instant) {
      const d = toDate(instant);
      return d ? wallClock(d, zone).date : '';
    },
    wallClockAsUtc(instant) {
      const w = wallClock(instant, zone);
      return new Date(`${w.date}T${w.time}Z`);
    },
    title(text) {
      return zh ? `${text}（${label}）` : `${text} (${label})`;
    },
  };
}
