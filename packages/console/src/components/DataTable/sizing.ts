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
