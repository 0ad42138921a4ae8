/** Specimen log rules that need no database. */

/** How many events an export holds at most. */
export const EXPORT_MAX = 10_000;

/** The rows a page asks for, pages numbered from 1. */
export const pageWindow = ({ page, size }: { page: number; size: number }) => ({
  limit: size,
  offset: (page - 1) * size,
});

/** The export's file name: the barcode (file-name-safe characters only) and the day. */
export const exportName = (barcode: string, day: string) =>
  `specimen-log-${barcode.replace(/[^A-Za-z0-9_-]/g, '')}-${day}.xlsx`;
