/** A size in bytes as B, KB, MB, GB or TB (1024 steps, one decimal above KB). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Seconds of uptime as whole days, hours and minutes. */
export function uptimeParts(seconds: number): { days: number; hours: number; minutes: number } {
  const minutesTotal = Math.floor(seconds / 60);
  return {
    days: Math.floor(minutesTotal / 1440),
    hours: Math.floor((minutesTotal % 1440) / 60),
    minutes: minutesTotal % 60,
  };
}
