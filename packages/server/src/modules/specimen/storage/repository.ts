import {
  type Lang,
  positionLabel,
  ResultCode,
  type StorageContainer,
  type StorageDevice,
  type StoredSample,
  sampleStorageWorkflow,
} from '@trialab/api-contract';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { projects, sampleTypes, temperatures, users } from '../../../db/schema.js';
import {
  specimenBarcodes,
  tempStorageContainers,
  tempStorageDevices,
  tempStorageLogs,
  tempStoragePositions,
} from '../../../db/schema-specimen.js';
import { ApiError, notFound } from '../../../lib/errors.js';
import { localNameColumn } from '../../../lib/local-name.js';
import { pageOf } from '../../../lib/paging.js';
import type { Principal } from '../../../lib/route.js';
import { staleOrMissing, uniqueOr, versionedBump } from '../../../lib/versioned.js';
import { recordEvent } from '../../../lib/workflow.js';

/** Temporary storage's SQL: devices, containers, positions and the storage log. */

// ---- containers ----

const storedCount = (db: Executor) =>
  db
    .select({ containerId: tempStoragePositions.containerId, n: count().as('n') })
    .from(tempStoragePositions)
    .groupBy(tempStoragePositions.containerId)
    .as('stored_count');

export async function containers(
  db: Executor,
  where: SQL | undefined,
  lang: Lang,
  page?: { page: number; size: number },
) {
  const stored = storedCount(db);
  const query = db
    .select({
      id: tempStorageContainers.id,
      code: tempStorageContainers.code,
      name: tempStorageContainers.name,
      kind: tempStorageContainers.kind,
      deviceId: tempStorageContainers.deviceId,
      deviceCode: tempStorageDevices.code,
      deviceName: tempStorageDevices.name,
      deviceEnabled: tempStorageDevices.enabled,
      temperatureId: tempStorageDevices.temperatureId,
      temperatureName: localNameColumn(temperatures, lang),
      rows: tempStorageContainers.rows,
      cols: tempStorageContainers.cols,
      stored: sql<number>`coalesce(${stored.n}, 0)::int`,
      enabled: tempStorageContainers.enabled,
      version: tempStorageContainers.version,
    })
    .from(tempStorageContainers)
    .innerJoin(tempStorageDevices, eq(tempStorageDevices.id, tempStorageContainers.deviceId))
    .innerJoin(temperatures, eq(temperatures.id, tempStorageDevices.temperatureId))
    .leftJoin(stored, eq(stored.containerId, tempStorageContainers.id))
    .where(where)
    .orderBy(asc(tempStorageDevices.code), asc(tempStorageContainers.code));
  const rows = page ? await query.limit(page.size).offset((page.page - 1) * page.size) : await query;
  return rows.map((r) => ({
    ...r,
    kind: r.kind as StorageContainer['kind'],
    stored: Number(r.stored),
    capacity: r.rows * r.cols,
  }));
}
export type ContainerRow = Awaited<ReturnType<typeof containers>>[number];
export const publicContainer = ({
  deviceEnabled: _d,
  temperatureId: _t,
  ...c
}: ContainerRow): StorageContainer => c;

export async function countContainers(db: Executor, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ n: count() }).from(tempStorageContainers).where(where);
  return total?.n ?? 0;
}

export async function containerById(db: Executor, id: number, lang: Lang = 'zh_CN'): Promise<ContainerRow> {
  const [row] = await containers(db, eq(tempStorageContainers.id, id), lang);
  if (!row) throw notFound();
  return row;
}

/** The container's occupied cells, row by row, with the sample in each. */
export function occupiedCells(db: Executor, containerId: number) {
  return db
    .select({
      row: tempStoragePositions.row,
      col: tempStoragePositions.col,
      barcode: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      siteId: specimenBarcodes.siteId,
    })
    .from(tempStoragePositions)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStoragePositions.barcodeId))
    .where(eq(tempStoragePositions.containerId, containerId))
    .orderBy(asc(tempStoragePositions.row), asc(tempStoragePositions.col));
}

