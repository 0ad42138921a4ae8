// Demo data of the specimen library's specimen pages (SEED_DEMO, after the library demo): a 96-well
// box type, a second -80 °C room with one freezer (VM-96-01, after ULT-01 in allocation order)
// holding three empty 96-well boxes loose (rack-scanner imports and allocation), and twelve
// received -80 °C specimens of KM-2026-001 awaiting storage (LIB-RCV-0001..0010, the last two being
// aliquots LIB-RCV-0010-1 and -2 of LIB-RCV-0010), copied from a received specimen of the plan
// samples demo so they carry its site, subject, visit and sample type.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { boxTypes, storageRooms, storageUnits } from '../db/schema-biobank.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import { boxValues, insertBoxes } from '../modules/biobank/repository.js';
import { demoUser } from './lookups.js';

/** Empty 8x12 boxes loose in VM-96-01: two for scanner imports, one for allocation. */
export const DEMO_SCAN_BOXES = ['SCAN-96-01', 'SCAN-96-02', 'RCV-96-01'];

export async function seedLibrarySamplesDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  if (!keeper || !deep || !project) return;
  const stamp = { createdBy: keeper.id, createdAt: now, updatedAt: now };
  const [room] = await tx
    .insert(storageRooms)
    .values({ code: 'ROOM-80B', name: '-80℃ 样本库 B（96孔管架）', temperatureId: deep.id, ...stamp })
    .returning();
  if (!room) return;
  const [unit] = await tx
    .insert(storageUnits)
    .values({
      code: 'VM-96-01',
      name: '-80℃ 超低温冰箱 3号（96孔管架）',
      roomId: room.id,
      kind: 'freezer',
      temperatureId: deep.id,
      setCelsius: -80,
      status: 'active',
      rows: 4,
      cols: 1,
      ...stamp,
    })
    .returning();
  if (!unit) return;
  const [type] = await tx
    .insert(boxTypes)
    .values({
      code: 'BT-8x12',
      name: '96孔冻存管架 8×12（扫描仪）',
      kind: 'grid',
      rows: 8,
      cols: 12,
      capacity: 96,
      labels: 'alnum',
      fillOrder: 'row',
      ...stamp,
    })
    .returning();
  if (!type) return;
  await insertBoxes(
    tx,
    unit.id,
    DEMO_SCAN_BOXES.map((code) =>
      boxValues(type, code, { unitId: unit.id, rackId: null, rackRow: null, rackCol: null }, stamp),
    ),
  );

  const [template] = await tx
    .select()
    .from(specimenBarcodes)
    .where(
      and(
        eq(specimenBarcodes.projectId, project.id),
        eq(specimenBarcodes.status, 'signed'),
        eq(specimenBarcodes.temperatureId, deep.id),
        isNull(specimenBarcodes.parentId),
      ),
    )
    .orderBy(asc(specimenBarcodes.code))
    .limit(1);
  const copy = {
    projectId: project.id,
    siteId: template?.siteId ?? null,
    subjectId: template?.subjectId ?? null,
    visit: template?.visit ?? null,
    sampleTypeId: template?.sampleTypeId ?? null,
    temperatureId: deep.id,
    status: 'signed',
    signedBy: keeper.id,
    createdBy: keeper.id,
  };
  const minutes = (n: number) => new Date(now.getTime() - n * 60_000);
  await tx.insert(specimenBarcodes).values(
    Array.from({ length: 10 }, (_, i) => ({
      ...copy,
      code: `LIB-RCV-${String(i + 1).padStart(4, '0')}`,
      signedAt: minutes(120 - i),
      createdAt: minutes(180),
      ...(i === 9 ? { lastSuffix: 2 } : {}),
    })),
  );
  const [parent] = await tx.select().from(specimenBarcodes).where(eq(specimenBarcodes.code, 'LIB-RCV-0010'));
  if (!parent) return;
  await tx.insert(specimenBarcodes).values(
    [1, 2].map((suffix) => ({
      ...copy,
      code: `LIB-RCV-0010-${suffix}`,
      parentId: parent.id,
      suffix,
      signedAt: minutes(100),
      createdAt: minutes(100),
    })),
  );
}
