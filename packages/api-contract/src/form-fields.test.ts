import { describe, expect, it } from 'vitest';
import {
  type FormField,
  type FormFieldInput,
  fieldValueError,
  formField,
  formFields,
  orderedFields,
  validateFormValues,
} from './form-fields.js';

const label = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh, 'zh-HK': zh });
// Distributed over the union, so each type keeps its own properties.
type Unlabelled<T> = T extends unknown ? Omit<T, 'label'> & { label?: FormFieldInput['label'] } : never;
const field = (input: Unlabelled<FormFieldInput>): FormField =>
  formField.parse({ label: label(input.key), ...input });
const messages = (input: unknown) =>
  (formFields.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('form field declarations', () => {
  it('accepts each type with its own properties and fills the defaults', () => {
    const fields = formFields.parse([
      {
        key: 'title',
        type: 'text',
        label: label('标题'),
        maxLength: 20,
        pattern: { regex: '^[A-Z]', message: label('大写开头') },
      },
      { key: 'notes', type: 'textarea', label: label('纪要') },
      { key: 'count', type: 'number', label: label('数量'), min: 0, max: 10, precision: 1 },
      { key: 'day', type: 'date', label: label('日期') },
      { key: 'kind', type: 'select', label: label('类型'), options: [{ value: 'a', label: label('甲') }] },
      { key: 'tags', type: 'multiSelect', label: label('标签'), dictNo: 1001 },
      { key: 'ok', type: 'checkbox', label: label('确认') },
      { key: 'scan', type: 'file', label: label('扫描件') },
      { key: 'owner', type: 'user', label: label('负责人') },
    ]);
    expect(fields.map((f) => f.type)).toEqual([
      'text',
      'textarea',
      'number',
      'date',
      'select',
      'multiSelect',
      'checkbox',
      'file',
      'user',
    ]);
    expect(fields[0]).toMatchObject({ required: false, sort: 0 });
    expect(fields[7]).toMatchObject({ maxFiles: 1 });
    expect(fields[2]).toMatchObject({ precision: 1 });
  });

  it('refuses bad keys, a key used twice, a bad pattern, min above max and a choice without one source', () => {
    expect(messages([{ key: 'Title', type: 'text', label: label('x') }])).toEqual([
      ['0.key', 'validation.formFieldKey'],
    ]);
    expect(messages([{ key: '1a', type: 'date', label: label('x') }])).toEqual([
      ['0.key', 'validation.formFieldKey'],
    ]);
    expect(
      messages([
        { key: 'a', type: 'date', label: label('x') },
        { key: 'a', type: 'text', label: label('y') },
      ]),
    ).toEqual([['1.key', 'validation.formFieldKeyDuplicate']]);
    expect(
      messages([
        { key: 'a', type: 'text', label: label('x'), pattern: { regex: '([', message: label('m') } },
      ]),
    ).toEqual([['0.pattern.regex', 'validation.formPattern']]);
    // Nested repetition backtracks exponentially on a long value that almost matches: refused.
    expect(
      messages([
        { key: 'a', type: 'text', label: label('x'), pattern: { regex: '^(a+)+$', message: label('m') } },
      ]),
    ).toEqual([['0.pattern.regex', 'validation.formPattern']]);
    expect(
      messages([
        {
          key: 'a',
          type: 'text',
          label: label('x'),
          pattern: { regex: '^[A-Z]{2}-\\d{4}$', message: label('m') },
        },
      ]),
    ).toEqual([]);
    expect(messages([{ key: 'n', type: 'number', label: label('x'), min: 5, max: 1 }])).toEqual([
      ['0.max', 'validation.formNumberRange'],
    ]);
    expect(messages([{ key: 's', type: 'select', label: label('x') }])).toEqual([
      ['0.options', 'validation.formOptionsSource'],
    ]);
    expect(
      messages([
        {
          key: 's',
          type: 'select',
          label: label('x'),
          dictNo: 1001,
          options: [{ value: 'a', label: label('a') }],
        },
      ]),
    ).toEqual([['0.options', 'validation.formOptionsSource']]);
    expect(
      messages([
        {
          key: 's',
          type: 'select',
          label: label('x'),
          options: [
            { value: 'a', label: label('a') },
            { value: 'a', label: label('b') },
          ],
        },
      ]),
    ).toEqual([['0.options.1.value', 'validation.formOptionDuplicate']]);
  });

  it('needs a label in every language', () => {
    expect(messages([{ key: 'a', type: 'date', label: { 'zh-CN': '日期', 'en-US': 'Date' } }])[0]?.[0]).toBe(
      '0.label.zh-HK',
    );
  });

  it('orders by sort, keeping the position of equal sorts', () => {
    const fields = [
      field({ key: 'a', type: 'date', sort: 2 }),
      field({ key: 'b', type: 'date', sort: 1 }),
      field({ key: 'c', type: 'date', sort: 1 }),
    ];
    expect(orderedFields(fields).map((f) => f.key)).toEqual(['b', 'c', 'a']);
  });
});

describe('validateFormValues', () => {
  it('checks required on every type; an optional empty value passes', () => {
    for (const type of ['text', 'textarea', 'number', 'date', 'user'] as const) {
      expect(fieldValueError(field({ key: 'v', type, required: true }), undefined)).toEqual({
        key: 'v',
        code: 'required',
      });
      expect(fieldValueError(field({ key: 'v', type }), null)).toBeNull();
    }
    expect(fieldValueError(field({ key: 'v', type: 'text', required: true }), '   ')).toEqual({
      key: 'v',
      code: 'required',
    });
    const files = field({ key: 'v', type: 'file', required: true });
    expect(fieldValueError(files, [])?.code).toBe('required');
    const tags = field({
      key: 'v',
      type: 'multiSelect',
      required: true,
      options: [{ value: 'a', label: label('a') }],
    });
    expect(fieldValueError(tags, [])?.code).toBe('required');
    // A required tick box is a confirmation: it must be ticked.
    const tick = field({ key: 'v', type: 'checkbox', required: true });
    expect(fieldValueError(tick, false)?.code).toBe('required');
    expect(fieldValueError(tick, true)).toBeNull();
    expect(fieldValueError(field({ key: 'v', type: 'checkbox' }), false)).toBeNull();
  });

  it('checks text length (trimmed, in characters) and the pattern', () => {
    const f = field({
      key: 't',
      type: 'text',
      maxLength: 3,
      pattern: { regex: '^[A-Z]+$', message: label('大写') },
    });
    expect(fieldValueError(f, ' ABC ')).toBeNull();
    expect(fieldValueError(f, 'ABCD')).toEqual({ key: 't', code: 'maxLength', n: 3 });
    expect(fieldValueError(f, 'Ab')).toEqual({ key: 't', code: 'pattern' });
    expect(fieldValueError(field({ key: 't', type: 'textarea', maxLength: 2 }), '样本')).toBeNull();
    expect(fieldValueError(f, 12)).toEqual({ key: 't', code: 'type' });
  });

  it('checks numbers against min, max and precision', () => {
    const f = field({ key: 'n', type: 'number', min: 0, max: 8, precision: 1 });
    expect(fieldValueError(f, 2.5)).toBeNull();
    expect(fieldValueError(f, 0)).toBeNull();
    expect(fieldValueError(f, -1)).toEqual({ key: 'n', code: 'min', n: 0 });
    expect(fieldValueError(f, 8.1)).toEqual({ key: 'n', code: 'max', n: 8 });
    expect(fieldValueError(f, 2.55)).toEqual({ key: 'n', code: 'precision', n: 1 });
    expect(fieldValueError(field({ key: 'n', type: 'number' }), 1.5)).toEqual({
      key: 'n',
      code: 'precision',
      n: 0,
    });
    expect(fieldValueError(f, '3')).toEqual({ key: 'n', code: 'type' });
    expect(fieldValueError(f, Number.NaN)).toEqual({ key: 'n', code: 'type' });
  });

  it('checks dates as calendar days', () => {
    const f = field({ key: 'd', type: 'date' });
    expect(fieldValueError(f, '2026-02-28')).toBeNull();
    expect(fieldValueError(f, '2026-02-30')?.code).toBe('date');
    expect(fieldValueError(f, '2026/02/01')?.code).toBe('date');
  });

  it('checks options from the list, and from a dictionary when its values are given', () => {
    const one = field({
      key: 's',
      type: 'select',
      options: [
        { value: 'a', label: label('甲') },
        { value: 'b', label: label('乙') },
      ],
    });
    expect(fieldValueError(one, 'a')).toBeNull();
    expect(fieldValueError(one, 'c')?.code).toBe('option');
    const many = field({
      key: 'm',
      type: 'multiSelect',
      options: [
        { value: 'a', label: label('甲') },
        { value: 'b', label: label('乙') },
      ],
    });
    expect(fieldValueError(many, ['a', 'b'])).toBeNull();
    expect(fieldValueError(many, ['a', 'a'])?.code).toBe('option');
    expect(fieldValueError(many, ['a', 'x'])?.code).toBe('option');
    expect(fieldValueError(many, 'a')?.code).toBe('type');
    const dict = field({ key: 'd', type: 'select', dictNo: 1001 });
    expect(fieldValueError(dict, 'anything')).toBeNull();
    const dictValues = (n: number) => (n === 1001 ? ['1', '2'] : undefined);
    expect(fieldValueError(dict, '2', { dictValues })).toBeNull();
    expect(fieldValueError(dict, '3', { dictValues })?.code).toBe('option');
  });

  it('checks files (ids, at most maxFiles) and users (an id)', () => {
    const f = field({ key: 'f', type: 'file', maxFiles: 2 });
    expect(fieldValueError(f, [1, 2])).toBeNull();
    expect(fieldValueError(f, [1, 2, 3])).toEqual({ key: 'f', code: 'maxFiles', n: 2 });
    expect(fieldValueError(f, ['x'])?.code).toBe('type');
    expect(fieldValueError(field({ key: 'u', type: 'user' }), 7)).toBeNull();
    expect(fieldValueError(field({ key: 'u', type: 'user' }), 0)?.code).toBe('type');
  });

  it('lists every field error in display order and values no field declares', () => {
    const fields = [
      field({ key: 'b', type: 'text', required: true, sort: 2 }),
      field({ key: 'a', type: 'number', max: 1, sort: 1 }),
      field({ key: 'c', type: 'date' }),
    ];
    expect(validateFormValues(fields, { a: 5, c: '2026-01-01', extra: 'x' })).toEqual([
      { key: 'a', code: 'max', n: 1 },
      { key: 'b', code: 'required' },
      { key: 'extra', code: 'unknown' },
    ]);
    expect(validateFormValues(fields, { b: 'ok', a: 1 })).toEqual([]);
  });
});
