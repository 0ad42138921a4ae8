import { isEnglishLocale, type Lang, SAMPLE_UNIT_DICT } from '@trialab/api-contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { dictData } from '../db/schema.js';

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

/**
 * A sample line's free-text unit in the reader's language: where it names an item of the unit
 * dictionary (`SAMPLE_UNIT_DICT`, by its value `tube` or its Chinese label 管), English readers get
 * the item's English label (Tube) and the others its Chinese label; any other text as written.
 */
export function localUnitColumn(unit: AnyColumn, lang: Lang): SQL<string> {
  const word = isEnglishLocale(lang) ? sql`nullif(trim(${dictData.enLabel}), '')` : dictData.label;
  return sql<string>`coalesce((select ${word} from ${dictData} where ${dictData.dictNo} = ${SAMPLE_UNIT_DICT}
    and (${dictData.value} = ${unit} or ${dictData.label} = ${unit}) order by ${dictData.sort}, ${dictData.id} limit 1), ${unit})`;
}
