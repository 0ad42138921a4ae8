import {
  MAINTENANCE_REMIND_DAYS,
  type MaintenanceState,
  type MaintenanceTask,
  type StorageBoxItem,
  type StorageRackItem,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import {
  blockedPositions,
  boxTypes,
  rackTypes,
  storageBoxes,
  storageRacks,
  storageRooms,
  storageUnits,
} from '../../db/schema-library.js';
import { unitMaintenanceTasks as tasks } from '../../db/schema-library-maintenance.js';
import { pageOf } from '../../lib/paging.js';
import { boxColumns } from '../library/repository.js';

type Page = { page: number; size: number };

/** Occupancy of a rack: sums of its boxes' counters (the engine keeps them; no count over positions). */
const rackBoxes = (what: SQL) =>
  sql<number>`(select ${what} from ${storageBoxes} b where b.rack_id = ${storageRacks.id})::int`;

export async function pageRacks(db: Executor, where: SQL | undefined, page: Page) {
  return pageOf(
    db
      .select({ n: count() })
      .from(storageRacks)
      .innerJoin(storageUnits, eq(storageUnits.id, storageRacks.unitId))
      .where(where),
    db
      .select({
        id: storageRacks.id,
        code: storageRacks.code,
        unitId: storageRacks.unitId,
        unitCode: storageUnits.code,
        unitName: storageUnits.name,
        unitStatus: storageUnits.status,
        roomName: storageRooms.name,
        slot: storageRacks.slot,
        rackTypeId: storageRacks.rackTypeId,
        rackTypeName: rackTypes.name,
        rows: storageRacks.rows,
        cols: storageRacks.cols,
        boxes: rackBoxes(sql`count(*)`),
        stored: rackBoxes(sql`coalesce(sum(b.stored), 0)`),
        capacity: rackBoxes(sql`coalesce(sum(b.capacity), 0)`),
        version: storageRacks.version,
      })
      .from(storageRacks)
      .innerJoin(storageUnits, eq(storageUnits.id, storageRacks.unitId))
      .innerJoin(storageRooms, eq(storageRooms.id, storageUnits.roomId))
      .innerJoin(rackTypes, eq(rackTypes.id, storageRacks.rackTypeId))
      .where(where)
      .orderBy(asc(storageUnits.code), asc(storageRacks.slot)),
    page,
    (r) => r as StorageRackItem,
  );
}

export async function pageBoxes(db: Executor, where: SQL | undefined, page: Page) {
  return pageOf(
    db
      .select({ n: count() })
      .from(storageBoxes)
      .innerJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
      .where(where),
    db
      .select({
        ...boxColumns,
        unitCode: storageUnits.code,
        unitName: storageUnits.name,
        unitStatus: storageUnits.status,
        roomName: storageRooms.name,
        rackCode: storageRacks.code,
        boxTypeName: boxTypes.name,
        blocked: sql<number>`(select count(*) from ${blockedPositions} k where k.box_id = ${storageBoxes.id})::int`,
      })
      .from(storageBoxes)
      .innerJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
      .innerJoin(storageRooms, eq(storageRooms.id, storageUnits.roomId))
      .innerJoin(boxTypes, eq(boxTypes.id, storageBoxes.boxTypeId))
      .leftJoin(storageRacks, eq(storageRacks.id, storageBoxes.rackId))
      .where(where)
      .orderBy(
        asc(storageUnits.code),
        asc(storageRacks.slot),
        asc(storageBoxes.rackRow),
        asc(storageBoxes.rackCol),
        asc(storageBoxes.code),
      ),
    page,
    (r) => r as StorageBoxItem,
  );
}

// ---- maintenance ----

/**
 * A task's state seen at `now` (a timestamptz expression): done once recorded, overdue after its
 * due day, due from MAINTENANCE_REMIND_DAYS before it, else planned; "today" is in the time zone
 * the task was planned in. The list (the request's clock) and the to-do (the database's) read this.
 */
export function taskState(now: SQL): SQL<MaintenanceState> {
  const today = sql`((${now}) AT TIME ZONE ${tasks.timeZone})::date`;
  return sql<MaintenanceState>`CASE WHEN ${tasks.doneAt} IS NOT NULL THEN 'done' WHEN ${tasks.dueOn} < ${today} THEN 'overdue' WHEN ${tasks.dueOn} <= ${today} + ${sql.raw(String(MAINTENANCE_REMIND_DAYS))} THEN 'due' ELSE 'planned' END`;
}

export const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const doneBy = alias(users, 'done_by_user');

export async function pageTasks(db: Executor, where: SQL | undefined, now: Date, page: Page) {
  return pageOf(
    db
      .select({ n: count() })
      .from(tasks)
      .innerJoin(storageUnits, eq(storageUnits.id, tasks.unitId))
      .where(where),
    db
      .select({
        id: tasks.id,
        unitId: tasks.unitId,
        unitCode: storageUnits.code,
        unitName: storageUnits.name,
        unitStatus: storageUnits.status,
        roomName: storageRooms.name,
        kind: tasks.kind,
        dueOn: tasks.dueOn,
        intervalDays: tasks.intervalDays,
        remark: tasks.remark,
        status: taskState(instant(now)),
        doneAt: tasks.doneAt,
        doneByName: doneBy.username,
        doneRemark: tasks.doneRemark,
        version: tasks.version,
      })
      .from(tasks)
      .innerJoin(storageUnits, eq(storageUnits.id, tasks.unitId))
      .innerJoin(storageRooms, eq(storageRooms.id, storageUnits.roomId))
      .leftJoin(doneBy, eq(doneBy.id, tasks.doneBy))
      .where(where)
      // Open tasks first, soonest due first; then the done ones, latest first.
      .orderBy(sql`${tasks.doneAt} IS NOT NULL`, asc(tasks.dueOn), desc(tasks.doneAt), asc(tasks.id)),
    page,
    (r) => ({ ...r, doneAt: r.doneAt ? r.doneAt.toISOString() : null }) as MaintenanceTask,
  );
}

/** One task with its state now, locked for the write that follows. */
export async function lockTask(db: Executor, id: number, now: Date) {
  const [row] = await db
    .select({
      id: tasks.id,
      unitId: tasks.unitId,
      kind: tasks.kind,
      intervalDays: tasks.intervalDays,
      remark: tasks.remark,
      timeZone: tasks.timeZone,
      doneAt: tasks.doneAt,
      createdBy: tasks.createdBy,
      version: tasks.version,
      status: taskState(instant(now)),
    })
    .from(tasks)
    .where(eq(tasks.id, id))
    .for('update');
  return row;
}

export const taskWhere = (filter: {
  unitId?: number | undefined;
  kind?: string | undefined;
  status?: MaintenanceState | undefined;
  now: Date;
  keywordWhere: SQL | undefined;
}) =>
  and(
    filter.keywordWhere,
    filter.unitId ? eq(tasks.unitId, filter.unitId) : undefined,
    filter.kind ? eq(tasks.kind, filter.kind) : undefined,
    filter.status ? sql`${taskState(instant(filter.now))} = ${filter.status}` : undefined,
  );
