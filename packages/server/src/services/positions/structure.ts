// Changes to the storage tree that the positions constrain: restrictions (never narrowed past an
// occupant), a box's grid (never shrunk below an occupied cell), blocked cells, a unit's status and
// condition, capacity counters, and moving a box with its specimens (custody events per specimen).
import {
  type Lang,
  RESTRICTION_KINDS,
  type RestrictionKind,
  type RestrictionLevel,
  ResultCode,
} from '@trialab/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
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
import { ApiError, notFound } from '../../lib/errors.js';
import { type Custody, cellText, isLive, levelWord, restrictionBroken, targetProblemFor } from './engine.js';

const LEVEL_TABLE = {
  room: storageRooms,
  unit: storageUnits,
  rack: storageRacks,
  box: storageBoxes,
} as const;

/** Locks one level row FOR UPDATE (placements below it wait: they read it FOR KEY SHARE). */
async function lockLevel(db: Executor, level: RestrictionLevel, id: number): Promise<void> {
  const table = LEVEL_TABLE[level];
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
  if (rows.length === 0) throw notFound();
}

/** The stored specimens anywhere below a level, with where they are. */
async function occupantsBelow(db: Executor, level: RestrictionLevel, id: number) {
  const where =
    level === 'box'
      ? eq(storageBoxes.id, id)
      : level === 'rack'
        ? eq(storageBoxes.rackId, id)
        : level === 'unit'
          ? eq(storageBoxes.unitId, id)
          : eq(storageUnits.roomId, id);
  return db
    .select({
      code: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      sampleTypeId: specimenBarcodes.sampleTypeId,
      temperatureId: specimenBarcodes.temperatureId,
      box: storageBoxes.code,
      cols: storageBoxes.cols,
      labels: storageBoxes.labels,
      row: specimenPositions.row,
      col: specimenPositions.col,
    })
    .from(specimenPositions)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenPositions.specimenId))
    .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
    .innerJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
    .where(and(eq(specimenPositions.status, 'stored'), where))
    .orderBy(storageBoxes.code, specimenPositions.row, specimenPositions.col);
}

export type RestrictionSet = Record<RestrictionKind, number[]>;

/** The restrictions set on one level, by kind. */
export async function restrictionsOf(
  db: Executor,
  level: RestrictionLevel,
  id: number,
): Promise<RestrictionSet> {
  const rows = await db
    .select({ kind: storageRestrictions.kind, valueId: storageRestrictions.valueId })
    .from(storageRestrictions)
    .where(and(eq(storageRestrictions.level, level), eq(storageRestrictions.levelId, id)))
    .orderBy(storageRestrictions.valueId);
  const set: RestrictionSet = { project: [], sampleType: [], temperature: [] };
  for (const r of rows) set[r.kind as RestrictionKind]?.push(r.valueId);
  return set;
}

/**
 * Replaces a level's restrictions. Refused while a specimen below the level would break them (the
 * message names the first one and its cell): narrowing never strands an occupant.
 */
export async function setRestrictions(
  db: Executor,
  lang: Lang,
  level: RestrictionLevel,
  id: number,
  set: RestrictionSet,
): Promise<{ before: RestrictionSet; after: RestrictionSet }> {
  await lockLevel(db, level, id);
  const before = await restrictionsOf(db, level, id);
  const rules = RESTRICTION_KINDS.flatMap((kind) =>
    [...new Set(set[kind])].map((valueId) => ({ kind, valueId })),
  );
  for (const o of await occupantsBelow(db, level, id)) {
    if (restrictionBroken(rules, o))
      throw new ApiError(ResultCode.INVALID_STATE, {
        key: 'positionsRestrictionBroken',
        params: {
          level: levelWord(level, lang),
          code: o.code,
          box: o.box,
          position: cellText(o, o.row, o.col),
        },
      });
  }
  await db
    .delete(storageRestrictions)
    .where(and(eq(storageRestrictions.level, level), eq(storageRestrictions.levelId, id)));
  if (rules.length > 0)
    await db.insert(storageRestrictions).values(rules.map((r) => ({ level, levelId: id, ...r })));
  return { before, after: await restrictionsOf(db, level, id) };
}

