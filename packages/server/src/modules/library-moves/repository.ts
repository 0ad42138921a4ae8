import type { MoveLine, MoveRequestRow } from '@trialab/api-contract';
import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { storageBoxes, storageRacks, storageRooms, storageUnits } from '../../db/schema-library.js';
import { moveLines, moveRequests } from '../../db/schema-library-moves.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import type { SiteScope } from '../../lib/scope.js';
import { iso } from '../../lib/workflow.js';
import { cellText } from '../../services/positions/engine.js';
import { barcodeInScope } from '../specimen/repository.js';

export const MOVE_WORKFLOW_ENTITY = 'specimenMove';

const creator = alias(users, 'move_creator');
const reviewer = alias(users, 'move_reviewer');
const executor = alias(users, 'move_executor');

const counted = (action: 'box' | 'specimen') =>
  sql<number>`(SELECT count(*)::int FROM ${moveLines} WHERE ${moveLines.requestId} = ${moveRequests.id} AND ${
    action === 'box' ? sql`${moveLines.action} = 'boxMove'` : sql`${moveLines.action} <> 'boxMove'`
  })`;

function rowQuery(db: Executor) {
  return db
    .select({
      id: moveRequests.id,
      number: moveRequests.number,
      kind: moveRequests.kind,
      status: moveRequests.status,
      reason: moveRequests.reason,
      specimens: counted('specimen'),
      boxes: counted('box'),
      unitName: storageUnits.name,
      createdBy: moveRequests.createdBy,
      creatorName: creator.username,
      createdAt: moveRequests.createdAt,
      reviewerName: reviewer.username,
      reviewedAt: moveRequests.reviewedAt,
      executorName: executor.username,
      executedAt: moveRequests.executedAt,
      closeReason: moveRequests.closeReason,
      version: moveRequests.version,
    })
    .from(moveRequests)
    .innerJoin(creator, eq(creator.id, moveRequests.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, moveRequests.reviewedBy))
    .leftJoin(executor, eq(executor.id, moveRequests.executedBy))
    .leftJoin(storageUnits, eq(storageUnits.id, moveRequests.unitId));
}
type RawRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

const toRow = (r: RawRow): MoveRequestRow => ({
  ...r,
  kind: r.kind as MoveRequestRow['kind'],
  status: r.status as MoveRequestRow['status'],
  createdAt: r.createdAt.toISOString(),
  reviewedAt: iso(r.reviewedAt),
  executedAt: iso(r.executedAt),
});

export async function pageRequests(
  db: Executor,
  where: SQL | undefined,
  page: { page: number; size: number },
) {
  return pageOf(
    db.select({ n: count() }).from(moveRequests).where(where),
    rowQuery(db).where(where).orderBy(desc(moveRequests.createdAt), desc(moveRequests.id)),
    page,
    toRow,
  );
}

export async function requestRow(db: Executor, id: number): Promise<MoveRequestRow> {
  const [row] = await rowQuery(db).where(eq(moveRequests.id, id));
  if (!row) throw notFound();
  return toRow(row);
}

/** Sort key of a place: room, unit, rack slot, box slot, then the cell (row, column). */
type Key = Array<string | number>;
const compareKeys = (a: Key, b: Key) => {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x === y) continue;
    return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  }
  return 0;
};

/**
 * A request's lines as the pick-and-put list, in pick order (room, unit, rack, box, position taken
 * from); the places read from the tree in four queries whatever the number of lines. Barcodes of
 * projects outside the caller's scope are not shown.
 */
