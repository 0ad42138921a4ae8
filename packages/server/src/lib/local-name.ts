import { isEnglishLocale, type Lang } from '@trialab/api-contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The contract's `localName` rule (api-contract `local-name.ts`) as a column of a query, for lists
 * that join a record's name (a sample type, a temperature, a test item, a role): English readers
 * get the English name, falling back to the Chinese one when none is stored; everyone else the
 * Chinese name. These records store no traditional name, so zh-HK reads the Chinese name as the
 * rule says.
 */
export function localNameColumn(
  table: { name: AnyColumn | SQL; enName: AnyColumn | SQL },
  lang: Lang,
): SQL<string> {
  return isEnglishLocale(lang)
    ? sql<string>`coalesce(nullif(trim(${table.enName}), ''), ${table.name})`
    : sql<string>`${table.name}`;
}