export function occupiedSlots(db: Executor, containerId: number) {
  return db
    .select({ row: tempStoragePositions.row, col: tempStoragePositions.col })
    .from(tempStoragePositions)
    .where(eq(tempStoragePositions.containerId, containerId));
}

/** Position labels already taken in the container. */
export async function takenPositions(db: Executor, containerId: number): Promise<Set<string>> {
  return new Set((await occupiedSlots(db, containerId)).map((p) => positionLabel(p.row, p.col)));
}

export async function assertDeviceExists(db: Executor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: tempStorageDevices.id })
    .from(tempStorageDevices)
    .where(eq(tempStorageDevices.id, id));
  if (!row) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageDeviceMissing' });
}

export async function insertContainer(
  db: Executor,
  values: Omit<typeof tempStorageContainers.$inferInsert, 'createdBy' | 'createdAt' | 'updatedAt'>,
  userId: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(tempStorageContainers)
    .values({ ...values, createdBy: userId, createdAt: now, updatedAt: now })
    .returning({ id: tempStorageContainers.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Optimistic update: nothing comes back when the version moved on. */
export async function updateContainer(
  db: Executor,
  id: number,
  version: number,
  fields: Partial<typeof tempStorageContainers.$inferInsert>,
  now: Date,
) {
  return versionedBump(tempStorageContainers)(db, id, version, { ...fields, updatedAt: now });
}

// ---- stored samples ----

const storer = users;
/** Stored samples; `lang` names their sample type and temperature (the stored names when not given: checks). */
export function storedQuery(db: Executor, lang: Lang = 'zh_CN') {
  return db
    .select({
      id: specimenBarcodes.id,
      barcode: specimenBarcodes.code,
      projectNo: projects.projectNo,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      temperatureName: localNameColumn(temperatures, lang),
      deviceId: tempStorageDevices.id,
      deviceName: tempStorageDevices.name,
      containerId: tempStorageContainers.id,
      containerCode: tempStorageContainers.code,
      row: tempStoragePositions.row,
      col: tempStoragePositions.col,
      storedByName: storer.username,
      storedAt: tempStoragePositions.storedAt,
    })
    .from(tempStoragePositions)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStoragePositions.barcodeId))
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .innerJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStoragePositions.containerId))
    .innerJoin(tempStorageDevices, eq(tempStorageDevices.id, tempStorageContainers.deviceId))
    .innerJoin(storer, eq(storer.id, tempStoragePositions.storedBy))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(temperatures, eq(temperatures.id, specimenBarcodes.temperatureId));
}
type StoredRaw = Awaited<ReturnType<typeof storedQuery>>[number];
export const toStored = ({ row, col, ...r }: StoredRaw): StoredSample => ({
  ...r,
  position: positionLabel(row, col),
  storedAt: r.storedAt.toISOString(),
});

export function pageStored(
  db: Executor,
  where: SQL | undefined,
  page: { page: number; size: number },
  lang: Lang,
) {
  return pageOf(
    db
      .select({ n: count() })
      .from(tempStoragePositions)
      .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStoragePositions.barcodeId))
      .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
      .innerJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStoragePositions.containerId))
      .where(where),
    storedQuery(db, lang)
      .where(where)
      .orderBy(
        asc(tempStorageDevices.code),
        asc(tempStorageContainers.code),
        asc(tempStoragePositions.row),
        asc(tempStoragePositions.col),
      ),
    page,
    toStored,
  );
}

/** The container's samples (within `where`), row by row, for its export. */
export async function storedIn(
  db: Executor,
  containerId: number,
  where: SQL | undefined,
  lang: Lang,
): Promise<StoredSample[]> {
  const rows = await storedQuery(db, lang)
    .where(and(eq(tempStoragePositions.containerId, containerId), where))
    .orderBy(asc(tempStoragePositions.row), asc(tempStoragePositions.col));
  return rows.map(toStored);
}

