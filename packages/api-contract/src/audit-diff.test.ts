import { describe, expect, it } from 'vitest';
import { changeText, fieldChanges } from './audit-diff.js';

describe('fieldChanges', () => {
  it('lists only the fields whose values differ, nested values compared by content', () => {
    expect(
      fieldChanges(
        { name: 'A', sort: 1, tags: ['x'], meta: { a: 1, b: 2 } },
        { name: 'B', sort: 1, tags: ['x'], meta: { b: 2, a: 1 }, status: 0 },
      ),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'status', before: undefined, after: 0 },
    ]);
  });

  it('treats a missing old or new value as all fields added or removed', () => {
    expect(fieldChanges(null, { a: 1 })).toEqual([{ field: 'a', before: undefined, after: 1 }]);
    expect(fieldChanges({ a: 1 }, undefined)).toEqual([{ field: 'a', before: 1, after: undefined }]);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it('compares non-object values as a whole', () => {
    expect(fieldChanges([1, 2], [1, 3])).toEqual([{ field: '', before: [1, 2], after: [1, 3] }]);
    expect(fieldChanges(5, 5)).toEqual([]);
    expect(fieldChanges({ a: 1 }, [1])).toEqual([{ field: '', before: { a: 1 }, after: [1] }]);
  });
});

describe('changeText', () => {
  it('writes strings as they are, absent as empty, the rest as JSON', () => {
    expect(changeText('见 A')).toBe('见 A');
    expect(changeText(undefined)).toBe('');
    expect(changeText(null)).toBe('null');
    expect(changeText({ a: [1] })).toBe('{"a":[1]}');
    expect(changeText(false)).toBe('false');
  });
});
