// The one declaration of a form template's fields (/platform/plan-temp-form): the server validates the
// fields it stores and the values a project submits with it, the console renders and checks the same
// fields with it (components/DynamicForm), so a rule cannot differ between the two.
import safeRegex from 'safe-regex2';
import { z } from 'zod';
import type { Lang, MessageTexts } from './codes.js';

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'multiSelect',
  'checkbox',
  'file',
  'user',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The console's languages; every label is given in each. */
export const FORM_LANGS = ['zh-CN', 'en-US', 'zh-HK'] as const;
export type FormLang = (typeof FORM_LANGS)[number];

/** The console's language code of a server language (`zh_HK` is `zh-HK`). */
export const FORM_LANG_OF: Readonly<Record<Lang, FormLang>> = {
  zh_CN: 'zh-CN',
  en_US: 'en-US',
  zh_HK: 'zh-HK',
};

/**
 * A key's word in a per-language table, in `lang` given as the console's `zh-CN` or the server's
 * `zh_CN`; the zh-CN word when that language is missing, undefined for an unknown key.
 */
export function wordIn(
  table: Readonly<Record<string, Readonly<Record<FormLang, string>>>>,
  key: string,
  lang: string,
): string | undefined {
  if (!Object.hasOwn(table, key)) return undefined;
  const words = table[key] as Readonly<Record<FormLang, string>>;
  const wanted = lang.replace('_', '-');
  return Object.hasOwn(words, wanted) ? words[wanted as FormLang] : words['zh-CN'];
}

export const FORM_FIELD_KEY = /^[a-z][a-zA-Z0-9]*$/;
/** Bounds of what a form may declare (a form is filled on one screen). */
export const FORM_LIMITS = {
  fields: 100,
  options: 200,
  textMax: 2000,
  textareaMax: 5000,
  files: 10,
} as const;

const label = (max: number) =>
  z.object({
    'zh-CN': z.string().trim().min(1).max(max),
    'en-US': z.string().trim().min(1).max(max),
    'zh-HK': z.string().trim().min(1).max(max),
  });
const optionalLabel = (max: number) =>
  z.object({
    'zh-CN': z.string().trim().max(max).optional(),
    'en-US': z.string().trim().max(max).optional(),
    'zh-HK': z.string().trim().max(max).optional(),
  });
export type FormLabel = z.infer<ReturnType<typeof label>>;

/**
 * A pattern the server may run on submitted values: it compiles, and it has no nested repetition
 * (`(a+)+`) that backtracks exponentially, which would let one long value stall the server.
 */
function safePattern(source: string): boolean {
  try {
    new RegExp(source);
  } catch {
    return false;
  }
  return safeRegex(source);
}

const common = {
  key: z.string().trim().max(32).regex(FORM_FIELD_KEY, 'validation.formFieldKey'),
  label: label(64),
  required: z.boolean().default(false),
  help: optionalLabel(200).optional(),
  sort: z.number().int().min(0).max(9999).default(0),
};

const patternRule = z.object({
  regex: z.string().min(1).max(200).refine(safePattern, 'validation.formPattern'),
  /** Shown when a value does not match: the pattern itself means nothing to the person filling in. */
  message: label(100),
});

const option = z.object({ value: z.string().trim().min(1).max(64), label: label(64) });

const textField = z.object({
  ...common,
  type: z.literal('text'),
  maxLength: z.number().int().min(1).max(FORM_LIMITS.textMax).optional(),
  pattern: patternRule.optional(),
});
const textareaField = z.object({
  ...common,
  type: z.literal('textarea'),
  maxLength: z.number().int().min(1).max(FORM_LIMITS.textareaMax).optional(),
});
const bound = z.number().min(-1e12).max(1e12);
const numberField = z
  .object({
    ...common,
    type: z.literal('number'),
    min: bound.optional(),
    max: bound.optional(),
    /** Decimal places allowed (0: whole numbers). */
    precision: z.number().int().min(0).max(6).default(0),
  })
  .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, {
    message: 'validation.formNumberRange',
    path: ['max'],
  });
