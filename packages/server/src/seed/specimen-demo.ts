// Demo data of specimen intake (SEED_DEMO): temporary storage devices with boxes and racks, and a
// range of registered (pre-printed) barcodes of the first demo project. Synthetic codes only.
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { specimenBarcodes, tempStorageContainers, tempStorageDevices } from '../db/schema-specimen.js';
import { demoUser } from './lookups.js';

/** [code, name, kind, temperature, location, containers: [code, name, kind, rows, cols]] */
export const DEMO_STORAGE: Array<
  [string, string, string, string, string, Array<[string, string, string, number, number]>]
> = [
  [
    'FR-01',
    '2-8℃ 冷藏柜 1号',
    'fridge',
    '冷藏',
    '样本前处理室 A',
    [
      ['BOX-R-01', '冷藏样本盒 01', 'box', 9, 9],
      ['RACK-R-01', '冷藏试管架 01', 'rack', 5, 10],
    ],
  ],
  [
    'FZ-01',
    '-20℃ 冰箱 1号',
    'freezer',
    '冷冻',
    '样本前处理室 B',
    [['BOX-F-01', '冷冻样本盒 01', 'box', 10, 10]],
  ],
];

/** Pre-printed labels registered for KM-2026-001: DEMO-BC-0001 .. DEMO-BC-0020. */
export const DEMO_BARCODE_RANGE = { project: 'KM-2026-001', prefix: 'DEMO-BC-', from: 1, to: 20, width: 4 };

export async function seedSpecimenDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000001');
  if (!keeper) return;
  for (const [code, name, kind, temperature, location, boxes] of DEMO_STORAGE) {
    const [temp] = await tx
      .select({ id: s.temperatures.id })
      .from(s.temperatures)
      .where(eq(s.temperatures.name, temperature));
    if (!temp) continue;
    const [device] = await tx
      .insert(tempStorageDevices)
      .values({
        code,
        name,
        kind,
        temperatureId: temp.id,
        location,
        createdBy: keeper.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: tempStorageDevices.id });
    if (!device) continue;
    await tx
      .insert(tempStorageContainers)
      .values(
        boxes.map(([boxCode, boxName, boxKind, rows, cols]) => ({
          code: boxCode,
          name: boxName,
          kind: boxKind,
          deviceId: device.id,
          rows,
          cols,
          createdBy: keeper.id,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }

  const { project, prefix, from, to, width } = DEMO_BARCODE_RANGE;
  const [projectRow] = await tx
    .select({ id: s.projects.id })
    .from(s.projects)
    .where(eq(s.projects.projectNo, project));
  if (!projectRow) return;
  const codes = Array.from(
    { length: to - from + 1 },
    (_, i) => `${prefix}${String(from + i).padStart(width, '0')}`,
  );
  await tx
    .insert(specimenBarcodes)
    .values(
      codes.map((code) => ({
        code,
        projectId: projectRow.id,
        status: 'registered',
        createdBy: keeper.id,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}
