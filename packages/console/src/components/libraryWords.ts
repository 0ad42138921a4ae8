import { libraryWord } from '@trialab/api-contract';
import { i18n } from '../locales';

type Words = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * A coded value of the specimen library (unit kind, status, box kind, level…) in the contract's
 * words (library-words.ts) in the console's language, as a label: first letter upper case. Call
 * it while rendering a component that re-renders on a language change (one using useTranslation).
 */
export function wordLabel(table: Words, value: string): string {
  const word = libraryWord(table, value, i18n.language);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A select's options for every value of a words table, in its declaration order. */
export function wordOptions(table: Words): Array<{ value: string; label: string }> {
  return Object.keys(table).map((value) => ({ value, label: wordLabel(table, value) }));
}
