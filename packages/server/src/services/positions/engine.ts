// The position engine: the one way a specimen's place in the library changes (docs/library.md).
// Placement, auto-allocation and its commit, moves, evacuation, outbound, return and destruction
// (and the rack-scanner import, later) and the bills all call `assign`, which checks the target against
// the unit's status and condition, the inherited restrictions and blocked cells, writes the position,
// the box and unit counters and one custody event per specimen, in the caller's transaction.
//
// Locks, always in this order so that concurrent writers never deadlock: the specimens (by id), the
// boxes they leave or enter (by id, FOR UPDATE), the racks, units and rooms above the targets (FOR KEY
// SHARE: a restriction or status change takes FOR UPDATE on its level and waits), then the unit
// counters (by id). The unique indexes on specimen_positions decide any race left (an allocation
// reserves without locking its boxes).
import {
  BOX_FILL_ORDERS,
  type BoxGrid,
  CUSTODY_ACTION_WORDS,
  type CustodyAction,
  cellLabel,
  cellsInFillOrder,
  type Lang,
  LIBRARY_LEVEL_WORDS,
  LIBRARY_STATE_WORDS,
  type LibraryState,
  libraryWord,
  localName,
  RESERVATION_MS,
  RESTRICTION_KIND_WORDS,
  type RestrictionKind,
  type RestrictionLevel,
  ResultCode,
  type ResultCodeValue,
  UNIT_STATUS_WORDS,
} from '@trialab/api-contract';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { temperatures } from '../../db/schema.js';
import {
  blockedPositions,
  custodyEvents,
  specimenPositions,
  storageBoxes,
  storageRacks,
  storageRestrictions,
  storageRooms,
  storageUnits,
} from '../../db/schema-library.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { ApiError } from '../../lib/errors.js';
import { holdProblem } from './holds.js';
import type { POSITION_MESSAGES } from './messages.js';

/** Which library states each action starts from, and where it leaves the specimen. */
const FLOW: Record<Exclude<CustodyAction, 'boxMove'>, { from: LibraryState[]; to: LibraryState }> = {
  place: { from: ['none'], to: 'stored' },
  import: { from: ['none'], to: 'stored' },
  move: { from: ['stored'], to: 'stored' },
  evacuate: { from: ['stored'], to: 'stored' },
  outbound: { from: ['stored'], to: 'out' },
  return: { from: ['out'], to: 'stored' },
  destroy: { from: ['none', 'stored'], to: 'destroyed' },
};
const TAKES_CELL = new Set<CustodyAction>(['place', 'import', 'move', 'evacuate', 'return']);

/** A cell of a box; bags and bins have none (row and col null). */
export interface Cell {
  boxId: number;
  row: number | null;
  col: number | null;
}

export type Assignment =
  | { action: 'place' | 'import' | 'move' | 'evacuate' | 'return'; specimenId: number; to: Cell }
  | { action: 'outbound' | 'destroy'; specimenId: number };

export interface Custody {
  userId: number;
  at: Date;
  /** Groups the events of one request. */
  batchId: string;
  reference?: string | null;
  reason?: string | null;
  /** The reservation whose cells this placement commits. */
  reservationId?: string;
}

export interface SpecimenRow {
  id: number;
  code: string;
  projectId: number;
  parentId: number | null;
  sampleTypeId: number | null;
  temperatureId: number | null;
  status: string;
  storage: string;
  library: string;
}

export type BoxRow = typeof storageBoxes.$inferSelect;
type PositionRow = typeof specimenPositions.$inferSelect;

const refuse = (
  code: ResultCodeValue,
  key: keyof typeof POSITION_MESSAGES,
  params: Record<string, string | number> = {},
) => new ApiError(code, { key, params });

export function boxGrid(box: Pick<BoxRow, 'rows' | 'cols' | 'labels' | 'fillOrder'>): BoxGrid {
  return {
    rows: box.rows ?? 0,
    cols: box.cols ?? 0,
    labels: box.labels === 'numeric' ? 'numeric' : 'alnum',
    fillOrder: box.fillOrder === BOX_FILL_ORDERS[1] ? 'column' : 'row',
  };
}