export async function locationOf(db: Executor, barcodeId: number) {
  const [row] = await storedQuery(db).where(eq(tempStoragePositions.barcodeId, barcodeId));
  return row ? toStored(row) : null;
}

/** Moves a sample's storage state on, only from the state it is expected in; false when it was not. */
async function flipStorage(
  db: Executor,
  barcodeId: number,
  from: 'unstored' | 'stored',
  to: (typeof specimenBarcodes.$inferInsert)['storage'],
): Promise<boolean> {
  const flipped = await db
    .update(specimenBarcodes)
    .set({ storage: to, version: sql`${specimenBarcodes.version} + 1` })
    .where(and(eq(specimenBarcodes.id, barcodeId), eq(specimenBarcodes.storage, from)))
    .returning({ id: specimenBarcodes.id });
  return flipped.length === 1;
}

async function insertPosition(db: Executor, values: typeof tempStoragePositions.$inferInsert): Promise<void> {
  await db.insert(tempStoragePositions).values(values);
}

/** Where each of the samples sits, with its container's device. */
export function placesOf(db: Executor, barcodeIds: number[]) {
  return db
    .select({
      id: tempStoragePositions.id,
      barcodeId: tempStoragePositions.barcodeId,
      containerId: tempStoragePositions.containerId,
      deviceId: tempStorageContainers.deviceId,
      row: tempStoragePositions.row,
      col: tempStoragePositions.col,
    })
    .from(tempStoragePositions)
    .innerJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStoragePositions.containerId))
    .where(inArray(tempStoragePositions.barcodeId, barcodeIds));
}

async function deletePosition(db: Executor, id: number): Promise<void> {
  await db.delete(tempStoragePositions).where(eq(tempStoragePositions.id, id));
}

// ---- devices ----

export async function pageDevices(
  db: Executor,
  where: SQL | undefined,
  page: { page: number; size: number },
  lang: Lang,
) {
  return pageOf(
    db.select({ n: count() }).from(tempStorageDevices).where(where),
    db
      .select({
        id: tempStorageDevices.id,
        code: tempStorageDevices.code,
        name: tempStorageDevices.name,
        kind: tempStorageDevices.kind,
        temperatureId: tempStorageDevices.temperatureId,
        temperatureName: localNameColumn(temperatures, lang),
        temperatureRange: temperatures.range,
        location: tempStorageDevices.location,
        enabled: tempStorageDevices.enabled,
        remark: tempStorageDevices.remark,
        containers: sql<number>`(select count(*) from ${tempStorageContainers} c where c.device_id = ${tempStorageDevices.id})::int`,
        stored: sql<number>`(select count(*) from ${tempStoragePositions} p join ${tempStorageContainers} c on c.id = p.container_id where c.device_id = ${tempStorageDevices.id})::int`,
        version: tempStorageDevices.version,
      })
      .from(tempStorageDevices)
      .innerJoin(temperatures, eq(temperatures.id, tempStorageDevices.temperatureId))
      .where(where)
      .orderBy(asc(tempStorageDevices.code)),
    page,
    (r): StorageDevice => ({
      ...r,
      kind: r.kind as StorageDevice['kind'],
      containers: Number(r.containers),
      stored: Number(r.stored),
    }),
  );
}

export async function deviceById(db: Executor, id: number) {
  const [row] = await db.select().from(tempStorageDevices).where(eq(tempStorageDevices.id, id));
  if (!row) throw notFound();
  return row;
}

export async function assertTemperatureExists(db: Executor, id: number): Promise<void> {
  const [row] = await db.select({ id: temperatures.id }).from(temperatures).where(eq(temperatures.id, id));
  if (!row) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageTemperatureMissing' });
}

