// How tables and details show values: one placeholder for an empty value, one date-time formatter.
import dayjs from 'dayjs';

/** An empty value (null, undefined or '') shown as '-' in tables and details. */
export const dash = <T extends string | number>(v: T | null | undefined): T | '-' =>
  v === null || v === undefined || v === '' ? '-' : v;

const TIME_PATTERNS = {
  second: 'YYYY-MM-DD HH:mm:ss',
  minute: 'YYYY-MM-DD HH:mm',
  /** The express sign list's compact column. */
  short: 'MM-DD HH:mm',
} as const;

/**
 * A server time (ISO) in the user's zone (the browser's, the one also sent as `tz` for exports) to the
 * given precision; an empty value is the placeholder.
 */
export const formatTimeAs = (value: string | null | undefined, precision: keyof typeof TIME_PATTERNS) =>
  value ? dayjs(value).format(TIME_PATTERNS[precision]) : '-';

/** `formatTimeAs(value, 'second')`, one argument so it serves as a column's `render`. */
export const formatTime = (value: string | null | undefined) => formatTimeAs(value, 'second');

/**
 * A server-side text kept in its three languages (`zh_CN`, `en_US`, `zh_HK`: a signature's meaning)
 * in the console's language (`zh-CN`, `en-US`, `zh-HK`).
 */
export const inLanguage = (texts: Readonly<Record<'zh_CN' | 'en_US' | 'zh_HK', string>>, language: string) =>
  texts[language === 'en-US' ? 'en_US' : language === 'zh-HK' ? 'zh_HK' : 'zh_CN'];
