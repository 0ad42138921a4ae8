import { type LocalNames, localName, localText } from '@trialab/api-contract/signing';
import { currentLanguage } from '../locales';

/**
 * A record kept with names per language (sample type, temperature, test item, stock-out type,
 * container, dictionary item, menu) in the user's language, by the contract's one rule
 * (`localName`: English for en-US, the traditional name for zh-HK when stored, else the Chinese
 * name, each falling back to the other). Lists use `col.localName()`, selects `nameOptions()`.
 */
export function nameOf(record: LocalNames): string {
  return localName(record, currentLanguage());
}

/** A free-text field with an English text beside it (a consumable's size, unit…), by the same rule. */
export function textOf(text: string | null | undefined, enText: string | null | undefined): string | null {
  return localText(text, enText, currentLanguage());
}

/** Select options of such records (value: id), named in the user's language; `label` adds to the name. */
export function nameOptions<T extends LocalNames & { id: number }>(
  records: readonly T[],
  label: (record: T, name: string) => string = (_, name) => name,
): { value: number; label: string }[] {
  return records.map((r) => ({ value: r.id, label: label(r, nameOf(r)) }));
}
