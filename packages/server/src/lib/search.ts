import { and, type Column, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { InstantRange } from './time-zone.js';

/** `%value%` with LIKE's own wildcards (`%`, `_`, `\`) escaped: a literal contains-search. */
export const containsPattern = (value: string): string => `%${value.replace(/[\\%_]/g, '\\$&')}%`;
/** `LIKE` text for a prefix: the user's % and _ are literal. */
export const prefixPattern = (value: string): string => `${value.replace(/[\\%_]/g, '\\$&')}%`;

/** Whether a search term has letters with case (Latin, Greek, Cyrillic...). */
const hasCase = (value: string): boolean => value.toLowerCase() !== value.toUpperCase();

/**
 * Case-insensitive contains-search on a text column. Terms without cased letters (Chinese names,
 * phone and job numbers) use plain LIKE: the same rows, without lower-casing every candidate row
 * (the user search serves about 45 % more requests that way, docs/performance.md). Both forms use
 * the trigram indexes.
 */
export function contains(column: Column | SQL, value: string): SQL {
  const pattern = containsPattern(value);
  return hasCase(value) ? ilike(column, pattern) : like(column, pattern);
}

/** A keyword searched in several columns (any may contain it); no condition for an empty keyword. */
export function containsAny(
  columns: ReadonlyArray<Column | SQL>,
  keyword: string | undefined,
): SQL | undefined {
  if (!keyword) return undefined;
  return or(...columns.map((column) => contains(column, keyword)));
}

/** A time column within a date filter's instants (lib/time-zone.ts `dayRange`); none for an open range. */
export function within(column: Column, range: InstantRange): SQL | undefined {
  return and(
    range.from ? gte(column, range.from) : undefined,
    range.until ? lt(column, range.until) : undefined,
  );
}
