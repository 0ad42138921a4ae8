import { describe, expect, it } from 'vitest';
import { cellLabel, cellsInFillOrder, parseCell } from './library.js';

describe('box positions', () => {
  const alnum = { rows: 3, cols: 4, labels: 'alnum', fillOrder: 'row' } as const;
  const numeric = { rows: 3, cols: 4, labels: 'numeric', fillOrder: 'column' } as const;

  it('labels cells A1.. or by number in reading order, and reads the labels back', () => {
    expect(cellLabel(alnum, 2, 3)).toBe('B3');
    expect(cellLabel(numeric, 2, 3)).toBe('7');
    expect(parseCell(alnum, ' b3 ')).toEqual({ row: 2, col: 3 });
    expect(parseCell(numeric, '7')).toEqual({ row: 2, col: 3 });
    expect(parseCell(numeric, '12')).toEqual({ row: 3, col: 4 });
  });

  it('refuses labels outside the grid or of the other style', () => {
    for (const label of ['D1', 'A5', 'A0', '3', '']) expect(parseCell(alnum, label), label).toBeNull();
    for (const label of ['0', '13', 'A1']) expect(parseCell(numeric, label), label).toBeNull();
  });

  it('walks the grid in its fill order', () => {
    const rows = { rows: 2, cols: 2, labels: 'alnum', fillOrder: 'row' } as const;
    expect(cellsInFillOrder(rows).map((c) => cellLabel(rows, c.row, c.col))).toEqual([
      'A1',
      'A2',
      'B1',
      'B2',
    ]);
    const columns = { ...rows, fillOrder: 'column' } as const;
    expect(cellsInFillOrder(columns).map((c) => cellLabel(columns, c.row, c.col))).toEqual([
      'A1',
      'B1',
      'A2',
      'B2',
    ]);
  });
});
