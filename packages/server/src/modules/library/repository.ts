import {
  type BoxType,
  cellLabel,
  type Lang,
  type RackType,
  ResultCode,
  type StorageBoxRow,
  type StorageRoom,
  type StorageUnit,
} from '@trialab/api-contract';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { temperatures } from '../../db/schema.js';
import {
  boxTypes,
  rackTypes,
  storageBoxes,
  storageRacks,
  storageRooms,
  storageUnits,
} from '../../db/schema-library.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { addUnitCapacity } from '../../services/positions/structure.js';

type Page = { page: number; size: number };

export async function pageRooms(db: Executor, where: SQL | undefined, page: Page, lang: Lang) {
  return pageOf(
    db.select({ n: count() }).from(storageRooms).where(where),
    db
      .select({
        id: storageRooms.id,
        code: storageRooms.code,
        name: storageRooms.name,
        temperatureId: storageRooms.temperatureId,
        temperatureName: localNameColumn(temperatures, lang),
        location: storageRooms.location,
        remark: storageRooms.remark,
        units: sql<number>`(select count(*) from ${storageUnits} u where u.room_id = ${storageRooms.id})::int`,
        stored: sql<number>`(select coalesce(sum(u.stored), 0) from ${storageUnits} u where u.room_id = ${storageRooms.id})::int`,
        capacity: sql<number>`(select coalesce(sum(u.capacity), 0) from ${storageUnits} u where u.room_id = ${storageRooms.id})::int`,
        version: storageRooms.version,
      })
      .from(storageRooms)
      .innerJoin(temperatures, eq(temperatures.id, storageRooms.temperatureId))
      .where(where)
      .orderBy(asc(storageRooms.code)),
    page,
    (r): StorageRoom => r,
  );
}

const unitColumns = (lang: Lang) => ({
  id: storageUnits.id,
  code: storageUnits.code,
  name: storageUnits.name,
  roomId: storageUnits.roomId,
  roomName: storageRooms.name,
  kind: storageUnits.kind,
  temperatureId: storageUnits.temperatureId,
  temperatureName: localNameColumn(temperatures, lang),
  setCelsius: storageUnits.setCelsius,
  status: storageUnits.status,
  rows: storageUnits.rows,
  cols: storageUnits.cols,
  stored: storageUnits.stored,
  capacity: storageUnits.capacity,
  remark: storageUnits.remark,
  version: storageUnits.version,
});

const unitQuery = (db: Executor, lang: Lang, where: SQL | undefined) =>
  db
    .select(unitColumns(lang))
    .from(storageUnits)
    .innerJoin(storageRooms, eq(storageRooms.id, storageUnits.roomId))
    .innerJoin(temperatures, eq(temperatures.id, storageUnits.temperatureId))
    .where(where)
    .orderBy(asc(storageUnits.code));

export async function pageUnits(db: Executor, where: SQL | undefined, page: Page, lang: Lang) {
  return pageOf(
    db.select({ n: count() }).from(storageUnits).where(where),
    unitQuery(db, lang, where),
    page,
    (r) => r as StorageUnit,
  );
}

export async function unitById(db: Executor, id: number, lang: Lang): Promise<StorageUnit> {
  const [row] = await unitQuery(db, lang, eq(storageUnits.id, id));
  if (!row) throw notFound();
  return row as StorageUnit;
}

export async function pageRackTypes(db: Executor, where: SQL | undefined, page: Page) {
  return pageOf(
    db.select({ n: count() }).from(rackTypes).where(where),
    db
      .select({
        id: rackTypes.id,
        code: rackTypes.code,
        name: rackTypes.name,
        rows: rackTypes.rows,
        cols: rackTypes.cols,
        enabled: rackTypes.enabled,
        version: rackTypes.version,
      })
      .from(rackTypes)
      .where(where)
      .orderBy(asc(rackTypes.code)),
    page,
    (r): RackType => r,
  );
}

const boxTypeColumns = {
  id: boxTypes.id,
  code: boxTypes.code,
  name: boxTypes.name,
  kind: boxTypes.kind,
  rows: boxTypes.rows,
  cols: boxTypes.cols,
  capacity: boxTypes.capacity,
  labels: boxTypes.labels,
  fillOrder: boxTypes.fillOrder,
  enabled: boxTypes.enabled,
  version: boxTypes.version,
};

export async function pageBoxTypes(db: Executor, where: SQL | undefined, page: Page) {
  return pageOf(
    db.select({ n: count() }).from(boxTypes).where(where),
    db.select(boxTypeColumns).from(boxTypes).where(where).orderBy(asc(boxTypes.code)),
    page,
    (r) => r as BoxType,
  );
}

export async function enabledRackType(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(rackTypes)
    .where(and(eq(rackTypes.id, id), eq(rackTypes.enabled, true)));
  if (!row)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'rackTypeId' } });
  return row;
}