/** Adds (or takes away) capacity of a unit when boxes are added, resized or moved. */
export async function addUnitCapacity(db: Executor, unitId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .update(storageUnits)
    .set({ capacity: sql`${storageUnits.capacity} + ${delta}` })
    .where(eq(storageUnits.id, unitId));
}

/** Changes a grid box's size; refused when an occupied or reserved cell would fall outside it. */
export async function resizeBox(
  db: Executor,
  boxId: number,
  grid: { rows: number; cols: number },
  now: Date,
): Promise<{ before: { rows: number | null; cols: number | null } }> {
  const [box] = await db.select().from(storageBoxes).where(eq(storageBoxes.id, boxId)).for('update');
  if (!box) throw notFound();
  if (box.kind !== 'grid')
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'positionsNeedCell', params: { box: box.code } });
  const cells = await db
    .select({
      row: specimenPositions.row,
      col: specimenPositions.col,
      status: specimenPositions.status,
      expiresAt: specimenPositions.expiresAt,
    })
    .from(specimenPositions)
    .where(eq(specimenPositions.boxId, boxId));
  const outside = cells.find((c) => isLive(c, now) && ((c.row ?? 0) > grid.rows || (c.col ?? 0) > grid.cols));
  if (outside)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'positionsBoxShrink',
      params: { box: box.code, position: cellText(box, outside.row, outside.col) },
    });
  const capacity = grid.rows * grid.cols;
  await db
    .update(storageBoxes)
    .set({
      rows: grid.rows,
      cols: grid.cols,
      capacity,
      updatedAt: now,
      version: sql`${storageBoxes.version} + 1`,
    })
    .where(eq(storageBoxes.id, boxId));
  await db
    .delete(blockedPositions)
    .where(
      and(
        eq(blockedPositions.boxId, boxId),
        sql`(${blockedPositions.row} > ${grid.rows} OR ${blockedPositions.col} > ${grid.cols})`,
      ),
    );
  await addUnitCapacity(db, box.unitId, capacity - (box.capacity ?? 0));
  return { before: { rows: box.rows, cols: box.cols } };
}

/** Blocks a free cell (broken, or held for one project); refused when a specimen holds it. */
export async function blockCell(
  db: Executor,
  cell: { boxId: number; row: number; col: number; projectId: number | null; reason: string },
  by: { userId: number; at: Date },
): Promise<string> {
  const [box] = await db.select().from(storageBoxes).where(eq(storageBoxes.id, cell.boxId)).for('update');
  if (!box) throw notFound();
  const position = cellText(box, cell.row, cell.col);
  if (box.kind !== 'grid' || cell.row > (box.rows ?? 0) || cell.col > (box.cols ?? 0))
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'positionsOutside',
      params: { box: box.code, position: `${cell.row},${cell.col}` },
    });
  const [held] = await db
    .select({ status: specimenPositions.status, expiresAt: specimenPositions.expiresAt })
    .from(specimenPositions)
    .where(
      and(
        eq(specimenPositions.boxId, box.id),
        eq(specimenPositions.row, cell.row),
        eq(specimenPositions.col, cell.col),
      ),
    );
  if (held && isLive(held, by.at))
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'positionsCellOccupied',
      params: { box: box.code, position },
    });
  try {
    await db.insert(blockedPositions).values({ ...cell, blockedBy: by.userId, blockedAt: by.at });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(ResultCode.DUPLICATE, {
        key: 'positionsAlreadyBlocked',
        params: { box: box.code, position },
      });
    throw error;
  }
  return position;
}

export async function unblockCell(db: Executor, cell: { boxId: number; row: number; col: number }) {
  const rows = await db
    .delete(blockedPositions)
    .where(
      and(
        eq(blockedPositions.boxId, cell.boxId),
        eq(blockedPositions.row, cell.row),
        eq(blockedPositions.col, cell.col),
      ),
    )
    .returning();
  if (rows.length === 0) throw notFound();
  return rows[0];
}

/**
 * Moves a box with its specimens to a rack slot (or loose into a unit): the target unit takes it
 * (active; backup for an evacuation), every specimen in it meets the target's condition and
 * restrictions, the slot is free (the slot index decides a race). Counters move with it and each
 * specimen gets a custody event.
 */
