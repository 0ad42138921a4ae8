import { PAGE_SIZE_OPTIONS, TABLE_SIZES } from '../../config';

/** Page sizes 10..50, with the current size added when missing (SPEC section 9). */
export function pageSizeOptions(current: number): number[] {
  const sizes = new Set<number>([...PAGE_SIZE_OPTIONS, current]);
  return [...sizes].filter((size) => size > 0).sort((a, b) => a - b);
}

/** Page number after a size change: back to 1 when it exceeds the pages at the new size. */
export function clampPage(page: number, size: number, total: number): number {
  const pages = Math.max(1, Math.ceil(total / size));
  return page > pages ? 1 : page;
}

/** Single-select keeps only the latest row. */
export function singleSelection<K>(previous: readonly K[], next: readonly K[]): K[] {
  const added = next.filter((key) => !previous.includes(key));
  const last = added.at(-1) ?? next.at(-1);
  return last === undefined ? [] : [last];
}

/**
 * Height left for the table body: window height minus the table's top, the header row (46),
 * the pagination (50, when shown) and the bottom offset (30).
 */
export function tableScrollY(windowHeight: number, tableTop: number, withPagination = true): number {
  const used =
    tableTop +
    TABLE_SIZES.headerRow +
    (withPagination ? TABLE_SIZES.pagination : 0) +
    TABLE_SIZES.bottomOffset;
  return Math.max(windowHeight - used, 120);
}

/** Visible columns from the user's table-head configuration (empty = all). */
export function visibleColumns<C extends { dataIndex?: unknown }>(
  columns: readonly C[],
  titles: readonly string[],
): C[] {
  if (titles.length === 0) return [...columns];
  return columns.filter(
    (column) => typeof column.dataIndex !== 'string' || titles.includes(column.dataIndex),
  );
}

interface Sizable {
  width?: number | string;
  ellipsis?: unknown;
  fixed?: unknown;
  children?: unknown;
}

/**
 * Every column of a kit table on one line: its width (its own, else the text width), cut with an
 * ellipsis (the full text shows on hover: `overflowTitle`). A column that renders controls (the
 * pinned action column, `ellipsis: false`) keeps its own. The table scrolls sideways when the
 * columns are wider than its box (`scroll.x: 'max-content'`), so no column is squeezed to a
 * character per line.
 */
export function fitColumns<C extends Sizable>(columns: readonly C[]): C[] {
  return columns.map((column) =>
    column.children
      ? column
      : { ...column, width: column.width ?? TABLE_SIZES.columnWidth, ellipsis: column.ellipsis ?? true },
  );
}

/**
 * The tooltip of a cell cut by its ellipsis: on hover, a cell whose text overflows gets its full
 * text as its title (one listener per table, not one tooltip per cell). antd titles plain-text
 * cells itself; this covers the rendered ones (tags, links, names of two parts).
 */
export function overflowTitle(event: { target: EventTarget | null }): void {
  const target = event.target as Element | null;
  const cell = target?.closest?.<HTMLElement>('.ant-table-cell-ellipsis');
  if (!cell || (cell.hasAttribute('title') && cell.dataset.overflowTitle === undefined)) return;
  const inner = cell.querySelector<HTMLElement>('.ant-table-cell-content') ?? cell;
  if (inner.scrollWidth > inner.clientWidth) {
    cell.title = (cell.textContent ?? '').trim();
    cell.dataset.overflowTitle = '';
  } else if (cell.dataset.overflowTitle !== undefined) {
    cell.removeAttribute('title');
    delete cell.dataset.overflowTitle;
  }
}

/**
 * The table's width for `scroll.x`: the sum of its columns' (and the selection column's), so the
 * head and the body lay out the same widths (with `max-content` a long title widened its head
 * cell alone, and the pinned column then covered the last one). `max-content` when a width is
 * not in pixels.
 */
export function tableWidth(columns: readonly Sizable[], extra = 0): number | 'max-content' {
  let sum = extra;
  for (const column of columns) {
    if (typeof column.width !== 'number') return 'max-content';
    sum += column.width;
  }
  return sum;
}