/** Options listed in the field, or those of a dictionary (its enabled items, as DictSelect offers). */
const choiceRules = <
  T extends { options?: Array<{ value: string }> | undefined; dictNo?: number | undefined },
>(
  f: T,
  ctx: z.RefinementCtx,
) => {
  if ((f.options === undefined || f.options.length === 0) === (f.dictNo === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'validation.formOptionsSource', path: ['options'] });
  }
  const seen = new Set<string>();
  f.options?.forEach((o, i) => {
    if (seen.has(o.value))
      ctx.addIssue({
        code: 'custom',
        message: 'validation.formOptionDuplicate',
        path: ['options', i, 'value'],
      });
    seen.add(o.value);
  });
};
const choice = {
  options: z.array(option).max(FORM_LIMITS.options).optional(),
  dictNo: z.number().int().min(1000).max(9999).optional(),
};
const selectField = z.object({ ...common, type: z.literal('select'), ...choice }).superRefine(choiceRules);
const multiSelectField = z
  .object({ ...common, type: z.literal('multiSelect'), ...choice })
  .superRefine(choiceRules);
const dateField = z.object({ ...common, type: z.literal('date') });
/** One tick box; required means it must be ticked (a confirmation). */
const checkboxField = z.object({ ...common, type: z.literal('checkbox') });
const fileField = z.object({
  ...common,
  type: z.literal('file'),
  maxFiles: z.number().int().min(1).max(FORM_LIMITS.files).default(1),
});
/** A user of the lab (an id), e.g. who attended or signed. */
const userField = z.object({ ...common, type: z.literal('user') });

export const formField = z.discriminatedUnion('type', [
  textField,
  textareaField,
  numberField,
  dateField,
  selectField,
  multiSelectField,
  checkboxField,
  fileField,
  userField,
]);
export type FormField = z.infer<typeof formField>;
/** A field as typed in (defaults not yet applied). */
export type FormFieldInput = z.input<typeof formField>;

/** A form's fields, keys unique; stored as they are given (the order is `sort`, then position). */
export const formFields = z
  .array(formField)
  .max(FORM_LIMITS.fields)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.key))
        ctx.addIssue({ code: 'custom', message: 'validation.formFieldKeyDuplicate', path: [i, 'key'] });
      seen.add(f.key);
    });
  });

/** Fields in the order they are shown: by sort, equal sorts keep their position. */
export function orderedFields<T extends { sort: number }>(fields: readonly T[]): T[] {
  return fields
    .map((f, i) => [f, i] as const)
    .sort((a, b) => a[0].sort - b[0].sort || a[1] - b[1])
    .map(([f]) => f);
}

// ---- values ----

/** What one field's value may be in a submission: a string, number, boolean, or a list of them. */
export type FormValue = string | number | boolean | Array<string | number> | null | undefined;

export const FORM_VALUE_ERRORS = [
  'required',
  'type',
  'maxLength',
  'pattern',
  'min',
  'max',
  'precision',
  'date',
  'option',
  'maxFiles',
  'unknown',
] as const;
export type FormValueErrorCode = (typeof FORM_VALUE_ERRORS)[number];
export interface FormValueError {
  key: string;
  code: FormValueErrorCode;
  /** The limit broken (maxLength, min, max, precision, maxFiles). */
  n?: number;
}

