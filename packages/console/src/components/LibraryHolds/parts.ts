import { HOLD_KINDS, type HoldKind, holdKindWord, type SpecimenHolds } from '@trialab/api-contract';

type Hold = SpecimenHolds['holds'][number];
/** How a flag's place reads: on a parent (its barcode), on the subject (its number). */
export interface HolderWords {
  parent(code: string): string;
  subject(no: string): string;
}

/** A flag as its tag reads: the kind in words, and where it sits when not on the specimen itself. */
export function holdLabel(hold: Hold, lang: string, words: HolderWords): string {
  const kind = holdKindWord(hold.kind, lang);
  if (hold.via === 'parent') return `${kind} · ${words.parent(hold.code ?? '')}`;
  if (hold.via === 'subject') return `${kind} · ${words.subject(hold.subjectNo ?? '')}`;
  return kind;
}

/** Specimen id → its flags, from the `libraryHolds.specimens` answer. */
export function holdsById(answer: readonly SpecimenHolds[] | undefined): Map<number, Hold[]> {
  return new Map((answer ?? []).map((s) => [s.specimenId, s.holds]));
}

/** The colour of a kind's tag (the text says the kind: never the colour alone). */
export const HOLD_COLOURS: Readonly<Record<HoldKind, string>> = { legal: 'red', consent: 'orange' };

export const holdKindOptions = (lang: string) =>
  HOLD_KINDS.map((value) => ({ value, label: holdKindWord(value, lang) }));