export async function enabledBoxType(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(boxTypes)
    .where(and(eq(boxTypes.id, id), eq(boxTypes.enabled, true)));
  if (!row)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'boxTypeId' } });
  return row;
}

export const boxColumns = {
  id: storageBoxes.id,
  code: storageBoxes.code,
  boxTypeId: storageBoxes.boxTypeId,
  kind: storageBoxes.kind,
  rows: storageBoxes.rows,
  cols: storageBoxes.cols,
  capacity: storageBoxes.capacity,
  labels: storageBoxes.labels,
  fillOrder: storageBoxes.fillOrder,
  unitId: storageBoxes.unitId,
  rackId: storageBoxes.rackId,
  rackRow: storageBoxes.rackRow,
  rackCol: storageBoxes.rackCol,
  stored: storageBoxes.stored,
  version: storageBoxes.version,
};

export async function boxById(db: Executor, id: number): Promise<StorageBoxRow> {
  const [row] = await db.select(boxColumns).from(storageBoxes).where(eq(storageBoxes.id, id));
  if (!row) throw notFound();
  return row as StorageBoxRow;
}

export async function unitMap(db: Executor, unitId: number) {
  const racks = await db
    .select({
      id: storageRacks.id,
      code: storageRacks.code,
      unitId: storageRacks.unitId,
      slot: storageRacks.slot,
      rackTypeId: storageRacks.rackTypeId,
      rows: storageRacks.rows,
      cols: storageRacks.cols,
      version: storageRacks.version,
    })
    .from(storageRacks)
    .where(eq(storageRacks.unitId, unitId))
    .orderBy(asc(storageRacks.slot));
  const boxes = await db
    .select(boxColumns)
    .from(storageBoxes)
    .where(eq(storageBoxes.unitId, unitId))
    .orderBy(
      asc(storageBoxes.rackId),
      asc(storageBoxes.rackRow),
      asc(storageBoxes.rackCol),
      asc(storageBoxes.code),
    );
  return { racks, boxes: boxes as StorageBoxRow[] };
}

type BoxTypeRow = typeof boxTypes.$inferSelect;
type Stamp = { createdBy: number; createdAt: Date; updatedAt: Date };

/** The values of a new box of a type (grid and labels copied from it). */
function boxValues(
  type: BoxTypeRow,
  code: string,
  place: { unitId: number; rackId: number | null; rackRow: number | null; rackCol: number | null },
  stamp: Stamp,
) {
  const grid = type.kind === 'grid';
  return {
    code,
    boxTypeId: type.id,
    kind: type.kind,
    rows: grid ? type.rows : null,
    cols: grid ? type.cols : null,
    capacity: grid ? (type.rows ?? 0) * (type.cols ?? 0) : type.capacity,
    labels: type.labels,
    fillOrder: type.fillOrder,
    ...place,
    ...stamp,
  };
}

/** Inserts boxes and adds their capacity to the unit. */
export async function insertBoxes(db: Executor, unitId: number, values: Array<ReturnType<typeof boxValues>>) {
  if (values.length === 0) return [];
  const rows = await db.insert(storageBoxes).values(values).returning({ id: storageBoxes.id });
  await addUnitCapacity(
    db,
    unitId,
    values.reduce((n, v) => n + (v.capacity ?? 0), 0),
  );
  return rows;
}

/** A rack in a unit slot, with a box of `boxType` in each of its slots when given. */
export async function insertRack(
  db: Executor,
  rack: { code: string; unitId: number; slot: number; rackType: typeof rackTypes.$inferSelect },
  boxType: BoxTypeRow | null,
  stamp: Stamp,
): Promise<{ id: number; boxes: number }> {
  const [row] = await db
    .insert(storageRacks)
    .values({
      code: rack.code,
      unitId: rack.unitId,
      slot: rack.slot,
      rackTypeId: rack.rackType.id,
      rows: rack.rackType.rows,
      cols: rack.rackType.cols,
      ...stamp,
    })
    .returning({ id: storageRacks.id });
  if (!row) throw new Error('rack insert returned nothing');
  if (!boxType) return { id: row.id, boxes: 0 };
  const values = [];
  for (let r = 1; r <= rack.rackType.rows; r += 1)
    for (let c = 1; c <= rack.rackType.cols; c += 1)
      values.push(
        boxValues(
          boxType,
          `${rack.code}-${cellLabel({ cols: rack.rackType.cols, labels: 'alnum' }, r, c)}`,
          { unitId: rack.unitId, rackId: row.id, rackRow: r, rackCol: c },
          stamp,
        ),
      );
  await insertBoxes(db, rack.unitId, values);
  return { id: row.id, boxes: values.length };
}

export { boxValues };
