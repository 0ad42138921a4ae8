import type { BoxGrid as Grid } from '@trialab/api-contract';
import { cellLabel } from '@trialab/api-contract';
import { theme } from 'antd';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cellKey, type GridCell, nextCell } from './grid';

/** One cell as the map reads it (the box detail's cells, plus the free ones). */
export interface MapCell {
  row: number;
  col: number;
  position: string;
  state: 'stored' | 'reserved' | 'blocked' | 'free';
  specimenId: number | null;
  barcode: string | null;
  projectId: number | null;
  projectNo: string | null;
  sampleTypeId: number | null;
  sampleTypeName: string | null;
  subjectNo: string | null;
  visit: string | null;
  reason: string | null;
}

/** How a cell is painted: a fill, a mark (letter or number, never colour alone) and a pattern. */
export interface CellLook {
  fill: string;
  mark: string;
  pattern?: 'stripes' | 'cross';
}

export interface BoxGridProps {
  code: string;
  grid: Grid;
  cells: MapCell[];
  look(cell: MapCell): CellLook;
  selected: ReadonlySet<string>;
  focus: GridCell;
  onFocus(cell: GridCell): void;
  onCellClick(cell: MapCell, mods: { shift: boolean; ctrl: boolean }): void;
  /** Enter / Space from the keyboard. */
  onCellKey(cell: MapCell, key: 'Enter' | ' ', shift: boolean): void;
  onBandStart(cell: MapCell, ctrl: boolean): void;
  onBandOver(cell: MapCell): void;
  onDragStart(cell: MapCell): void;
  onShow(cell: MapCell): void;
}

/** Read by assistive technology, not shown. */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

export const PATTERNS: Record<NonNullable<CellLook['pattern']>, string> = {
  stripes: 'repeating-linear-gradient(45deg, rgba(0,0,0,0.28) 0 2px, transparent 2px 7px)',
  cross:
    'repeating-linear-gradient(45deg, rgba(0,0,0,0.35) 0 2px, transparent 2px 7px), repeating-linear-gradient(-45deg, rgba(0,0,0,0.35) 0 2px, transparent 2px 7px)',
};

/**
 * A box's positions as a keyboard-accessible grid of buttons: arrow keys move a visible focus (one
 * tab stop), Space selects, Enter opens; the mouse clicks, shift/ctrl-clicks, drags a frame or drags
 * the selection. Each cell carries its label and a mark besides its colour.
 */
export function BoxGrid(props: BoxGridProps) {
  const { code, grid, cells, look, selected, focus } = props;
  const { t } = useTranslation('libraryMap', { keyPrefix: 'map' });
  const { token } = theme.useToken();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const focusKey = cellKey(focus);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) refs.current.get(focusKey)?.focus();
    moved.current = false;
  }, [focusKey]);
  const byKey = new Map(cells.map((c) => [cellKey(c), c]));
  const cellAt = (row: number, col: number): MapCell =>
    byKey.get(`${row}:${col}`) ?? {
      row,
      col,
      position: cellLabel(grid, row, col),
      state: 'free',
      specimenId: null,
      barcode: null,
      projectId: null,
      projectNo: null,
      sampleTypeId: null,
      sampleTypeName: null,
      subjectNo: null,
      visit: null,
      reason: null,
    };

  const onKeyDown = (event: KeyboardEvent, cell: MapCell) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onCellKey(cell, event.key, event.shiftKey);
      return;
    }
    const next = nextCell(cell, event.key, grid);
    if (next.row !== cell.row || next.col !== cell.col) {
      event.preventDefault();
      moved.current = true;
      props.onFocus(next);
      props.onShow(cellAt(next.row, next.col));
    }
  };
  const size = 34;
  const rows = Array.from({ length: grid.rows }, (_, i) => i + 1);
  const cols = Array.from({ length: grid.cols }, (_, i) => i + 1);
  return (
    <fieldset
      aria-label={t('gridLabel', { box: code })}
      data-testid="map-box-grid"
      style={{
        border: 0,
        margin: 0,
        padding: 0,
        minWidth: 0,
        display: 'grid',
        gridTemplateColumns: `repeat(${grid.cols}, ${size}px)`,
        gap: 3,
        userSelect: 'none',
      }}
    >
      {rows.flatMap((row) =>
        cols.map((col) => {
          const cell = cellAt(row, col);
          const key = cellKey(cell);
          const paint = look(cell);
          const isSelected = selected.has(key);
          // The name is the visible label and mark, then what the cell holds (read, not shown).
          const holds =
            cell.state === 'free'
              ? t('free')
              : cell.state === 'blocked'
                ? t('blocked')
                : cell.state === 'reserved'
                  ? t('reserved')
                  : (cell.barcode ?? t('hidden'));
          const style: CSSProperties = {
            position: 'relative',
            width: size,
            height: size,
            padding: 0,
            fontSize: 11,
            lineHeight: 1.1,
            cursor: 'pointer',
            borderRadius: 4,
            color: cell.state === 'free' ? token.colorText : '#000',
            backgroundColor: paint.fill,
            backgroundImage: paint.pattern ? PATTERNS[paint.pattern] : undefined,
            border: isSelected
              ? `3px solid ${token.colorPrimary}`
              : `1px ${cell.state === 'free' ? 'dashed' : 'solid'} ${token.colorBorder}`,
            outlineOffset: 2,
          };
          return (
            <button
              key={key}
              ref={(el) => {
                if (el) refs.current.set(key, el);
                else refs.current.delete(key);
              }}
              type="button"
              className="library-map-cell"
              data-testid={`map-cell-${cell.position}`}
              data-state={cell.state}
              aria-pressed={isSelected}
              tabIndex={key === focusKey ? 0 : -1}
              draggable={isSelected && cell.specimenId !== null}
              style={style}
              onFocus={() => props.onShow(cell)}
              onMouseEnter={(e: MouseEvent) => {
                props.onShow(cell);
                if (e.buttons === 1) props.onBandOver(cell);
              }}
              onMouseDown={(e) => {
                if (!isSelected) props.onBandStart(cell, e.ctrlKey || e.metaKey);
              }}
              onClick={(e) => {
                props.onFocus(cell);
                props.onCellClick(cell, { shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey });
              }}
              onKeyDown={(e) => onKeyDown(e, cell)}
              onDragStart={(e) => {
                e.dataTransfer.setData('text/plain', cell.barcode ?? '');
                e.dataTransfer.effectAllowed = 'move';
                props.onDragStart(cell);
              }}
            >
              <span style={{ display: 'block', fontSize: 9 }}>{cell.position}</span>
              <strong>{paint.mark}</strong>
              <span style={HIDDEN}>{` ${holds}`}</span>
            </button>
          );
        }),
      )}
    </fieldset>
  );
}
