import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertImportable, assertSomethingValid, checkDictRows, type RawRow } from './dict-import.js';

const row = (line: number, fields: Partial<RawRow>): RawRow => ({
  line,
  dictNo: '1011',
  value: `v${line}`,
  label: '标签',
  enLabel: 'Label',
  sort: '',
  ...fields,
});
const known = new Set([1011, 1019]);

describe('dictionary import rows', () => {
  it('inserts new values, relabels existing ones and skips rows with errors', () => {
    const checked = checkDictRows(
      [
        row(2, { value: 'red' }),
        row(3, { value: 'new', sort: '4' }),
        row(4, { dictNo: '1234' }),
        row(5, { dictNo: 'abc', label: '', enLabel: '' }),
        row(6, { value: 'new' }),
        row(7, { dictNo: '1019', value: 'new' }),
        row(8, { sort: '10000' }),
        row(9, { value: 'x'.repeat(65) }),
        row(10, { value: '' }),
        row(11, { label: 'a\u0000b' }),
      ],
      known,
      new Set(['1011/red']),
    );
    expect(checked.map((r) => [r.line, r.action, r.errors.map((e) => e.problem)])).toEqual([
      [2, 'update', []],
      [3, 'insert', []],
      [4, 'skip', ['unknownType']],
      [5, 'skip', ['unknownType', 'missingLabel', 'missingEnLabel']],
      [6, 'skip', ['repeatedValue']],
      [7, 'insert', []],
      [8, 'skip', ['badSort']],
      [9, 'skip', ['tooLong']],
      [10, 'skip', ['missingValue']],
      [11, 'skip', ['unsafeText']],
    ]);
    expect(checked[1]).toMatchObject({ dictNo: 1011, sort: 4 });
    expect(checked[4]?.errors[0]?.params).toEqual({ line: 3 });
    expect(checked[7]?.errors[0]?.params).toEqual({ field: 'value', max: 64 });
  });

  it('refuses an unreadable, empty or all-invalid file', () => {
    expect(refusal(() => assertImportable(null))?.key).toBe('dictImportUnreadable');
    expect(refusal(() => assertImportable([]))?.key).toBe('dictImportEmpty');
    expect(refusal(() => assertImportable(Array.from({ length: 2001 }, (_, i) => row(i + 2, {}))))).toEqual({
      key: 'dictImportTooMany',
      params: { max: 2000 },
    });
    const bad = checkDictRows([row(2, { dictNo: '1' })], known, new Set());
    expect(refusal(() => assertSomethingValid(bad))?.key).toBe('dictImportNothingValid');
    expect(refusal(() => assertSomethingValid(checkDictRows([row(2, {})], known, new Set())))).toBeNull();
  });
});
