import { type FormField, type FormFieldType, formField } from '@trialab/api-contract';

/** A field while it is designed: the contract's shape, any property possibly unset or half typed. */
export type FieldDraft = { type: FormFieldType; key: string } & Record<string, unknown>;

/** Empty inputs (null from a cleared number box, blank text) are unset properties. */
function clean(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, clean(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

/** The field as the contract reads it, or null while it is incomplete (a label missing, say). */
export function parsedField(draft: FieldDraft, sort: number): FormField | null {
  const parsed = formField.safeParse({ ...(clean(draft) as object), sort });
  return parsed.success ? parsed.data : null;
}

/** A new field of a type: a free key (`field1`, `field2`…) and the type's name as its label. */
export function newField(
  type: FormFieldType,
  keys: readonly string[],
  label: (lang: string) => string,
): FieldDraft {
  let n = keys.length + 1;
  while (keys.includes(`field${n}`)) n++;
  const labels = { 'zh-CN': label('zh-CN'), 'en-US': label('en-US'), 'zh-HK': label('zh-HK') };
  const choice = type === 'select' || type === 'multiSelect';
  return {
    type,
    key: `field${n}`,
    label: labels,
    required: false,
    ...(choice ? { options: [{ value: '1', label: labels }] } : {}),
  };
}

/** Moves the item at `index` one place up (-1) or down (+1). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}