export interface FormValueOptions {
  /** Enabled values of the dictionaries the fields name; without it dictionary values are not checked. */
  dictValues?: (dictNo: number) => readonly string[] | undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function decimals(n: number): number {
  if (Number.isInteger(n)) return 0;
  const s = String(n);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]) + (s.split('e')[0]?.split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

function allowed(field: FormField & { type: 'select' | 'multiSelect' }, options: FormValueOptions) {
  if (field.options && field.options.length > 0) return field.options.map((o) => o.value);
  return field.dictNo === undefined ? undefined : options.dictValues?.(field.dictNo);
}

/** The first rule one value breaks, or null. Empty values break only `required`. */
export function fieldValueError(
  field: FormField,
  value: unknown,
  options: FormValueOptions = {},
): FormValueError | null {
  const error = (code: FormValueErrorCode, n?: number): FormValueError =>
    n === undefined ? { key: field.key, code } : { key: field.key, code, n };
  if (field.type === 'checkbox') {
    if (value !== undefined && value !== null && typeof value !== 'boolean') return error('type');
    return field.required && value !== true ? error('required') : null;
  }
  if (isEmpty(value)) return field.required ? error('required') : null;
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return error('type');
      const text = value.trim();
      if (field.maxLength !== undefined && [...text].length > field.maxLength)
        return error('maxLength', field.maxLength);
      if (field.type === 'text' && field.pattern && !new RegExp(field.pattern.regex).test(text))
        return error('pattern');
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return error('type');
      if (field.min !== undefined && value < field.min) return error('min', field.min);
      if (field.max !== undefined && value > field.max) return error('max', field.max);
      if (decimals(value) > field.precision) return error('precision', field.precision);
      return null;
    }
    case 'date':
      return typeof value === 'string' && isDate(value) ? null : error('date');
    case 'select': {
      if (typeof value !== 'string') return error('type');
      const values = allowed(field, options);
      return values && !values.includes(value) ? error('option') : null;
    }
    case 'multiSelect': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return error('type');
      if (new Set(value).size !== value.length) return error('option');
      const values = allowed(field, options);
      return values && !value.every((v) => values.includes(v as string)) ? error('option') : null;
    }
    case 'file': {
      // Ids of uploaded files; whether the caller may attach them is the submitting endpoint's check.
      if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v) && (v as number) > 0))
        return error('type');
      return value.length > field.maxFiles ? error('maxFiles', field.maxFiles) : null;
    }
    case 'user':
      return Number.isInteger(value) && (value as number) > 0 ? null : error('type');
  }
}

/**
 * Every field's first broken rule, in field order, plus `unknown` for a value no field declares.
 * Empty means the values fit the form.
 */
export function validateFormValues(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
  options: FormValueOptions = {},
): FormValueError[] {
  const errors: FormValueError[] = [];
  for (const field of orderedFields(fields)) {
    const error = fieldValueError(field, values[field.key], options);
    if (error) errors.push(error);
  }
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(values)) if (!known.has(key)) errors.push({ key, code: 'unknown' });
  return errors;
}

/** Messages of the keys used in the field schema (VALIDATION_MESSAGES). */
export const FORM_FIELD_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.formFieldKey': {
    zh_CN: '字段键须以小写字母开头，仅含字母和数字',
    en_US: 'A field key starts with a lower-case letter and has only letters and digits',
    zh_HK: '字段鍵須以小寫字母開頭，僅含字母和數字',
  },
  'validation.formFieldKeyDuplicate': {
    zh_CN: '字段键在表单中重复',
    en_US: 'The field key is used twice in the form',
    zh_HK: '字段鍵在表單中重複',
  },
  'validation.formPattern': {
    zh_CN: '校验正则表达式无效，或其嵌套重复会使校验过慢',
    en_US:
      'The validation pattern is not a valid expression, or its nested repetition would make checking too slow',
    zh_HK: '校驗正則表達式無效，或其嵌套重複會令校驗過慢',
  },
  'validation.formNumberRange': {
    zh_CN: '最大值不能小于最小值',
    en_US: 'The maximum cannot be below the minimum',
    zh_HK: '最大值不能小於最小值',
  },
  'validation.formOptionsSource': {
    zh_CN: '请列出选项或选择字典（二选一）',
    en_US: 'List the options or choose a dictionary (one of them)',
    zh_HK: '請列出選項或選擇字典（二選一）',
  },
  'validation.formOptionDuplicate': {
    zh_CN: '选项值重复',
    en_US: 'An option value is used twice',
    zh_HK: '選項值重複',
  },
};
