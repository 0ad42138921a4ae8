import { describe, expect, it } from 'vitest';
import { addScanned, containerGrid, printSheet, rangePreview } from './scan';

describe('addScanned', () => {
  it('appends new codes in order and reports repeats and malformed ones', () => {
    const first = addScanned([], 'SP001');
    expect(first).toEqual({ list: ['SP001'], added: ['SP001'], invalid: [], repeated: [] });
    const pasted = addScanned(first.list, 'SP002\nSP001, b@d;SP003 SP002 -x');
    expect(pasted.list).toEqual(['SP001', 'SP002', 'SP003']);
    expect(pasted.added).toEqual(['SP002', 'SP003']);
    expect(pasted.repeated).toEqual(['SP001']);
    expect(pasted.invalid).toEqual(['b@d', '-x']);
    expect(addScanned(['A'], '   ').list).toEqual(['A']);
  });
});

describe('containerGrid', () => {
  it('lays the positions out row by row with the taken ones marked', () => {
    const grid = containerGrid(2, 3, [
      { row: 1, col: 2, barcode: 'SP001' },
      { row: 2, col: 3, barcode: null },
    ]);
    expect(grid.map((row) => row.map((c) => c.position))).toEqual([
      ['A1', 'A2', 'A3'],
      ['B1', 'B2', 'B3'],
    ]);
    expect(grid[0]?.[1]).toMatchObject({ taken: true, barcode: 'SP001' });
    expect(grid[1]?.[2]).toMatchObject({ taken: true, barcode: null });
    expect(grid[0]?.[0]).toMatchObject({ taken: false, barcode: null });
  });
});

describe('printSheet', () => {
  it('escapes every text it prints', () => {
    const html = printSheet('<b>SP001</b>', ['Code', 'Type'], [['SP001-01', 'A&B "x"']]);
    expect(html).toContain('<title>&#60;b&#62;SP001&#60;/b&#62;</title>');
    expect(html).toContain('<td>SP001-01</td><td>A&#38;B &#34;x&#34;</td>');
    expect(html).not.toContain('<b>SP001');
  });
});

describe('rangePreview', () => {
  it('lists the codes of a complete range and nothing for an incomplete, reversed or oversized one', () => {
    expect(rangePreview({ prefix: 'KM-', from: 8, to: 11, width: 3 })).toEqual([
      'KM-008',
      'KM-009',
      'KM-010',
      'KM-011',
    ]);
    expect(rangePreview({ prefix: 'KM-', from: 1, width: 3 })).toBeNull();
    expect(rangePreview({ prefix: 'KM-', from: 5, to: 4, width: 3 })).toBeNull();
    expect(rangePreview({ prefix: 'KM-', from: 0, to: 1000, width: 4 })).toBeNull();
    expect(rangePreview({ prefix: 'KM-', from: 0, to: 999, width: 4 })).toHaveLength(1000);
  });
});
