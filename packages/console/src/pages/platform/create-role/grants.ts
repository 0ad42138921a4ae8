import { GRANT_AREAS, type GrantAction, grantMatrix, grantOf } from '@trialab/api-contract';

/** A permission row of the server's tree (what the role editor needs of it). */
export interface PermissionLike {
  id: number;
  authority: string | null;
}

/** One area of the grant matrix: the permission rows each of its actions grants. */
export interface AreaRow {
  area: string;
  /** Its menu's path (the area reads as its menu). */
  path: string;
  cells: Partial<Record<GrantAction, number[]>>;
  /** The rows of each cell whose home it is (not borrowed from another area, not shared). */
  own: Partial<Record<GrantAction, number[]>>;
}

export type CellState = 'all' | 'some' | 'none';

/**
 * The areas and actions of the declaration (`grantMatrix` of api-contract) as permission row ids:
 * a string has several rows when pages opened from a list share the list's view permission.
 */
export function areaRows(rows: readonly PermissionLike[]): AreaRow[] {
  const idsOf = new Map<string, number[]>();
  for (const row of rows)
    if (row.authority) idsOf.set(row.authority, [...(idsOf.get(row.authority) ?? []), row.id]);
  const rowsOf = (strings: readonly string[]) => strings.flatMap((s) => idsOf.get(s) ?? []);
  return [...grantMatrix(idsOf.keys())].map(([area, actions]) => ({
    area,
    path: GRANT_AREAS.find((a) => a.key === area)?.path ?? `/${area}`,
    cells: Object.fromEntries([...actions].map(([action, strings]) => [action, rowsOf(strings)])),
    own: Object.fromEntries(
      [...actions].map(([action, strings]) => [
        action,
        rowsOf(strings.filter((s) => grantOf(s)?.area === area && grantOf(s)?.action === action)),
      ]),
    ),
  }));
}

/**
 * Whether the role holds every row of a cell, some of its own (a row borrowed from another area or
 * shared does not make a cell half-held) or none.
 */
export function cellState(area: AreaRow, action: GrantAction, selected: ReadonlySet<number>): CellState {
  const ids = area.cells[action] ?? [];
  if (ids.length > 0 && ids.every((id) => selected.has(id))) return 'all';
  return (area.own[action] ?? []).some((id) => selected.has(id)) ? 'some' : 'none';
}

/**
 * Ticks or unticks one action of an area. Ticking (from none or some) adds all its rows and the
 * area's view (its pages: an action is done on them); unticking view takes the area's other actions
 * too. Rows that another fully held action also grants (the user pickers, say) stay.
 */
export function toggleCell(
  areas: readonly AreaRow[],
  area: string,
  action: GrantAction,
  selected: ReadonlySet<number>,
): Set<number> {
  const row = areas.find((a) => a.area === area);
  const ids = row?.cells[action];
  if (!row || !ids) return new Set(selected);
  const next = new Set(selected);
  if (cellState(row, action, selected) !== 'all') {
    for (const id of [...ids, ...(action === 'view' ? [] : (row.cells.view ?? []))]) next.add(id);
    return next;
  }
  const dropped = action === 'view' ? (Object.keys(row.cells) as GrantAction[]) : [action];
  for (const x of dropped) for (const id of row.cells[x] ?? []) next.delete(id);
  for (const other of areas)
    for (const x of Object.keys(other.cells) as GrantAction[])
      if (!(other === row && dropped.includes(x)) && cellState(other, x, selected) === 'all')
        for (const id of other.cells[x] ?? []) next.add(id);
  return next;
}

/**
 * The rows of a cell the administrator may not add: not held by them and not already the role's
 * (the server refuses those: nobody grants what they do not hold).
 */
export function unheldIn(
  ids: readonly number[],
  before: ReadonlySet<number>,
  holds: (id: number) => boolean,
): number[] {
  return ids.filter((id) => !before.has(id) && !holds(id));
}

/** Text search over names (the area's, the permissions') and permission strings, any case. */
export function matchesQuery(query: string, ...texts: Array<string | null | undefined>): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || texts.some((t) => t?.toLowerCase().includes(q));
}
