import { type BoxLabels, cellLabel } from '@trialab/api-contract';

type CellState = 'free' | 'stored' | 'reserved' | 'blocked' | 'held';

export interface GridCell {
  row: number;
  col: number;
  position: string;
  state: CellState;
  /** The barcode stored (in the caller's scope), or why a cell is blocked or held. */
  detail: string | null;
}

/** What marks each state besides its colour (never colour alone). */
export const CELL_MARKS: Readonly<Record<CellState, string>> = {
  free: '',
  stored: '●',
  reserved: '◐',
  blocked: '✕',
  held: '◇',
};

/**
 * A box's cells in reading order, row by row, from the occupied, reserved and blocked ones the
 * server lists (boxDetail); every other cell is free. A block held for a project reads `held`.
 */
export function boxCells(
  box: { rows: number | null; cols: number | null; labels: BoxLabels },
  listed: ReadonlyArray<{
    row: number | null;
    col: number | null;
    state: 'stored' | 'reserved' | 'blocked';
    barcode: string | null;
    heldForProjectId: number | null;
    reason: string | null;
  }>,
): GridCell[][] {
  if (!box.rows || !box.cols) return [];
  const grid = { cols: box.cols, labels: box.labels };
  const at = new Map(listed.map((c) => [`${c.row}:${c.col}`, c]));
  return Array.from({ length: box.rows }, (_, r) =>
    Array.from({ length: box.cols ?? 0 }, (_, c) => {
      const row = r + 1;
      const col = c + 1;
      const cell = at.get(`${row}:${col}`);
      const state: CellState = !cell
        ? 'free'
        : cell.state === 'blocked'
          ? cell.heldForProjectId === null
            ? 'blocked'
            : 'held'
          : cell.state;
      const detail = !cell ? null : cell.state === 'blocked' ? cell.reason : cell.barcode;
      return { row, col, position: cellLabel(grid, row, col), state, detail };
    }),
  );
}
