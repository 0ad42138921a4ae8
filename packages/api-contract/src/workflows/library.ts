// The specimen library's vocabulary: storage tree kinds and statuses, box position labels and fill
// orders, custody actions, and the permissions of its screens (docs/library.md).

/** Permissions of /specimen screens: `specimen:<page>:<action>` (pages as in the menu tree). */
export const LIBRARY_PERMISSIONS = {
  mapPage: 'specimen:container-manage-specimen-library-map:page',
  /** Restrictions on any level of the tree (set from the map). */
  restrict: 'specimen:container-manage-specimen-library-map:restrict',
  roomPage: 'specimen:container-manage-room-manage:page',
  roomEdit: 'specimen:container-manage-room-manage:update',
  unitPage: 'specimen:container-manage-device-manage:page',
  unitEdit: 'specimen:container-manage-device-manage:update',
  /** Maintenance tasks of units: planning them and recording them done. */
  unitMaintain: 'specimen:container-manage-device-manage:maintain',
  rackTypePage: 'specimen:container-manage-frozen-type-manage:page',
  rackTypeEdit: 'specimen:container-manage-frozen-type-manage:update',
  rackEdit: 'specimen:container-manage-frozen-manage:update',
  rackPage: 'specimen:container-manage-frozen-manage:page',
  boxTypePage: 'specimen:container-manage-frozen-box-type-manage:page',
  boxTypeEdit: 'specimen:container-manage-frozen-box-type-manage:update',
  boxEdit: 'specimen:container-manage-frozen-box-manage:update',
  boxPage: 'specimen:container-manage-frozen-box-manage:page',
  boxBlock: 'specimen:container-manage-frozen-box-manage:block',
  boxMove: 'specimen:container-manage-frozen-box-move:move',
  /** Placement, auto-allocation and committing a reservation (specimens awaiting storage). */
  place: 'specimen:specimen-history:in',
  move: 'specimen:manage-specimen-move:move',
  /** Specimens awaiting storage (specimen-history). */
  historyPage: 'specimen:specimen-history:page',
  /** The sample list (search) and its export. */
  listPage: 'specimen:manage-sample-list:page',
  listExport: 'specimen:manage-sample-list:export',
  /** The custody log and the specimen and box timelines (specimen-log-manage), and the log's export. */
  logPage: 'specimen:specimen-log-manage:page',
  logExport: 'specimen:specimen-log-manage:export',
} as const;

export const STORAGE_UNIT_KINDS = ['freezer', 'refrigerator', 'ln2_tank'] as const;
export type StorageUnitKind = (typeof STORAGE_UNIT_KINDS)[number];
/** Only an active unit takes specimens; a backup unit takes an evacuation. */
export const STORAGE_UNIT_STATUSES = ['active', 'defrosting', 'backup', 'out_of_service'] as const;
export type StorageUnitStatus = (typeof STORAGE_UNIT_STATUSES)[number];
export const BOX_KINDS = ['grid', 'bag', 'bin'] as const;
export type BoxKind = (typeof BOX_KINDS)[number];
export const BOX_LABELS = ['alnum', 'numeric'] as const;
export type BoxLabels = (typeof BOX_LABELS)[number];
export const BOX_FILL_ORDERS = ['row', 'column'] as const;
export type BoxFillOrder = (typeof BOX_FILL_ORDERS)[number];
export const RESTRICTION_LEVELS = ['room', 'unit', 'rack', 'box'] as const;
export type RestrictionLevel = (typeof RESTRICTION_LEVELS)[number];
export const RESTRICTION_KINDS = ['project', 'sampleType', 'temperature'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];
/** The specimen library state of a barcode. */
export const LIBRARY_STATES = ['none', 'stored', 'out', 'destroyed'] as const;
export type LibraryState = (typeof LIBRARY_STATES)[number];
/** Every way a specimen's position changes; each writes one custody event. */
export const CUSTODY_ACTIONS = [
  'place',
  'move',
  'boxMove',
  'outbound',
  'return',
  'destroy',
  'evacuate',
  'import',
] as const;
export type CustodyAction = (typeof CUSTODY_ACTIONS)[number];

/** Grids up to 26 x 30 (row letters A..Z); a rack of at most 20 x 20 box slots. */
export const BOX_MAX_ROWS = 26;
export const BOX_MAX_COLS = 30;
export const RACK_MAX = 20;
/** An allocation holds its positions this long unless committed. */
export const RESERVATION_MS = 5 * 60_000;
/** At most this many specimens per placement, allocation or move request. */
export const ASSIGN_MAX = 1000;

export interface BoxGrid {
  rows: number;
  cols: number;
  labels: BoxLabels;
  fillOrder: BoxFillOrder;
}

/** A cell's label: `C7` (alnum) or its number in reading order, 1..rows*cols (numeric). */
export function cellLabel(grid: Pick<BoxGrid, 'cols' | 'labels'>, row: number, col: number): string {
  return grid.labels === 'numeric'
    ? String((row - 1) * grid.cols + col)
    : `${String.fromCharCode(64 + row)}${col}`;
}

/** A label of the box's style back to its cell; null when malformed or outside the grid. */
export function parseCell(grid: BoxGrid, label: string): { row: number; col: number } | null {
  const text = label.trim();
  let cell: { row: number; col: number } | null = null;
  if (grid.labels === 'numeric') {
    if (/^\d{1,4}$/.test(text)) {
      const n = Number(text) - 1;
      cell = { row: Math.floor(n / grid.cols) + 1, col: (n % grid.cols) + 1 };
    }
  } else {
    const match = /^([A-Za-z])(\d{1,2})$/.exec(text);
    if (match?.[1] && match[2])
      cell = { row: match[1].toUpperCase().charCodeAt(0) - 64, col: Number(match[2]) };
  }
  if (!cell || cell.row < 1 || cell.col < 1 || cell.row > grid.rows || cell.col > grid.cols) return null;
  return cell;
}

/** Every cell of the grid in its fill order. */
export function cellsInFillOrder(grid: BoxGrid): Array<{ row: number; col: number }> {
  const cells: Array<{ row: number; col: number }> = [];
  const [outer, inner] = grid.fillOrder === 'column' ? [grid.cols, grid.rows] : [grid.rows, grid.cols];
  for (let a = 1; a <= outer; a += 1)
    for (let b = 1; b <= inner; b += 1)
      cells.push(grid.fillOrder === 'column' ? { row: b, col: a } : { row: a, col: b });
  return cells;
}
