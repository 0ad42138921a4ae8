import type { BoxGrid } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import {
  bandSelect,
  cellKey,
  clickSelect,
  dropTargets,
  EMPTY_SELECTION,
  heatLevel,
  inFillOrder,
  nextCell,
  SCAN_IDLE,
  type ScanState,
  scanKey,
} from './grid';

const grid: BoxGrid = { rows: 3, cols: 3, labels: 'alnum', fillOrder: 'row' };
const byColumn: BoxGrid = { ...grid, fillOrder: 'column' };
const all = () => true;
const keys = (s: { keys: ReadonlySet<string> }) => [...s.keys].sort();
const none = { shift: false, ctrl: false };

describe('selecting positions', () => {
  it('selects one cell on a click, toggles with ctrl, and ignores a click on a free cell with ctrl', () => {
    const one = clickSelect(EMPTY_SELECTION, { row: 1, col: 1 }, none, grid, all);
    expect(keys(one)).toEqual(['1:1']);
    const two = clickSelect(one, { row: 2, col: 2 }, { shift: false, ctrl: true }, grid, all);
    expect(keys(two)).toEqual(['1:1', '2:2']);
    const back = clickSelect(two, { row: 1, col: 1 }, { shift: false, ctrl: true }, grid, all);
    expect(keys(back)).toEqual(['2:2']);
    const stored = (c: { row: number }) => c.row === 1;
    expect(clickSelect(two, { row: 3, col: 3 }, { shift: false, ctrl: true }, grid, stored)).toBe(two);
    expect(clickSelect(two, { row: 3, col: 3 }, none, grid, stored)).toEqual(EMPTY_SELECTION);
  });

  it('selects a shift range in the box fill order, only the selectable cells', () => {
    const start = clickSelect(EMPTY_SELECTION, { row: 1, col: 2 }, none, grid, all);
    const range = clickSelect(start, { row: 2, col: 1 }, { shift: true, ctrl: false }, grid, all);
    expect(keys(range)).toEqual(['1:2', '1:3', '2:1']);
    const column = clickSelect(
      clickSelect(EMPTY_SELECTION, { row: 2, col: 1 }, none, byColumn, all),
      { row: 1, col: 2 },
      { shift: true, ctrl: false },
      byColumn,
      (c) => c.row !== 3,
    );
    expect(keys(column)).toEqual(['1:2', '2:1']);
  });

  it('selects the rectangle of a rubber band, added to what was selected', () => {
    const band = bandSelect({ row: 3, col: 3 }, { row: 2, col: 2 }, (c) => c.col !== 3, new Set(['1:1']));
    expect(keys(band)).toEqual(['1:1', '2:2', '3:2']);
  });

  it('lists the selection in fill order', () => {
    const picked = new Set(['2:1', '1:3', '1:1']);
    expect(inFillOrder(grid, picked).map(cellKey)).toEqual(['1:1', '1:3', '2:1']);
    expect(inFillOrder(byColumn, picked).map(cellKey)).toEqual(['1:1', '2:1', '1:3']);
  });
});

describe('dropping specimens into a box', () => {
  it('puts them into the first free cells in fill order, or refuses when the box is too small', () => {
    const taken = new Set(['1:1', '1:3']);
    expect(dropTargets(grid, taken, 3)?.map(cellKey)).toEqual(['1:2', '2:1', '2:2']);
    expect(dropTargets(byColumn, taken, 2)?.map(cellKey)).toEqual(['2:1', '3:1']);
    expect(dropTargets(grid, taken, 8)).toBeNull();
  });
});

describe('keyboard and heat', () => {
  it('moves the focus with the arrow keys inside the grid', () => {
    expect(nextCell({ row: 1, col: 1 }, 'ArrowUp', grid)).toEqual({ row: 1, col: 1 });
    expect(nextCell({ row: 1, col: 1 }, 'ArrowDown', grid)).toEqual({ row: 2, col: 1 });
    expect(nextCell({ row: 2, col: 3 }, 'ArrowRight', grid)).toEqual({ row: 2, col: 3 });
    expect(nextCell({ row: 2, col: 3 }, 'Home', grid)).toEqual({ row: 2, col: 1 });
    expect(nextCell({ row: 2, col: 1 }, 'End', grid)).toEqual({ row: 2, col: 3 });
  });

  it('grades utilisation from empty to full', () => {
    expect([0, 10, 50, 70, 81].map((n) => heatLevel(n, 81))).toEqual([0, 1, 2, 3, 4]);
    expect(heatLevel(0, 0)).toBe(0);
  });
});

describe('scanner input', () => {
  const feed = (text: string, gap: number, start = 1000) => {
    let state: ScanState = SCAN_IDLE;
    let scanned: string | undefined;
    let at = start;
    for (const key of [...text.split(''), 'Enter']) {
      at += gap;
      const next = scanKey(state, key, at);
      state = next.state;
      scanned = next.scanned ?? scanned;
    }
    return scanned;
  };

  it('reads a fast burst ending in Enter as a scan', () => {
    expect(feed('KM0001-A', 5)).toBe('KM0001-A');
  });

  it('does not read typing, a short burst or other keys as a scan', () => {
    expect(feed('KM0001', 200)).toBeUndefined();
    expect(feed('KM', 5)).toBeUndefined();
    expect(scanKey({ text: 'KM00', at: 1000 }, 'Tab', 1005).state).toEqual(SCAN_IDLE);
    // Shift for a capital neither adds to nor breaks the code.
    expect(scanKey({ text: 'KM00', at: 1000 }, 'Shift', 1005).state).toEqual({ text: 'KM00', at: 1000 });
  });
});