/** A cell as people read it: `BOX-01 C7`, or the box code alone for a bag. */
export function cellText(box: Pick<BoxRow, 'cols' | 'labels'>, row: number | null, col: number | null) {
  return row === null || col === null
    ? ''
    : cellLabel(boxGrid({ ...box, rows: 0, fillOrder: 'row' }), row, col);
}

/** Locks the specimens (in id order) and reads what the rules need. */
export async function lockSpecimens(db: Executor, ids: number[]): Promise<Map<number, SpecimenRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: specimenBarcodes.id,
      code: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      parentId: specimenBarcodes.parentId,
      sampleTypeId: specimenBarcodes.sampleTypeId,
      temperatureId: specimenBarcodes.temperatureId,
      status: specimenBarcodes.status,
      storage: specimenBarcodes.storage,
      library: specimenBarcodes.library,
    })
    .from(specimenBarcodes)
    .where(inArray(specimenBarcodes.id, ids))
    .orderBy(specimenBarcodes.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

async function lockBoxes(db: Executor, ids: number[]): Promise<Map<number, BoxRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(storageBoxes)
    .where(inArray(storageBoxes.id, ids))
    .orderBy(storageBoxes.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a target box sits in, with the restrictions of every level above it (units and rooms KEY SHARE). */
export async function chainsOf(db: Executor, boxes: BoxRow[]) {
  const unitIds = [...new Set(boxes.map((b) => b.unitId))];
  const rackIds = [...new Set(boxes.flatMap((b) => (b.rackId ? [b.rackId] : [])))];
  const units = unitIds.length
    ? await db
        .select({
          id: storageUnits.id,
          code: storageUnits.code,
          name: storageUnits.name,
          roomId: storageUnits.roomId,
          status: storageUnits.status,
          temperatureId: storageUnits.temperatureId,
        })
        .from(storageUnits)
        .where(inArray(storageUnits.id, unitIds))
        .orderBy(storageUnits.id)
        .for('key share')
    : [];
  const racks = rackIds.length
    ? await db
        .select({ id: storageRacks.id, code: storageRacks.code })
        .from(storageRacks)
        .where(inArray(storageRacks.id, rackIds))
        .orderBy(storageRacks.id)
        .for('key share')
    : [];
  const roomIds = [...new Set(units.map((u) => u.roomId))];
  const rooms = roomIds.length
    ? await db
        .select({ id: storageRooms.id, code: storageRooms.code, name: storageRooms.name })
        .from(storageRooms)
        .where(inArray(storageRooms.id, roomIds))
        .orderBy(storageRooms.id)
        .for('key share')
    : [];
  const levels: Array<[RestrictionLevel, number[]]> = [
    ['room', roomIds],
    ['unit', unitIds],
    ['rack', rackIds],
    ['box', boxes.map((b) => b.id)],
  ];
  const conditions = levels
    .filter(([, ids]) => ids.length > 0)
    .map(([level, ids]) =>
      and(eq(storageRestrictions.level, level), inArray(storageRestrictions.levelId, ids)),
    );
  const restrictions = conditions.length
    ? await db
        .select()
        .from(storageRestrictions)
        .where(or(...conditions))
    : [];
  const temps = await db
    .select({ id: temperatures.id, name: temperatures.name, enName: temperatures.enName })
    .from(temperatures);
  return {
    units: new Map(units.map((u) => [u.id, u])),
    racks: new Map(racks.map((r) => [r.id, r])),
    rooms: new Map(rooms.map((r) => [r.id, r])),
    restrictions,
    temperatureName: (id: number | null, lang: Lang) => {
      const t = temps.find((x) => x.id === id);
      return t ? localName(t, lang) : '';
    },
  };
}
export type Chains = Awaited<ReturnType<typeof chainsOf>>;

/** The first rule a specimen breaks in this box (unit status and condition, restrictions), if any. */
export function targetProblem(
  lang: Lang,
  chains: Chains,
  box: BoxRow,
  specimen: SpecimenRow,
  action: CustodyAction,
): ApiError | undefined {
  const unit = chains.units.get(box.unitId);
  if (!unit) return refuse(ResultCode.NOT_FOUND, 'positionsBoxMissing');
  const takes = unit.status === 'active' || (action === 'evacuate' && unit.status === 'backup');
  if (!takes)
    return refuse(ResultCode.INVALID_STATE, 'positionsUnitInactive', {
      unit: unit.name,
      status: libraryWord(UNIT_STATUS_WORDS, unit.status, lang),
    });
  if (specimen.temperatureId !== null && specimen.temperatureId !== unit.temperatureId)
    return refuse(ResultCode.BAD_REQUEST, 'positionsTemperature', {
      code: specimen.code,
      need: chains.temperatureName(specimen.temperatureId, lang),
      unit: unit.name,
      has: chains.temperatureName(unit.temperatureId, lang),
    });
  return restrictionProblem(lang, chains, box, specimen);
}

/**
 * The first restriction of the levels above a cell of this box (room, unit, rack, box) the specimen
 * breaks, if any: also what a batch edit of a stored specimen's sample type is checked against.
 */
export function restrictionProblem(
  lang: Lang,
  chains: Chains,
  box: BoxRow,
  specimen: Pick<SpecimenRow, 'code' | 'projectId' | 'sampleTypeId' | 'temperatureId'>,
): ApiError | undefined {
  const unit = chains.units.get(box.unitId);
  if (!unit) return refuse(ResultCode.NOT_FOUND, 'positionsBoxMissing');
  const levels: Array<[RestrictionLevel, number | null, string]> = [
    ['room', unit.roomId, chains.rooms.get(unit.roomId)?.name ?? ''],
    ['unit', unit.id, unit.name],
    ['rack', box.rackId, box.rackId ? (chains.racks.get(box.rackId)?.code ?? '') : ''],
    ['box', box.id, box.code],
  ];
  for (const [level, levelId, name] of levels) {
    if (levelId === null) continue;
    const own = chains.restrictions.filter((r) => r.level === level && r.levelId === levelId);
    const broken = restrictionBroken(own, specimen);
    if (broken)
      return refuse(ResultCode.BAD_REQUEST, 'positionsRestricted', {
        code: specimen.code,
        level: libraryWord(LIBRARY_LEVEL_WORDS, level, lang),
        name,
        kind: libraryWord(RESTRICTION_KIND_WORDS, broken, lang),
      });
  }
  return undefined;
}

export const levelWord = (level: RestrictionLevel, lang: Lang) =>
  libraryWord(LIBRARY_LEVEL_WORDS, level, lang);

/** The first rule one of these specimens breaks in this box (for a box moved with its contents). */
export async function targetProblemFor(
  db: Executor,
  lang: Lang,
  box: BoxRow,
  specimens: SpecimenRow[],
  action: CustodyAction,
): Promise<ApiError | undefined> {
  const chains = await chainsOf(db, [box]);
  const empty = {
    id: 0,
    code: '',
    projectId: 0,
    parentId: null,
    sampleTypeId: null,
    temperatureId: null,
    status: '',
    storage: '',
    library: '',
  };
  for (const s of specimens.length > 0 ? specimens : [empty]) {
    const problem = targetProblem(lang, chains, box, s, action);
    if (problem && (specimens.length > 0 || problem.options.key === 'positionsUnitInactive')) return problem;
  }
  return undefined;
}

/** The kind of restriction (of one level) the specimen breaks: each kind set must list its value. */
export function restrictionBroken(
  rules: Array<{ kind: string; valueId: number }>,
  specimen: Pick<SpecimenRow, 'projectId' | 'sampleTypeId' | 'temperatureId'>,
): RestrictionKind | undefined {
  const value: Record<RestrictionKind, number | null> = {
    project: specimen.projectId,
    sampleType: specimen.sampleTypeId,
    temperature: specimen.temperatureId,
  };
  for (const kind of ['project', 'sampleType', 'temperature'] as const) {
    const allowed = rules.filter((r) => r.kind === kind).map((r) => r.valueId);
    if (allowed.length > 0 && !allowed.includes(value[kind] ?? -1)) return kind;
  }
  return undefined;
}

function stateProblem(lang: Lang, specimen: SpecimenRow, action: Exclude<CustodyAction, 'boxMove'>) {
  const state = specimen.library as LibraryState;
  if (!FLOW[action].from.includes(state))
    return refuse(ResultCode.INVALID_STATE, 'positionsState', {
      code: specimen.code,
      state: libraryWord(LIBRARY_STATE_WORDS, state, lang),
      action: libraryWord(CUSTODY_ACTION_WORDS, action, lang),
    });
  if ((action === 'place' || action === 'import') && specimen.status !== 'signed')
    return refuse(ResultCode.INVALID_STATE, 'positionsNotSigned', { code: specimen.code });
  if (TAKES_CELL.has(action) && specimen.storage === 'stored')
    return refuse(ResultCode.INVALID_STATE, 'positionsInTempStorage', { code: specimen.code });
  return undefined;
}

/** Whether a position row holds its cell now: stored, or reserved and not yet expired. */
export const isLive = (p: Pick<PositionRow, 'status' | 'expiresAt'>, now: Date) =>
  p.status === 'stored' || (p.expiresAt !== null && p.expiresAt.getTime() > now.getTime());

/**
 * Applies a batch of assignments all or none. Throws the first refusal (naming the specimen and the
 * cell); on success the positions, counters, specimen states and custody events are written.
 */
export async function assign(
  db: Executor,
  lang: Lang,
  assignments: Assignment[],
  custody: Custody,
): Promise<Array<{ specimenId: number; code: string; box: string | null; position: string | null }>> {
  const ids = assignments.map((a) => a.specimenId);
  const seen = new Set<number>();
  const twice = ids.filter((id) => seen.has(id) || !seen.add(id));
  const specimens = await lockSpecimens(db, [...new Set(ids)]);
  if (twice.length > 0)
    throw refuse(ResultCode.BAD_REQUEST, 'positionsTwice', {
      codes: twice.map((id) => specimens.get(id)?.code ?? id).join(', '),
    });
  const missing = ids.filter((id) => !specimens.has(id));
  if (missing.length > 0)
    throw refuse(ResultCode.NOT_FOUND, 'positionsSpecimenMissing', { codes: missing.join(', ') });
  const held = await holdProblem(
    db,
    lang,
    assignments.map((a) => ({
      id: a.specimenId,
      code: specimens.get(a.specimenId)?.code ?? '',
      action: a.action,
    })),
    custody.reference,
  );
  if (held) throw held;

  const current = ids.length
    ? await db.select().from(specimenPositions).where(inArray(specimenPositions.specimenId, ids))
    : [];
  const currentOf = new Map(current.map((p) => [p.specimenId, p]));
  const targetIds = assignments.flatMap((a) => ('to' in a ? [a.to.boxId] : []));
  const boxes = await lockBoxes(db, [...new Set([...targetIds, ...current.map((p) => p.boxId)])]);
  const targets = [...new Set(targetIds)].map((id) => boxes.get(id));
  if (targets.some((b) => !b)) throw refuse(ResultCode.NOT_FOUND, 'positionsBoxMissing');
  const chains = await chainsOf(db, targets as BoxRow[]);
  const targetList = targets as BoxRow[];
  const occupied = targetList.length
    ? await db
        .select()
        .from(specimenPositions)
        .where(
          inArray(
            specimenPositions.boxId,
            targetList.map((b) => b.id),
          ),
        )
    : [];
  const blocks = targetList.length
    ? await db
        .select()
        .from(blockedPositions)
        .where(
          inArray(
            blockedPositions.boxId,
            targetList.map((b) => b.id),
          ),
        )
    : [];

  // Cells: taken unless their specimen leaves them in this batch (or an expired or own reservation).
  const leaving = new Set(ids);
  const cellKey = (boxId: number, row: number | null, col: number | null) => `${boxId}:${row}:${col}`;
  const taken = new Set(
    occupied
      .filter((p) => !leaving.has(p.specimenId) && isLive(p, custody.at))
      .map((p) => cellKey(p.boxId, p.row, p.col)),
  );
  const bagCount = new Map<number, number>();
  const boxDelta = new Map<number, number>();
  const bump = (m: Map<number, number>, id: number, by: number) => m.set(id, (m.get(id) ?? 0) + by);

  const writes: Array<{ a: Assignment; specimen: SpecimenRow; from?: PositionRow; to?: BoxRow }> = [];
  for (const a of assignments) {
    const specimen = specimens.get(a.specimenId) as SpecimenRow;
    const problem = stateProblem(lang, specimen, a.action);
    if (problem) throw problem;
    const own = currentOf.get(specimen.id);
    let from: PositionRow | undefined;
    if (own?.status === 'stored') from = own;
    else if (own && isLive(own, custody.at) && own.reservationId !== custody.reservationId)
      throw refuse(ResultCode.INVALID_STATE, 'positionsReserved', { code: specimen.code });
    if (!('to' in a)) {
      writes.push({ a, specimen, ...(from ? { from } : {}) });
      continue;
    }
    const box = boxes.get(a.to.boxId) as BoxRow;
    const bad = targetProblem(lang, chains, box, specimen, a.action);
    if (bad) throw bad;
    if (box.kind === 'grid') {
      const { row, col } = a.to;
      if (row === null || col === null)
        throw refuse(ResultCode.BAD_REQUEST, 'positionsNeedCell', { box: box.code });
      const position = cellText(box, row, col);
      if (row < 1 || col < 1 || row > (box.rows ?? 0) || col > (box.cols ?? 0))
        throw refuse(ResultCode.BAD_REQUEST, 'positionsOutside', {
          box: box.code,
          position: `${row},${col}`,
        });
      const key = cellKey(box.id, row, col);
      if (taken.has(key)) throw refuse(ResultCode.DUPLICATE, 'positionsTaken', { box: box.code, position });
      const block = blocks.find((b) => b.boxId === box.id && b.row === row && b.col === col);
      if (block && block.projectId !== specimen.projectId)
        throw refuse(ResultCode.INVALID_STATE, 'positionsBlocked', {
          box: box.code,
          position,
          reason: block.reason,
        });
      taken.add(key);
    } else {
      const inBag = (bagCount.get(box.id) ?? box.stored) + (from?.boxId === box.id ? 0 : 1);
      if (box.capacity !== null && inBag > box.capacity)
        throw refuse(ResultCode.INVALID_STATE, 'positionsFull', { box: box.code });
      bagCount.set(box.id, inBag);
    }
    writes.push({ a, specimen, ...(from ? { from } : {}), to: box });
  }

  // Free every cell left (and expired or committed reservations of the targets), then fill.
  // (A batch specimen's own row is its stored cell, or a reservation expired or being committed.)
  const expired = occupied.filter((p) => p.status === 'reserved' && !isLive(p, custody.at)).map((p) => p.id);
  const toDelete = [...new Set([...expired, ...current.map((p) => p.id)])];
  if (toDelete.length > 0) await db.delete(specimenPositions).where(inArray(specimenPositions.id, toDelete));
  for (const w of writes) if (w.from) bump(boxDelta, w.from.boxId, -1);
  const inserts = writes.flatMap((w) =>
    w.to && 'to' in w.a
      ? [
          {
            specimenId: w.specimen.id,
            boxId: w.to.id,
            row: w.to.kind === 'grid' ? w.a.to.row : null,
            col: w.to.kind === 'grid' ? w.a.to.col : null,
            status: 'stored',
            placedBy: custody.userId,
            placedAt: custody.at,
          },
        ]
      : [],
  );
  for (const i of inserts) bump(boxDelta, i.boxId, 1);
  if (inserts.length > 0) {
    try {
      for (const chunk of chunks(inserts)) await db.insert(specimenPositions).values(chunk);
    } catch (error) {
      // An allocation reserved the cell meanwhile (it does not lock boxes): the index decides.
      if (isUniqueViolation(error)) throw refuse(ResultCode.DUPLICATE, 'positionsTakenMeanwhile');
      throw error;
    }
  }
  await applyCounters(db, boxes, boxDelta);

  const byState = new Map<LibraryState, number[]>();
  for (const w of writes) {
    const to = FLOW[w.a.action].to;
    if (to !== w.specimen.library) byState.set(to, [...(byState.get(to) ?? []), w.specimen.id]);
  }
  for (const [state, list] of byState)
    await db.update(specimenBarcodes).set({ library: state }).where(inArray(specimenBarcodes.id, list));
  const returned = writes.filter((w) => w.a.action === 'return').map((w) => w.specimen.id);
  if (returned.length > 0)
    await db
      .update(specimenBarcodes)
      .set({ freezeThaw: sql`${specimenBarcodes.freezeThaw} + 1` })
      .where(inArray(specimenBarcodes.id, returned));

  const events = writes.map((w) => {
    const fromBox = w.from ? boxes.get(w.from.boxId) : undefined;
    const toCell = 'to' in w.a ? w.a.to : undefined;
    return {
      specimenId: w.specimen.id,
      projectId: w.specimen.projectId,
      action: w.a.action,
      fromBoxId: fromBox?.id ?? null,
      fromUnitId: fromBox?.unitId ?? null,
      fromPosition: (fromBox && w.from && cellText(fromBox, w.from.row, w.from.col)) || null,
      toBoxId: w.to?.id ?? null,
      toUnitId: w.to?.unitId ?? null,
      toPosition: (w.to && toCell && cellText(w.to, toCell.row, toCell.col)) || null,
      batchId: custody.batchId,
      reference: custody.reference ?? null,
      reason: custody.reason ?? null,
      userId: custody.userId,
      at: custody.at,
    };
  });
  for (const chunk of chunks(events)) await db.insert(custodyEvents).values(chunk);
  return writes.map((w, i) => ({
    specimenId: w.specimen.id,
    code: w.specimen.code,
    box: w.to?.code ?? null,
    position: events[i]?.toPosition ?? null,
  }));
}

/**
 * Rows per INSERT: a statement binds at most 65,535 parameters (custody events have 14 columns), so
 * a move of thousands (an evacuation) is written in chunks.
 */
const INSERT_CHUNK = 2_000;
const chunks = <T>(rows: T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / INSERT_CHUNK) }, (_, i) =>
    rows.slice(i * INSERT_CHUNK, (i + 1) * INSERT_CHUNK),
  );

