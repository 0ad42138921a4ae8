import {
  barcode,
  type ImportRowProblem,
  parsePosition,
  positionLabel,
  ResultCode,
  type ResultCodeValue,
  type SpecimenBarcodeRow,
} from '@trialab/api-contract';
import { ApiError } from '../../../lib/errors.js';
import type { t } from '../../../lib/i18n.js';
import { codeList } from '../repository.js';

/** Temporary storage rules that need no database: the put-in plan, its problems and their messages. */

export const IMPORT_MAX_ROWS = 780;
const isBarcode = (code: string) => barcode.safeParse(code).success;

/** What the plan needs to know about the target container. */
export interface PlanContainer {
  rows: number;
  cols: number;
  temperatureId: number;
}

export interface PlanRequest {
  line: number;
  barcode: string;
  position: string | null;
}

export interface PlanItem extends PlanRequest {
  problem: ImportRowProblem | null;
  row?: SpecimenBarcodeRow;
  slot?: { row: number; col: number };
}

/** The codes worth looking up: malformed ones are reported without a query. */
export const wellFormedCodes = (requests: PlanRequest[]) =>
  requests.map((r) => r.barcode).filter((b) => isBarcode(b));

/**
 * Checks every requested sample against the container and assigns positions: given ones must be
 * inside the grid and free, the others take the next free positions row by row.
 * `taken` holds the container's occupied position labels, `found` the known samples by code.
 */
export function planStorage(
  container: PlanContainer,
  taken: ReadonlySet<string>,
  found: ReadonlyMap<string, SpecimenBarcodeRow>,
  requests: PlanRequest[],
): PlanItem[] {
  const seen = new Set<string>();
  const asked = new Set<string>();
  const items: PlanItem[] = requests.map((r) => {
    const item: PlanItem = { ...r, problem: null };
    const problem = (): ImportRowProblem | null => {
      if (!isBarcode(r.barcode)) return 'malformed';
      if (seen.has(r.barcode)) return 'duplicate';
      seen.add(r.barcode);
      const row = found.get(r.barcode);
      if (!row) return 'unknown';
      item.row = row;
      if (row.status === 'disabled') return 'disabled';
      if (row.status !== 'signed') return 'notSigned';
      if (row.storage === 'stored') return 'stored';
      if (row.temperatureId !== null && row.temperatureId !== container.temperatureId) return 'temperature';
      if (r.position !== null) {
        const slot = parsePosition(r.position);
        if (!slot || slot.row > container.rows || slot.col > container.cols) return 'positionInvalid';
        const label = positionLabel(slot.row, slot.col);
        item.position = label;
        if (taken.has(label) || asked.has(label)) return 'positionTaken';
        asked.add(label);
        item.slot = slot;
      }
      return null;
    };
    item.problem = problem();
    return item;
  });
  // Free positions, row by row, for the good rows that did not ask for one.
  const free: Array<{ row: number; col: number }> = [];
  for (let row = 1; row <= container.rows; row += 1)
    for (let col = 1; col <= container.cols; col += 1) {
      const label = positionLabel(row, col);
      if (!taken.has(label) && !asked.has(label)) free.push({ row, col });
    }
  for (const item of items) {
    if (item.problem !== null || item.slot) continue;
    const slot = free.shift();
    if (!slot) {
      item.problem = 'full';
      continue;
    }
    item.slot = slot;
    item.position = positionLabel(slot.row, slot.col);
  }
  return items;
}

export const PROBLEM_MESSAGE: Record<ImportRowProblem, Parameters<typeof t>[1]> = {
  malformed: 'specimenCodesUnknown',
  unknown: 'specimenCodesUnknown',
  duplicate: 'specimenCodesRepeated',
  disabled: 'storageNotSigned',
  notSigned: 'storageNotSigned',
  stored: 'storageAlreadyStored',
  temperature: 'storageTemperatureMismatch',
  positionInvalid: 'storagePositionInvalid',
  positionTaken: 'storagePositionTaken',
  full: 'storageFull',
};

const RESULT_OF: Record<ImportRowProblem, ResultCodeValue> = {
  malformed: ResultCode.BAD_REQUEST,
  unknown: ResultCode.BAD_REQUEST,
  duplicate: ResultCode.BAD_REQUEST,
  disabled: ResultCode.INVALID_STATE,
  notSigned: ResultCode.INVALID_STATE,
  stored: ResultCode.INVALID_STATE,
  temperature: ResultCode.BAD_REQUEST,
  positionInvalid: ResultCode.BAD_REQUEST,
  positionTaken: ResultCode.DUPLICATE,
  full: ResultCode.BAD_REQUEST,
};

/** What a problem message may name about the container. */
export interface MessageContainer {
  deviceName: string;
  rows: number;
  cols: number;
  capacity: number;
  stored: number;
}

export function problemParams(problem: ImportRowProblem, items: PlanItem[], container: MessageContainer) {
  return {
    codes: codeList(items.map((i) => i.barcode)),
    positions: codeList(items.map((i) => i.position ?? '?')),
    device: container.deviceName,
    rows: container.rows,
    cols: container.cols,
    free: container.capacity - container.stored,
    needed: items.length,
    problem,
  };
}

/** All or none: refuses the plan with every sample of its first kind of problem. */
export function assertPlanClean(plan: PlanItem[], container: MessageContainer): void {
  const bad = plan.filter((i) => i.problem !== null);
  const first = bad[0]?.problem;
  if (!first) return;
  const same = bad.filter((i) => i.problem === first);
  throw new ApiError(RESULT_OF[first], {
    key: PROBLEM_MESSAGE[first],
    params: problemParams(first, same, container),
  });
}

export function assertUsable(container: { enabled: boolean; deviceEnabled: boolean }): void {
  if (!container.enabled || !container.deviceEnabled)
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'storageDeviceDisabled' });
}

/** Checks an import's row count before anything is looked up. */
export function assertImportSize<T>(rows: T[] | null): T[] {
  if (!rows) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageImportUnreadable' });
  if (rows.length === 0) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageImportEmpty' });
  if (rows.length > IMPORT_MAX_ROWS)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'storageImportTooMany',
      params: { max: IMPORT_MAX_ROWS },
    });
  return rows;
}

/**
 * A container can change its grid or device only while no sample would end up outside it:
 * returns the first occupied cell that would, if any.
 */
export function cellOutside(
  occupied: Array<{ row: number; col: number }>,
  next: { rows: number; cols: number; deviceId: number },
  currentDeviceId: number,
): { row: number; col: number } | undefined {
  return (
    occupied.find((o) => o.row > next.rows || o.col > next.cols) ??
    (next.deviceId !== currentDeviceId ? occupied[0] : undefined)
  );
}

/** The fields an update really changes, old and new side by side for the log and the audit. */
export function changedFields(old: object, values: object) {
  const before = old as Record<string, unknown>;
  const newValue = Object.fromEntries(Object.entries(values).filter(([k, v]) => before[k] !== v));
  const oldValue = Object.fromEntries(Object.keys(newValue).map((k) => [k, before[k]]));
  return { oldValue, newValue };
}
