// The map's grid logic as pure functions (tested without a browser): selecting positions (click,
// ctrl/meta, shift ranges in fill order, a rubber band), where dragged specimens land in another box
// (its free cells in fill order), arrow keys on a grid, utilisation heat, and telling a scanner's
// burst of keys ending in Enter from typing.
import { type BoxGrid, cellsInFillOrder } from '@trialab/api-contract';

export interface GridCell {
  row: number;
  col: number;
}

export const cellKey = (c: GridCell) => `${c.row}:${c.col}`;

export function parseKey(key: string): GridCell {
  const [row = '0', col = '0'] = key.split(':');
  return { row: Number(row), col: Number(col) };
}

export interface Selection {
  keys: ReadonlySet<string>;
  /** Where a shift-click range starts. */
  anchor: GridCell | null;
}

export const EMPTY_SELECTION: Selection = { keys: new Set(), anchor: null };

/**
 * A click on a cell: alone it selects just that cell, with ctrl/meta it toggles it, with shift it
 * selects every selectable cell from the anchor to it in the box's fill order (added with ctrl).
 */
export function clickSelect(
  current: Selection,
  cell: GridCell,
  mods: { shift: boolean; ctrl: boolean },
  grid: BoxGrid,
  selectable: (c: GridCell) => boolean,
): Selection {
  if (!selectable(cell)) return mods.ctrl || mods.shift ? current : EMPTY_SELECTION;
  const key = cellKey(cell);
  if (mods.shift && current.anchor) {
    const order = cellsInFillOrder(grid).map(cellKey);
    const a = order.indexOf(cellKey(current.anchor));
    const b = order.indexOf(key);
    const [from, to] = a <= b ? [a, b] : [b, a];
    const range = order.slice(from, to + 1).filter((k) => selectable(parseKey(k)));
    const keys = new Set(mods.ctrl ? [...current.keys, ...range] : range);
    return { keys, anchor: current.anchor };
  }
  if (mods.ctrl) {
    const keys = new Set(current.keys);
    if (keys.has(key)) keys.delete(key);
    else keys.add(key);
    return { keys, anchor: cell };
  }
  return { keys: new Set([key]), anchor: cell };
}

/** The selectable cells of the rectangle two cells span (a rubber band), added to `base` when given. */
export function bandSelect(
  from: GridCell,
  to: GridCell,
  selectable: (c: GridCell) => boolean,
  base: ReadonlySet<string> = new Set(),
): Selection {
  const keys = new Set(base);
  for (let row = Math.min(from.row, to.row); row <= Math.max(from.row, to.row); row += 1)
    for (let col = Math.min(from.col, to.col); col <= Math.max(from.col, to.col); col += 1)
      if (selectable({ row, col })) keys.add(cellKey({ row, col }));
  return { keys, anchor: from };
}

/** The selected cells in the source box's fill order (the order they are put down in the target). */
export function inFillOrder(grid: BoxGrid, keys: ReadonlySet<string>): GridCell[] {
  return cellsInFillOrder(grid).filter((c) => keys.has(cellKey(c)));
}

/**
 * Where `count` specimens land in a box: its first free cells in fill order (taken: occupied,
 * reserved or blocked, and the cells the moved specimens leave when it is their own box); null when
 * the box has no room for all of them.
 */
export function dropTargets(grid: BoxGrid, taken: ReadonlySet<string>, count: number): GridCell[] | null {
  const free = cellsInFillOrder(grid).filter((c) => !taken.has(cellKey(c)));
  return free.length >= count ? free.slice(0, count) : null;
}

/** The cell an arrow key (or Home / End) moves the focus to, staying inside the grid. */
export function nextCell(cell: GridCell, key: string, grid: Pick<BoxGrid, 'rows' | 'cols'>): GridCell {
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 1), max);
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(cell.row - 1, grid.rows), col: cell.col };
    case 'ArrowDown':
      return { row: clamp(cell.row + 1, grid.rows), col: cell.col };
    case 'ArrowLeft':
      return { row: cell.row, col: clamp(cell.col - 1, grid.cols) };
    case 'ArrowRight':
      return { row: cell.row, col: clamp(cell.col + 1, grid.cols) };
    case 'Home':
      return { row: cell.row, col: 1 };
    case 'End':
      return { row: cell.row, col: grid.cols };
    default:
      return cell;
  }
}

/** Utilisation in whole percent (0 for no capacity). */
export const percent = (stored: number, capacity: number) =>
  capacity > 0 ? Math.round((stored / capacity) * 100) : 0;

/** Heat level 0 (empty) .. 4 (full or nearly) of a level's utilisation. */
export function heatLevel(stored: number, capacity: number): 0 | 1 | 2 | 3 | 4 {
  const p = percent(stored, capacity);
  if (stored <= 0) return 0;
  if (p < 50) return 1;
  if (p < 80) return 2;
  if (p < 95) return 3;
  return 4;
}

export interface ScanState {
  text: string;
  /** Time of the last key (ms). */
  at: number;
}

export const SCAN_IDLE: ScanState = { text: '', at: 0 };
/** A scanner types a whole code within this gap between keys; a person does not. */
export const SCAN_GAP_MS = 60;
const SCAN_MIN = 4;
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/**
 * One key of the page's keyboard input: characters arriving faster than SCAN_GAP_MS build a code;
 * Enter ends it (`scanned`) when it is long enough. A slow key starts over from itself, so typing
 * (or a shortcut) never reads as a scan.
 */
export function scanKey(state: ScanState, key: string, at: number): { state: ScanState; scanned?: string } {
  if (key === 'Enter') {
    const fast = at - state.at <= SCAN_GAP_MS * 4;
    return state.text.length >= SCAN_MIN && fast
      ? { state: SCAN_IDLE, scanned: state.text }
      : { state: SCAN_IDLE };
  }
  // A scanner presses Shift for capitals like a person: modifiers neither add nor break a code.
  if (MODIFIERS.has(key)) return { state };
  if (key.length !== 1) return { state: SCAN_IDLE };
  const text = state.text && at - state.at <= SCAN_GAP_MS ? state.text + key : key;
  return { state: { text, at } };
}