export async function moveBox(
  db: Executor,
  lang: Lang,
  boxId: number,
  target: { unitId: number; rackId: number | null; rackRow: number | null; rackCol: number | null },
  custody: Custody,
  evacuation = false,
): Promise<{ from: { unitId: number; rackId: number | null } }> {
  const [box] = await db.select().from(storageBoxes).where(eq(storageBoxes.id, boxId)).for('update');
  if (!box) throw notFound();
  let unitId = target.unitId;
  let rackCode = '';
  if (target.rackId !== null) {
    const [rack] = await db
      .select()
      .from(storageRacks)
      .where(eq(storageRacks.id, target.rackId))
      .for('key share');
    if (!rack) throw notFound();
    unitId = rack.unitId;
    rackCode = rack.code;
    const slot = `${target.rackRow},${target.rackCol}`;
    if (
      target.rackRow === null ||
      target.rackCol === null ||
      target.rackRow < 1 ||
      target.rackCol < 1 ||
      target.rackRow > rack.rows ||
      target.rackCol > rack.cols
    )
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'positionsSlotOutside',
        params: { slot, rack: rack.code },
      });
  }
  const moved = { ...box, unitId, rackId: target.rackId };
  const inside = await db
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
      row: specimenPositions.row,
      col: specimenPositions.col,
    })
    .from(specimenPositions)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenPositions.specimenId))
    .where(and(eq(specimenPositions.boxId, box.id), eq(specimenPositions.status, 'stored')));
  const problem = await targetProblemFor(db, lang, moved, inside, evacuation ? 'evacuate' : 'boxMove');
  if (problem) throw problem;
  try {
    await db
      .update(storageBoxes)
      .set({
        unitId,
        rackId: target.rackId,
        rackRow: target.rackId === null ? null : target.rackRow,
        rackCol: target.rackId === null ? null : target.rackCol,
        updatedAt: custody.at,
        version: sql`${storageBoxes.version} + 1`,
      })
      .where(eq(storageBoxes.id, box.id));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(ResultCode.DUPLICATE, {
        key: 'positionsSlotTaken',
        params: { slot: `${target.rackRow},${target.rackCol}`, rack: rackCode },
      });
    throw error;
  }
  if (unitId !== box.unitId) {
    for (const [id, sign] of [
      [box.unitId, -1],
      [unitId, 1],
    ].sort(([a = 0], [b = 0]) => a - b) as Array<[number, number]>)
      await db
        .update(storageUnits)
        .set({
          stored: sql`${storageUnits.stored} + ${sign * box.stored}`,
          capacity: sql`${storageUnits.capacity} + ${sign * (box.capacity ?? 0)}`,
        })
        .where(eq(storageUnits.id, id));
  }
  if (inside.length > 0)
    await db.insert(custodyEvents).values(
      inside.map((s) => {
        const position = cellText(box, s.row, s.col) || null;
        return {
          specimenId: s.id,
          projectId: s.projectId,
          action: evacuation ? 'evacuate' : 'boxMove',
          fromBoxId: box.id,
          fromUnitId: box.unitId,
          fromPosition: position,
          toBoxId: box.id,
          toUnitId: unitId,
          toPosition: position,
          batchId: custody.batchId,
          reference: custody.reference ?? null,
          reason: custody.reason ?? null,
          userId: custody.userId,
          at: custody.at,
        };
      }),
    );
  return { from: { unitId: box.unitId, rackId: box.rackId } };
}

/** A unit's status or condition change: the condition stays while it holds specimens of it. */
export async function lockUnitForChange(db: Executor, unitId: number) {
  const [unit] = await db.select().from(storageUnits).where(eq(storageUnits.id, unitId)).for('update');
  if (!unit) throw notFound();
  return unit;
}

/** Specimens of a unit whose condition differs from `temperatureId` (a condition change must not strand them). */
export async function otherConditionIn(
  db: Executor,
  unitId: number,
  temperatureId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ code: specimenBarcodes.code })
    .from(specimenPositions)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenPositions.specimenId))
    .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
    .where(
      and(
        eq(storageBoxes.unitId, unitId),
        eq(specimenPositions.status, 'stored'),
        sql`${specimenBarcodes.temperatureId} IS NOT NULL AND ${specimenBarcodes.temperatureId} <> ${temperatureId}`,
      ),
    )
    .limit(1);
  return row?.code;
}