/** Box counters, then unit counters, each in id order (locks after the boxes'). */
async function applyCounters(db: Executor, boxes: Map<number, BoxRow>, boxDelta: Map<number, number>) {
  const unitDelta = new Map<number, number>();
  for (const [boxId, delta] of [...boxDelta].sort(([a], [b]) => a - b)) {
    if (delta === 0) continue;
    await db
      .update(storageBoxes)
      .set({ stored: sql`${storageBoxes.stored} + ${delta}` })
      .where(eq(storageBoxes.id, boxId));
    const unitId = boxes.get(boxId)?.unitId;
    if (unitId !== undefined) unitDelta.set(unitId, (unitDelta.get(unitId) ?? 0) + delta);
  }
  for (const [unitId, delta] of [...unitDelta].sort(([a], [b]) => a - b)) {
    if (delta === 0) continue;
    await db
      .update(storageUnits)
      .set({ stored: sql`${storageUnits.stored} + ${delta}` })
      .where(eq(storageUnits.id, unitId));
  }
}

export interface AllocationScope {
  unitId?: number | undefined;
  rackId?: number | undefined;
  boxId?: number | undefined;
}

/**
 * Auto-allocation: reserves cells for the specimens by the boxes' fill order (units, racks and boxes
 * in code and slot order, cells in the box's order), within every rule a placement checks, each
 * parent's aliquots kept in one box when one box has room for them all. Reserved cells are held for
 * RESERVATION_MS; `commitReservation` turns them into placements. Boxes are not locked: each cell is
 * claimed with INSERT .. ON CONFLICT DO NOTHING, so a concurrent allocator's cell is skipped.
 */
