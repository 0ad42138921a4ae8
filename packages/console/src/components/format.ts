// How tables and details show values: one placeholder for an empty value, one date-time format.
import dayjs from 'dayjs';

/** An empty value (null, undefined or '') shown as '-' in tables and details. */
export const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '-' : v;

export const formatTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-';
