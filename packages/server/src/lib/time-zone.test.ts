import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import {
  canonicalTimeZone,
  dateStamp,
  dayRange,
  requestTimeZone,
  utcOffset,
  zonedTime,
} from './time-zone.js';

// 2026-01-15 02:30:05 UTC (winter) and 2026-07-15 02:30:05 UTC (summer).
const WINTER = new Date('2026-01-15T02:30:05.250Z');
const SUMMER = new Date('2026-07-15T02:30:05Z');

describe('canonicalTimeZone / requestTimeZone', () => {
  it('accepts IANA names in their canonical spelling', () => {
    expect(canonicalTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone('asia/shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });
  it('refuses what is not a zone', () => {
    for (const bad of [
      'Mars/Olympus',
      '',
      ' Asia/Shanghai',
      '+08:00',
      'Asia/Shanghai\r\nx',
      'a'.repeat(80),
      42,
      undefined,
    ]) {
      expect(canonicalTimeZone(bad)).toBeNull();
    }
  });
  it('falls back to the lab zone', () => {
    expect(requestTimeZone('America/New_York', 'Asia/Shanghai')).toBe('America/New_York');
    expect(requestTimeZone('Mars/Olympus', 'Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(requestTimeZone(undefined, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(requestTimeZone(['Asia/Tokyo', 'UTC'], 'Asia/Shanghai')).toBe('Asia/Shanghai');
  });
});

describe('zonedTime', () => {
  it('writes the wall clock of the zone, never UTC', () => {
    const sh = zonedTime({ timeZone: 'Asia/Shanghai', lang: 'zh_CN', now: WINTER });
    expect(sh.dateTime(WINTER)).toBe('2026-01-15 10:30:05');
    expect(sh.dateTime('2026-01-15T02:30:05.000Z')).toBe('2026-01-15 10:30:05');
    expect(sh.minutes(WINTER)).toBe('2026-01-15 10:30');
    expect(sh.date(new Date('2026-01-15T17:00:00Z'))).toBe('2026-01-16');
    const ny = zonedTime({ timeZone: 'America/New_York', lang: 'en_US', now: WINTER });
    expect(ny.dateTime(WINTER)).toBe('2026-01-14 21:30:05');
    expect(ny.dateTime(SUMMER)).toBe('2026-07-14 22:30:05');
  });
  it('gives no text for no time', () => {
    const sh = zonedTime({ timeZone: 'Asia/Shanghai', lang: 'zh_CN', now: WINTER });
    expect(sh.dateTime(null)).toBe('');
    expect(sh.dateTime(undefined)).toBe('');
    expect(sh.dateTime('not a time')).toBe('');
    expect(sh.minutes(null)).toBe('');
  });
  it('labels the zone with its offsets of the year, in the caller language', () => {
    const sh = zonedTime({ timeZone: 'Asia/Shanghai', lang: 'zh_CN', now: WINTER });
    expect(sh.label).toBe('Asia/Shanghai，UTC+08:00');
    expect(sh.title('时间')).toBe('时间（Asia/Shanghai，UTC+08:00）');
    const ny = zonedTime({ timeZone: 'America/New_York', lang: 'en_US', now: WINTER });
    expect(ny.title('Time')).toBe('Time (America/New_York, UTC-05:00/-04:00)');
    const kolkata = zonedTime({ timeZone: 'Asia/Kolkata', lang: 'en_US', now: WINTER });
    expect(kolkata.label).toBe('Asia/Kolkata, UTC+05:30');
  });
  it('gives zone-less formats the wall clock as UTC fields (zip entry times)', () => {
    const sh = zonedTime({ timeZone: 'Asia/Shanghai', lang: 'zh_CN', now: WINTER });
    expect(sh.wallClockAsUtc(WINTER).toISOString()).toBe('2026-01-15T10:30:05.000Z');
  });
  it('computes offsets across daylight saving', () => {
    expect(utcOffset(WINTER, 'America/New_York')).toBe('-05:00');
    expect(utcOffset(SUMMER, 'America/New_York')).toBe('-04:00');
    expect(utcOffset(SUMMER, 'UTC')).toBe('+00:00');
  });
});

describe('LAB_TIME_ZONE', () => {
  it('defaults to Asia/Shanghai and takes any IANA zone, canonically spelt', () => {
    expect(loadConfig({}).labTimeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ LAB_TIME_ZONE: 'europe/berlin' }).labTimeZone).toBe('Europe/Berlin');
  });
  it('refuses to start with a zone that does not exist', () => {
    expect(() => loadConfig({ LAB_TIME_ZONE: 'Asia/Atlantis' })).toThrow(ConfigError);
    expect(() => loadConfig({ LAB_TIME_ZONE: 'Asia/Atlantis' })).toThrow(/LAB_TIME_ZONE/);
  });
});

describe('dayRange / dateStamp', () => {
  it('counts a filter’s days in the user’s zone, the last one inclusive', () => {
    expect(dayRange('2026-11-28', '2026-11-28', 'Asia/Shanghai')).toEqual({
      from: new Date('2026-11-27T16:00:00Z'),
      until: new Date('2026-11-28T16:00:00Z'),
    });
    expect(dayRange('2026-11-28', null, 'UTC')).toEqual({ from: new Date('2026-11-28T00:00:00Z') });
    expect(dayRange(undefined, '2026-12-31', 'America/New_York')).toEqual({
      until: new Date('2027-01-01T05:00:00Z'),
    });
    expect(dayRange('', '', 'Asia/Shanghai')).toEqual({});
  });
  it('follows daylight saving: a day of 23 hours in spring', () => {
    const { from, until } = dayRange('2026-03-08', '2026-03-08', 'America/New_York');
    expect(from).toEqual(new Date('2026-03-08T05:00:00Z'));
    expect(until).toEqual(new Date('2026-03-09T04:00:00Z'));
  });
  it('dates numbers in the zone', () => {
    const early = new Date('2026-11-27T17:00:00Z'); // 01:00 on the 28th in Shanghai
    expect(dateStamp(early, 'Asia/Shanghai')).toBe('20261128');
    expect(dateStamp(early, 'UTC')).toBe('20261127');
  });
});