export async function allocate(
  db: Executor,
  lang: Lang,
  specimenIds: number[],
  scope: AllocationScope,
  custody: Custody,
): Promise<{
  reservationId: string;
  expiresAt: Date;
  cells: Array<{ specimenId: number; code: string; boxId: number; box: string; position: string }>;
}> {
  const ids = [...new Set(specimenIds)];
  const specimens = await lockSpecimens(db, ids);
  const missing = ids.filter((id) => !specimens.has(id));
  if (missing.length > 0)
    throw refuse(ResultCode.NOT_FOUND, 'positionsSpecimenMissing', { codes: missing.join(', ') });
  const held = await holdProblem(
    db,
    lang,
    [...specimens.values()].map((s) => ({ id: s.id, code: s.code, action: 'place' as const })),
    custody.reference,
  );
  if (held) throw held;
  const own = await db.select().from(specimenPositions).where(inArray(specimenPositions.specimenId, ids));
  for (const specimen of specimens.values()) {
    const problem = stateProblem(lang, specimen, 'place');
    if (problem) throw problem;
    const p = own.find((o) => o.specimenId === specimen.id);
    if (p && isLive(p, custody.at))
      throw refuse(ResultCode.INVALID_STATE, 'positionsReserved', { code: specimen.code });
  }
  const stale = own.map((p) => p.id);
  if (stale.length > 0) await db.delete(specimenPositions).where(inArray(specimenPositions.id, stale));

  const candidates = await db
    .select({ box: storageBoxes })
    .from(storageBoxes)
    .innerJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
    .leftJoin(storageRacks, eq(storageRacks.id, storageBoxes.rackId))
    .where(
      and(
        eq(storageBoxes.kind, 'grid'),
        eq(storageUnits.status, 'active'),
        sql`${storageBoxes.stored} < ${storageBoxes.capacity}`,
        scope.unitId ? eq(storageBoxes.unitId, scope.unitId) : undefined,
        scope.rackId ? eq(storageBoxes.rackId, scope.rackId) : undefined,
        scope.boxId ? eq(storageBoxes.id, scope.boxId) : undefined,
      ),
    )
    .orderBy(
      storageUnits.code,
      storageRacks.slot,
      storageBoxes.rackRow,
      storageBoxes.rackCol,
      storageBoxes.code,
    );
  const boxes = candidates.map((c) => c.box);
  const chains = await chainsOf(db, boxes);
  const reservationId = crypto.randomUUID();
  const expiresAt = new Date(custody.at.getTime() + RESERVATION_MS);

  // Aliquots of one parent (the parent itself included) travel as one group.
  const groups = new Map<number, SpecimenRow[]>();
  for (const s of specimens.values()) {
    const key = s.parentId ?? s.id;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const freeCache = new Map<number, Array<{ row: number; col: number }>>();
  const freeCells = async (box: BoxRow) => {
    let free = freeCache.get(box.id);
    if (!free) {
      await db
        .delete(specimenPositions)
        .where(
          and(
            eq(specimenPositions.boxId, box.id),
            eq(specimenPositions.status, 'reserved'),
            lte(specimenPositions.expiresAt, custody.at),
          ),
        );
      const used = await db
        .select({ row: specimenPositions.row, col: specimenPositions.col })
        .from(specimenPositions)
        .where(eq(specimenPositions.boxId, box.id));
      const blocked = await db
        .select({
          row: blockedPositions.row,
          col: blockedPositions.col,
          projectId: blockedPositions.projectId,
        })
        .from(blockedPositions)
        .where(eq(blockedPositions.boxId, box.id));
      const taken = new Set([...used, ...blocked].map((c) => `${c.row}:${c.col}`));
      free = cellsInFillOrder(boxGrid(box)).filter((c) => !taken.has(`${c.row}:${c.col}`));
      freeCache.set(box.id, free);
    }
    return free;
  };
  const cells: Array<{ specimenId: number; code: string; boxId: number; box: string; position: string }> = [];
  const fits = (box: BoxRow, s: SpecimenRow) => !targetProblem(lang, chains, box, s, 'place');
  const noRoom = () =>
    refuse(ResultCode.INVALID_STATE, 'positionsNoRoom', { needed: specimens.size, found: cells.length });
  // Plan every group's cells from the free cells in memory, then claim them in one statement: a cell
  // another allocator took meanwhile is skipped (ON CONFLICT DO NOTHING), and its specimen planned
  // again on the next free cell.
  let pending = [...groups.values()];
  while (pending.length > 0) {
    const planned: Array<{ specimen: SpecimenRow; box: BoxRow; row: number; col: number }> = [];
    for (const group of pending) {
      // One box for the whole group when one has room, else box after box.
      let home: BoxRow | undefined;
      for (const box of boxes)
        if (group.every((s) => fits(box, s)) && (await freeCells(box)).length >= group.length) {
          home = box;
          break;
        }
      for (const s of group) {
        let box = home;
        let cell = home ? (await freeCells(home)).shift() : undefined;
        for (const other of boxes) {
          if (cell) break;
          if (!fits(other, s)) continue;
          box = other;
          cell = (await freeCells(other)).shift();
        }
        if (!cell || !box) throw noRoom();
        planned.push({ specimen: s, box, row: cell.row, col: cell.col });
      }
    }
    const claimed = new Set(
      (
        await db
          .insert(specimenPositions)
          .values(
            planned.map((p) => ({
              specimenId: p.specimen.id,
              boxId: p.box.id,
              row: p.row,
              col: p.col,
              status: 'reserved',
              reservationId,
              expiresAt,
              placedBy: custody.userId,
              placedAt: custody.at,
            })),
          )
          .onConflictDoNothing()
          .returning({ specimenId: specimenPositions.specimenId })
      ).map((r) => r.specimenId),
    );
    for (const p of planned)
      if (claimed.has(p.specimen.id))
        cells.push({
          specimenId: p.specimen.id,
          code: p.specimen.code,
          boxId: p.box.id,
          box: p.box.code,
          position: cellText(p.box, p.row, p.col),
        });
    pending = planned.filter((p) => !claimed.has(p.specimen.id)).map((p) => [p.specimen]);
  }
  return { reservationId, expiresAt, cells };
}

/** Turns a reservation's cells into placements (through `assign`, so every rule is checked again). */
export async function commitReservation(db: Executor, lang: Lang, reservationId: string, custody: Custody) {
  const rows = await db
    .select()
    .from(specimenPositions)
    .where(eq(specimenPositions.reservationId, reservationId));
  if (rows.length === 0) throw refuse(ResultCode.NOT_FOUND, 'positionsReservationUnknown');
  if (rows.some((r) => !isLive(r, custody.at)))
    throw refuse(ResultCode.INVALID_STATE, 'positionsReservationExpired');
  return assign(
    db,
    lang,
    rows.map((r) => ({
      action: 'place' as const,
      specimenId: r.specimenId,
      to: { boxId: r.boxId, row: r.row, col: r.col },
    })),
    { ...custody, reservationId, reference: custody.reference ?? `reservation:${reservationId}` },
  );
}

/** Drops a reservation before it expires (the caller changed their mind). */
export async function releaseReservation(db: Executor, reservationId: string): Promise<number> {
  const rows = await db
    .delete(specimenPositions)
    .where(and(eq(specimenPositions.reservationId, reservationId), eq(specimenPositions.status, 'reserved')))
    .returning({ id: specimenPositions.id });
  return rows.length;
}
