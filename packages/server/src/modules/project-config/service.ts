import { ResultCode, VOID_REASON_OTHER } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** Barcodes found voided in their project refuse the whole request, naming them. */
export function assertNoneVoided(voided: string[]): void {
  if (voided.length > 0)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'barcodeVoided',
      params: { codes: voided.slice(0, 20).join(', ') },
    });
}

/** Voiding twice: the barcodes already voided are named, nothing is written. */
export function assertNotVoidedYet(already: string[]): void {
  if (already.length > 0)
    throw new ApiError(ResultCode.DUPLICATE, {
      key: 'barcodeAlreadyVoided',
      params: { codes: already.slice(0, 20).join(', ') },
    });
}

/** A pasted list: one code a line (or separated by commas, spaces), each once. */
export function distinctCodes(codes: string[]): string[] {
  return [...new Set(codes.flatMap((c) => c.split(/[\s,，;；]+/)).filter((c) => c.length > 0))];
}

export type RangeInput = {
  sex?: 'M' | 'F' | null | undefined;
  ageMin?: number | null | undefined;
  ageMax?: number | null | undefined;
  low?: number | null | undefined;
  high?: number | null | undefined;
  text?: string | null | undefined;
};

/** A range says something (low, high or a text answer, not both kinds) and its bounds are ordered. */
export function assertRangeValid(r: RangeInput): void {
  const numeric = r.low != null || r.high != null;
  const text = r.text != null && r.text !== '';
  const bad =
    numeric === text ||
    (r.low != null && r.high != null && r.low > r.high) ||
    (r.ageMin != null && r.ageMax != null && r.ageMin > r.ageMax);
  if (bad) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'projectRangeInvalid' });
}

type Band = { id: number; sex: string | null; ageMin: number | null; ageMax: number | null };

/** Two ranges of one item for the same sex and age band: the second is refused. */
export function assertBandFree(band: Omit<Band, 'id'> & { id?: number | undefined }, others: Band[]): void {
  const same = others.find(
    (o) => o.id !== band.id && o.sex === band.sex && o.ageMin === band.ageMin && o.ageMax === band.ageMax,
  );
  if (same) throw new ApiError(ResultCode.DUPLICATE, { key: 'projectRangeDuplicate' });
}

/** Sex of dictionary 1002: 1 male, 2 female, anything else unknown. */
export function sexOfGender(gender: string | null): 'M' | 'F' | null {
  if (gender === '1') return 'M';
  if (gender === '2') return 'F';
  return null;
}

/** Whole years from a `YYYY-MM-DD` birthday to `at`; null when unknown. */
export function ageAt(birthday: string | null, at: Date): number | null {
  const m = birthday ? /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const before = at.getUTCMonth() + 1 < mo || (at.getUTCMonth() + 1 === mo && at.getUTCDate() < d);
  return at.getUTCFullYear() - y - (before ? 1 : 0);
}

export type ProjectRange = Band & {
  testItemId: number;
  low: number | null;
  high: number | null;
  unit: string | null;
  text: string | null;
};

/** The printed form of a range, one that `resultFlag` reads: `a-b`, `<=b`, `>=a` or the text. */
export function rangeText(r: Pick<ProjectRange, 'low' | 'high' | 'text'>): string | null {
  if (r.text) return r.text;
  if (r.low !== null && r.high !== null) return `${r.low}-${r.high}`;
  if (r.high !== null) return `<=${r.high}`;
  if (r.low !== null) return `>=${r.low}`;
  return null;
}

/**
 * The project's range of an item for this subject: among the rows whose sex and age band fit (a
 * bound that is unknown for the subject fits only an open band), the most specific one wins (a sex
 * before none, then a narrower band). None: the item's own range applies.
 */
export function projectRangeFor(
  rows: ProjectRange[],
  testItemId: number,
  subject: { sex: 'M' | 'F' | null; age: number | null },
): ProjectRange | null {
  const fits = rows.filter(
    (r) =>
      r.testItemId === testItemId &&
      (r.sex === null || r.sex === subject.sex) &&
      (r.ageMin === null || (subject.age !== null && subject.age >= r.ageMin)) &&
      (r.ageMax === null || (subject.age !== null && subject.age <= r.ageMax)),
  );
  const width = (r: ProjectRange) => (r.ageMax ?? 200) - (r.ageMin ?? 0);
  fits.sort((a, b) => Number(b.sex !== null) - Number(a.sex !== null) || width(a) - width(b));
  return fits[0] ?? null;
}

/** Items as results are checked against them, with the project's unit and range where it has one. */
export function withProjectRanges<
  T extends { id: number; unit: string | null; referenceRange: string | null },
>(items: T[], rows: ProjectRange[], subject: { sex: 'M' | 'F' | null; age: number | null }): T[] {
  return items.map((item) => {
    const own = projectRangeFor(rows, item.id, subject);
    if (!own) return item;
    return { ...item, unit: own.unit ?? item.unit, referenceRange: rangeText(own) ?? item.referenceRange };
  });
}

/** A void names an enabled reason of dictionary 1025; the reason `other` needs the voider's words. */
export function assertVoidReason(enabled: ReadonlySet<string>, code: string, words: string): void {
  if (!enabled.has(code))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'voidReasonUnknown', params: { value: code } });
  if (code === VOID_REASON_OTHER && words.trim() === '') {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'voidReasonWordsRequired' });
  }
}