/** How many samples in the device are of another temperature than `temperatureId`. */
export async function samplesOfOtherTemperature(db: Executor, deviceId: number, temperatureId: number) {
  const [other] = await db
    .select({ n: count() })
    .from(tempStoragePositions)
    .innerJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStoragePositions.containerId))
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStoragePositions.barcodeId))
    .where(
      and(eq(tempStorageContainers.deviceId, deviceId), ne(specimenBarcodes.temperatureId, temperatureId)),
    );
  return other?.n ?? 0;
}

export async function insertDevice(
  db: Executor,
  values: Omit<typeof tempStorageDevices.$inferInsert, 'createdBy' | 'createdAt' | 'updatedAt'>,
  userId: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(tempStorageDevices)
    .values({ ...values, createdBy: userId, createdAt: now, updatedAt: now })
    .returning({ id: tempStorageDevices.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Optimistic update: nothing comes back when the version moved on. */
export async function updateDevice(
  db: Executor,
  id: number,
  version: number,
  values: Partial<typeof tempStorageDevices.$inferInsert>,
  now: Date,
) {
  return versionedBump(tempStorageDevices)(db, id, version, { ...values, updatedAt: now });
}

// ---- log and files ----

export async function storageLog(
  db: Executor,
  p: Principal,
  now: Date,
  entry: {
    deviceId: number;
    containerId?: number | null;
    barcodeId?: number | null;
    action: (typeof tempStorageLogs.$inferInsert)['action'];
    position?: string | null;
    reason?: string | null;
    detail?: Record<string, unknown> | null;
  },
): Promise<void> {
  await db.insert(tempStorageLogs).values({ ...entry, userId: p.userId, at: now });
}

/** Who moves samples, when, and the storage state they move to. */
interface Move {
  by: Principal;
  at: Date;
  to: NonNullable<(typeof specimenBarcodes.$inferInsert)['storage']>;
}

/**
 * Puts one unstored sample into a free cell: its state, the position, the device log and the
 * workflow event. Answers the position label; refuses a sample moved meanwhile.
 */
export async function putSampleIn(
  db: Executor,
  lang: Lang,
  move: Move,
  container: { id: number; deviceId: number },
  barcodeId: number,
  slot: { row: number; col: number },
): Promise<string> {
  if (!(await flipStorage(db, barcodeId, 'unstored', move.to))) throw staleOrMissing(true);
  const cell = { barcodeId, containerId: container.id, ...slot, storedBy: move.by.userId, storedAt: move.at };
  await uniqueOr(lang, () => insertPosition(db, cell));
  const position = positionLabel(slot.row, slot.col);
  const entry = { deviceId: container.deviceId, containerId: container.id, barcodeId, position };
  await storageLog(db, move.by, move.at, { ...entry, action: 'in' });
  await recordEvent(db, {
    workflow: sampleStorageWorkflow.id,
    recordId: barcodeId,
    action: 'putIn',
    fromState: 'unstored',
    toState: move.to,
    userId: move.by.userId,
    at: move.at,
  });
  return position;
}

/** Takes one stored sample out of its cell, with the reason in the log and the event. Answers the position label. */
export async function takeSampleOut(
  db: Executor,
  move: Move,
  barcodeId: number,
  place: { id: number; containerId: number; deviceId: number; row: number; col: number },
  reason: string,
): Promise<string> {
  if (!(await flipStorage(db, barcodeId, 'stored', move.to))) throw staleOrMissing(true);
  await deletePosition(db, place.id);
  const position = positionLabel(place.row, place.col);
  const entry = { deviceId: place.deviceId, containerId: place.containerId, barcodeId, position, reason };
  await storageLog(db, move.by, move.at, { ...entry, action: 'out' });
  await recordEvent(db, {
    workflow: sampleStorageWorkflow.id,
    recordId: barcodeId,
    action: 'takeOut',
    fromState: 'stored',
    toState: move.to,
    userId: move.by.userId,
    at: move.at,
    reason,
  });
  return position;
}
