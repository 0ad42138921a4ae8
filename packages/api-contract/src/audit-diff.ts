// What an audit record changed, field by field: the operation log shows it and its export writes it.

/** One changed field; `before` is undefined for an added field, `after` for a removed one. */
export interface FieldChange {
  /** Top-level key of the record; '' when the values are not objects (a list, a number). */
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Key order does not matter: `{a, b}` equals `{b, a}`. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && same(a[k], b[k]));
  }
  return false;
}

/**
 * The fields that differ between an audit record's old and new value, in the order they first
 * appear (old value's keys, then keys only the new value has). A record with only a new value
 * (a creation, a request body) lists every field as added; one with only an old value, as removed.
 */
export function fieldChanges(oldValue: unknown, newValue: unknown): FieldChange[] {
  const before = oldValue ?? undefined;
  const after = newValue ?? undefined;
  if (before === undefined && after === undefined) return [];
  if ((before === undefined || isRecord(before)) && (after === undefined || isRecord(after))) {
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    return keys
      .filter((k) => !same(before?.[k], after?.[k]))
      .map((k) => ({ field: k, before: before?.[k], after: after?.[k] }));
  }
  return same(before, after) ? [] : [{ field: '', before, after }];
}

/** A value as one line of text: strings as they are, absent as '', anything else as JSON. */
export function changeText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
