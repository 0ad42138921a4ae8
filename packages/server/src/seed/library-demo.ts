// Demo data of the specimen library (SEED_DEMO): a -80 °C room with two freezers filled with racks
// and boxes from types, an LN2 rack type and a bag type for later, a project restriction on one
// freezer, a blocked cell, and received specimens of the plan samples demo placed through the
// position engine (so their custody log starts like any real one).

import { cellLabel, cellsInFillOrder } from '@trialab/api-contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import {
  blockedPositions,
  boxTypes,
  rackTypes,
  storageBoxes,
  storageRacks,
  storageRestrictions,
  storageRooms,
  storageUnits,
} from '../db/schema-library.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import { type Assignment, assign, boxGrid } from '../services/positions/engine.js';
import { addUnitCapacity } from '../services/positions/structure.js';
import { demoUser } from './lookups.js';

/** [code, name, rows, cols] */
const RACK_TYPES: Array<[string, string, number, number]> = [
  ['RT-4x5', '抽屉式冻存架 4×5', 4, 5],
  ['RT-LN2-1x12', '液氮提篮架 1×12', 1, 12],
];
/** [code, name, kind, rows, cols, capacity, labels, fill order] */
const BOX_TYPES: Array<
  [string, string, string, number | null, number | null, number | null, string, string]
> = [
  ['BT-9x9', '81孔冻存盒 9×9', 'grid', 9, 9, null, 'alnum', 'row'],
  ['BT-10x10', '100孔冻存盒 10×10（数字编号）', 'grid', 10, 10, null, 'numeric', 'row'],
  ['BAG-50', '样本袋（50支）', 'bag', null, null, 50, 'alnum', 'row'],
];
/** [code, name, racks (slots 1..n), status] of the -80 °C room; each rack holds 9x9 boxes. */
const FREEZERS: Array<[string, string, number, string]> = [
  ['ULT-01', '-80℃ 超低温冰箱 1号', 2, 'active'],
  ['ULT-02', '-80℃ 超低温冰箱 2号（备用）', 1, 'backup'],
];

export async function seedLibraryDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  if (!keeper || !deep || !project) return;
  const stamp = { createdBy: keeper.id, createdAt: now, updatedAt: now };
  const [room] = await tx
    .insert(storageRooms)
    .values({
      code: 'ROOM-80A',
      name: '-80℃ 样本库 A',
      temperatureId: deep.id,
      location: '样本库 2 楼',
      ...stamp,
    })
    .onConflictDoNothing()
    .returning();
  if (!room) return;
  const racks = await tx
    .insert(rackTypes)
    .values(RACK_TYPES.map(([code, name, rows, cols]) => ({ code, name, rows, cols, ...stamp })))
    .returning();
  const boxes = await tx
    .insert(boxTypes)
    .values(
      BOX_TYPES.map(([code, name, kind, rows, cols, capacity, labels, fillOrder]) => ({
        code,
        name,
        kind,
        rows,
        cols,
        capacity: rows && cols ? rows * cols : capacity,
        labels,
        fillOrder,
        ...stamp,
      })),
    )
    .returning();
  const rackType = racks[0];
  const boxType = boxes[0];
  if (!rackType || !boxType) return;

  for (const [code, name, rackCount, status] of FREEZERS) {
    const [unit] = await tx
      .insert(storageUnits)
      .values({
        code,
        name,
        roomId: room.id,
        kind: 'freezer',
        temperatureId: deep.id,
        setCelsius: -80,
        status,
        rows: 5,
        cols: 1,
        ...stamp,
      })
      .returning();
    if (!unit) continue;
    for (let slot = 1; slot <= rackCount; slot += 1) {
      const rackCode = `${code}-R${String(slot).padStart(2, '0')}`;
      const [rack] = await tx
        .insert(storageRacks)
        .values({
          code: rackCode,
          unitId: unit.id,
          slot,
          rackTypeId: rackType.id,
          rows: rackType.rows,
          cols: rackType.cols,
          ...stamp,
        })
        .returning();
      if (!rack) continue;
      // The first drawer row of each rack holds boxes; the rest stays free for new boxes.
      const values = Array.from({ length: rackType.cols }, (_, i) => ({
        code: `${rackCode}-${cellLabel({ cols: rackType.cols, labels: 'alnum' }, 1, i + 1)}`,
        boxTypeId: boxType.id,
        kind: 'grid',
        rows: boxType.rows,
        cols: boxType.cols,
        capacity: (boxType.rows ?? 0) * (boxType.cols ?? 0),
        labels: boxType.labels,
        fillOrder: boxType.fillOrder,
        unitId: unit.id,
        rackId: rack.id,
        rackRow: 1,
        rackCol: i + 1,
        ...stamp,
      }));
      await tx.insert(storageBoxes).values(values);
      await addUnitCapacity(
        tx,
        unit.id,
        values.reduce((n, v) => n + v.capacity, 0),
      );
    }
  }
  const [ult1] = await tx.select().from(storageUnits).where(eq(storageUnits.code, 'ULT-01'));
  if (!ult1) return;
  await tx
    .insert(storageRestrictions)
    .values({ level: 'unit', levelId: ult1.id, kind: 'temperature', valueId: deep.id });
  const [first] = await tx.select().from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R01-A1'));
  if (!first) return;
  await tx.insert(blockedPositions).values({
    boxId: first.id,
    row: 9,
    col: 9,
    projectId: null,
    reason: '孔位破损',
    blockedBy: keeper.id,
    blockedAt: now,
  });
  // Received -80 °C specimens of the first project, stored in fill order; the rest await storage.
  const received = await tx
    .select({ id: specimenBarcodes.id })
    .from(specimenBarcodes)
    .where(
      and(
        eq(specimenBarcodes.projectId, project.id),
        eq(specimenBarcodes.status, 'signed'),
        eq(specimenBarcodes.temperatureId, deep.id),
        eq(specimenBarcodes.storage, 'unstored'),
        isNull(specimenBarcodes.parentId),
      ),
    )
    .orderBy(asc(specimenBarcodes.code));
  const stored = received.slice(0, Math.max(0, received.length - 2));
  const cells = cellsInFillOrder(boxGrid(first));
  const assignments: Assignment[] = stored.map((r, i) => ({
    action: 'place',
    specimenId: r.id,
    to: { boxId: first.id, row: cells[i]?.row ?? 1, col: cells[i]?.col ?? 1 },
  }));
  if (assignments.length > 0)
    await assign(tx, 'zh_CN', assignments, {
      userId: keeper.id,
      at: now,
      batchId: 'demo-seed',
      reference: 'demo',
    });
}
