// Demo data of the storage management screens (SEED_DEMO, after library-demo.ts): a second room
// (ambient) with a 2-8 °C refrigerator filled from types and a defrosting -20 °C freezer, and maintenance
// tasks of every state so device-manage and the home to-do open on a story: an overdue defrost, a
// service due this week, a calibration planned next quarter, alarm checks done and repeating.

import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { boxTypes, rackTypes, storageRooms, storageUnits } from '../db/schema-library.js';
import { unitMaintenanceTasks } from '../db/schema-library-maintenance.js';
import { insertRack } from '../modules/library/repository.js';
import { dayIn } from '../modules/progress/service.js';
import { demoUser } from './lookups.js';

const ZONE = 'Asia/Shanghai';
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedLibraryContainersDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const temps = await tx.select().from(s.temperatures);
  const cold = temps.find((t) => t.code === '2-8C');
  const frozen = temps.find((t) => t.code === '-20C');
  const ambient = temps.find((t) => t.code === 'RT');
  const [rackType] = await tx.select().from(rackTypes).where(eq(rackTypes.code, 'RT-4x5'));
  const [boxType] = await tx.select().from(boxTypes).where(eq(boxTypes.code, 'BT-10x10'));
  if (!keeper || !cold || !frozen || !ambient || !rackType || !boxType) return;
  const stamp = { createdBy: keeper.id, createdAt: now, updatedAt: now };

  const [roomB] = await tx
    .insert(storageRooms)
    .values({
      code: 'ROOM-B',
      name: '样本库 B（冷藏与冷冻）',
      temperatureId: ambient.id,
      location: '样本库 1 楼',
      ...stamp,
    })
    .returning();
  if (!roomB) return;
  const [fridge] = await tx
    .insert(storageUnits)
    .values({
      code: 'REF-01',
      name: '2-8℃ 医用冷藏柜 1号',
      roomId: roomB.id,
      kind: 'refrigerator',
      temperatureId: cold.id,
      setCelsius: 4,
      status: 'active',
      rows: 4,
      cols: 1,
      ...stamp,
    })
    .returning();
  const [defrosting] = await tx
    .insert(storageUnits)
    .values({
      code: 'FRZ-01',
      name: '-20℃ 低温冰箱 1号',
      roomId: roomB.id,
      kind: 'freezer',
      temperatureId: frozen.id,
      setCelsius: -20,
      status: 'defrosting',
      rows: 3,
      cols: 1,
      remark: '除霜中，暂停入库',
      ...stamp,
    })
    .returning();
  if (!fridge || !defrosting) return;
  // The refrigerator as "fill with racks of type X, boxes of type Y" makes it: one rack of 10x10 boxes.
  await insertRack(tx, { code: 'REF-01-R01', unitId: fridge.id, slot: 1, rackType }, boxType, stamp);

  const units = await tx.select().from(storageUnits);
  const unit = (code: string) => units.find((u) => u.code === code)?.id;
  const ult1 = unit('ULT-01');
  const ult2 = unit('ULT-02');
  if (!ult1 || !ult2) return;
  const today = dayIn(now, ZONE);
  const task = (
    unitId: number,
    kind: string,
    days: number,
    intervalDays: number | null,
    remark: string | null,
  ) => ({
    unitId,
    kind,
    dueOn: shift(today, days),
    intervalDays,
    remark,
    timeZone: ZONE,
    ...stamp,
  });
  await tx.insert(unitMaintenanceTasks).values([
    task(ult1, 'defrost', -3, 180, '半年除霜一次，先转移样本'),
    task(ult2, 'service', 4, 365, '厂家年度保养'),
    task(fridge.id, 'calibration', 75, null, '第三方计量校准'),
    task(defrosting.id, 'defrost', 0, 180, null),
    {
      ...task(ult1, 'alarm_check', -30, 30, '断电报警与短信通知测试'),
      doneAt: new Date(now.getTime() - 30 * 86_400_000),
      doneBy: keeper.id,
      doneRemark: '报警正常，短信已收到',
    },
    task(ult1, 'alarm_check', 0, 30, '断电报警与短信通知测试'),
  ]);
}
