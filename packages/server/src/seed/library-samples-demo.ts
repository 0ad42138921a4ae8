// Demo data of the specimen library's specimen pages (SEED_DEMO, after the library demo): a 96-well
// box type, a second -80 °C room with one freezer (VM-96-01, after ULT-01 in allocation order)
// holding three empty 96-well boxes loose (rack-scanner imports and allocation), and twelve
// received -80 °C specimens awaiting storage: the baseline serum of ten subjects of KM-2026-002's
// site 02 (LIB-RCV-0001..0010) and two aliquots of the last (LIB-RCV-0010-1 and -2).
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { labSubjects } from '../db/schema-lab.js';
import { boxTypes, storageRooms, storageUnits } from '../db/schema-library.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import { boxValues, insertBoxes } from '../modules/library/repository.js';
import { demoUser } from './lookups.js';

/** Empty 8x12 boxes loose in VM-96-01: two for scanner imports, one for allocation. */
export const DEMO_SCAN_BOXES = ['SCAN-96-01', 'SCAN-96-02', 'RCV-96-01'];

export async function seedLibrarySamplesDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  if (!keeper || !deep) return;
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

  // Ten subjects of the vaccine study's site 02, each with a baseline serum tube signed for this
  // morning: KM-2026-002's plan is still in review, so nothing here counts in a plan's reconciliation.
  const [site] = await tx
    .select()
    .from(s.sites)
    .innerJoin(s.projects, eq(s.projects.id, s.sites.projectId))
    .where(and(eq(s.projects.projectNo, 'KM-2026-002'), eq(s.sites.centerNo, '02')));
  const [serum] = await tx.select().from(s.sampleTypes).where(eq(s.sampleTypes.code, 'SER'));
  const reviewer = await demoUser(tx, '13800000002');
  if (!site || !serum || !reviewer) return;
  const subjects = await tx
    .insert(labSubjects)
    .values(
      Array.from({ length: 10 }, (_, i) => {
        const subjectNo = `S-002-02${String(i + 1).padStart(2, '0')}`;
        return {
          projectId: site.projects.id,
          siteId: site.sites.id,
          subjectNo,
          name: `示例受试者${String(i + 1).padStart(2, '0')}`,
          gender: i % 2 === 0 ? '1' : '2',
          birthday: `19${70 + i}-0${(i % 9) + 1}-15`,
          cardType: 'B',
          cardNoMasked: `510***********${String(i).padStart(4, '0')}`,
          cardNoHash: createHash('sha256').update(`demo-subject-${subjectNo}`).digest('hex'),
          faceConfidence: 88 + (i % 7),
          faceThreshold: 60,
          status: 'approved',
          createdBy: keeper.id,
          createdAt: new Date(now.getTime() - 30 * 86_400_000),
          reviewedBy: reviewer.id,
          reviewedAt: new Date(now.getTime() - 30 * 86_400_000 + 3_600_000),
        };
      }),
    )
    .returning({ id: labSubjects.id });
  const copy = {
    projectId: site.projects.id,
    siteId: site.sites.id,
    visit: '基线 V1',
    sampleTypeId: serum.id,
    temperatureId: deep.id,
    status: 'signed',
    signedBy: keeper.id,
    createdBy: keeper.id,
  };
  const minutes = (n: number) => new Date(now.getTime() - n * 60_000);
  await tx.insert(specimenBarcodes).values(
    Array.from({ length: 10 }, (_, i) => ({
      ...copy,
      subjectId: subjects[i]?.id ?? null,
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
      subjectId: parent.subjectId,
      code: `LIB-RCV-0010-${suffix}`,
      parentId: parent.id,
      suffix,
      signedAt: minutes(100),
      createdAt: minutes(100),
    })),
  );
}