export async function pickList(
  db: Executor,
  scope: SiteScope | null,
  requestId: number,
): Promise<MoveLine[]> {
  const lines = await db
    .select({
      line: moveLines,
      barcode: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      siteId: specimenBarcodes.siteId,
    })
    .from(moveLines)
    .leftJoin(specimenBarcodes, eq(specimenBarcodes.id, moveLines.specimenId))
    .where(eq(moveLines.requestId, requestId))
    .orderBy(asc(moveLines.seq));
  const boxIds = [...new Set(lines.flatMap((l) => [l.line.boxId, l.line.toBoxId ?? l.line.boxId]))];
  const rackIds = [
    ...new Set(lines.flatMap((l) => [l.line.fromRackId, l.line.toRackId]).filter((x) => x !== null)),
  ] as number[];
  const unitIds = [...new Set(lines.flatMap((l) => [l.line.fromUnitId, l.line.toUnitId]))];
  // One after the other: a request's queries may share one connection (a transaction), where
  // node-postgres warns on overlapping queries and will refuse them.
  const boxes = boxIds.length
    ? await db.select().from(storageBoxes).where(inArray(storageBoxes.id, boxIds))
    : [];
  const racks = rackIds.length
    ? await db.select().from(storageRacks).where(inArray(storageRacks.id, rackIds))
    : [];
  const units = unitIds.length
    ? await db
        .select({
          id: storageUnits.id,
          code: storageUnits.code,
          name: storageUnits.name,
          room: storageRooms.name,
        })
        .from(storageUnits)
        .innerJoin(storageRooms, eq(storageRooms.id, storageUnits.roomId))
        .where(inArray(storageUnits.id, unitIds))
    : [];
  const boxOf = new Map(boxes.map((b) => [b.id, b]));
  const rackOf = new Map(racks.map((r) => [r.id, r]));
  const unitOf = new Map(units.map((u) => [u.id, u]));
  const placeOf = (
    unitId: number,
    rackId: number | null,
    boxId: number | null,
    cell: { row: number | null; col: number | null } | null,
    slot: { row: number | null; col: number | null } | null,
  ) => {
    const unit = unitOf.get(unitId);
    const rack = rackId === null ? undefined : rackOf.get(rackId);
    const box = boxId === null ? undefined : boxOf.get(boxId);
    const position = cell
      ? box && cell.row !== null
        ? cellText(box, cell.row, cell.col)
        : null
      : slot && slot.row !== null
        ? `${slot.row}-${slot.col}`
        : null;
    const key: Key = [
      unit?.room ?? '',
      unit?.code ?? '',
      rack?.slot ?? 0,
      (slot ? slot.row : box?.rackRow) ?? 0,
      (slot ? slot.col : box?.rackCol) ?? 0,
      box?.code ?? '',
      cell?.row ?? 0,
      cell?.col ?? 0,
    ];
    return {
      place: {
        room: unit?.room ?? null,
        unit: unit?.name ?? null,
        rack: rack?.code ?? null,
        box: box?.code ?? null,
        position,
      },
      key,
    };
  };
  const rows = lines.map(({ line, barcode, projectId, siteId }) => {
    const boxLine = line.action === 'boxMove';
    const from = boxLine
      ? placeOf(line.fromUnitId, line.fromRackId, line.boxId, null, {
          row: line.fromRackRow,
          col: line.fromRackCol,
        })
      : placeOf(line.fromUnitId, line.fromRackId, line.boxId, { row: line.fromRow, col: line.fromCol }, null);
    const to = boxLine
      ? placeOf(line.toUnitId, line.toRackId, line.boxId, null, { row: line.toRackRow, col: line.toRackCol })
      : placeOf(line.toUnitId, line.toRackId, line.toBoxId, { row: line.toRow, col: line.toCol }, null);
    const visible =
      barcode !== null &&
      projectId !== null &&
      (scope === null || barcodeInScope(scope, { projectId, siteId }));
    return {
      key: from.key,
      line: {
        seq: line.seq,
        action: line.action as MoveLine['action'],
        barcode: visible ? barcode : null,
        boxCode: boxLine ? (boxOf.get(line.boxId)?.code ?? null) : null,
        from: from.place,
        to: to.place,
      },
    };
  });
  return rows.sort((a, b) => compareKeys(a.key, b.key) || a.line.seq - b.line.seq).map((r) => r.line);
}
