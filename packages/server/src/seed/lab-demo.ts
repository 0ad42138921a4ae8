// Demo data of the laboratory (SEED_DEMO): incoming sample shipments for the receipt desk and the
// settings of the seeded test items. Synthetic people and numbers only.
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { testItemSettings } from '../db/schema-lab.js';
import { sampleTransportItems, sampleTransports } from '../db/schema-portal.js';
import { demoUser } from './lookups.js';

/** Shipments on their way to the lab: [orderNo, waybill, courier, project, centre, temperature, samples]. */
export const DEMO_INCOMING: Array<
  [string, string, string, string, string, string, Array<[string, number, string]>]
> = [
  [
    'ST-DEMO-RCV-001',
    'SF1000000001',
    'SF',
    'KM-2026-001',
    '01',
    '冷藏',
    [
      ['血清', 12, '管'],
      ['血浆', 6, '管'],
    ],
  ],
  ['ST-DEMO-RCV-002', 'SF1000000002', 'SF', 'KM-2026-001', '02', '冷冻', [['全血', 8, '管']]],
  ['ST-DEMO-RCV-003', 'JD1000000003', 'JD', 'KM-2026-002', '01', '常温', [['尿液', 10, '管']]],
  [
    'ST-DEMO-RCV-004',
    'EMS1000000004',
    'EMS',
    'KM-2026-003',
    '01',
    '冷藏',
    [
      ['血清', 4, '管'],
      ['全血', 4, '管'],
    ],
  ],
];

/** Settings of the seeded test items: [code, sample type, unit, reference range, method, TAT hours]. */
export const DEMO_TEST_ITEM_SETTINGS: Array<[string, string, string | null, string | null, string, number]> =
  [
    ['CBC', '全血', null, null, '血细胞分析仪法', 24],
    ['LFT', '血清', 'U/L', '7-40', '速率法', 48],
    ['RFT', '血清', 'μmol/L', '57-111', '酶法', 48],
    ['LIPID', '血清', 'mmol/L', '<5.2', '酶法', 48],
    ['HBA1C', '全血', '%', '4.0-6.0', 'HPLC', 72],
  ];

/** Where the demo sites send their samples: the lab's receipt desk. */
export const DEMO_LAB_CONSIGNEE = {
  name: '李实验',
  phone: '13800000001',
  area: '上海市浦东新区',
  detail: '张江路100号 中心实验室（示例）',
  company: 'Trialab',
  email: null,
};

export async function seedLabDemo(tx: Transaction, now: Date): Promise<void> {
  const id = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]?.id;
  const sampleType = (name: string) =>
    id(tx.select({ id: s.sampleTypes.id }).from(s.sampleTypes).where(eq(s.sampleTypes.name, name)));

  for (const [code, typeName, unit, referenceRange, methodology, tatHours] of DEMO_TEST_ITEM_SETTINGS) {
    const testItemId = await id(
      tx.select({ id: s.testItems.id }).from(s.testItems).where(eq(s.testItems.code, code)),
    );
    if (testItemId === undefined) continue;
    await tx
      .insert(testItemSettings)
      .values({
        testItemId,
        sampleTypeId: (await sampleType(typeName)) ?? null,
        unit,
        referenceRange,
        methodology,
        tatHours,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }

  const booker = (await demoUser(tx, '13900000001'))?.id;
  if (booker === undefined) return;
  for (const [orderNo, expressNo, courier, projectNo, centerNo, temperature, samples] of DEMO_INCOMING) {
    const projectId = await id(
      tx.select({ id: s.projects.id }).from(s.projects).where(eq(s.projects.projectNo, projectNo)),
    );
    if (projectId === undefined) continue;
    const siteId = await id(
      tx
        .select({ id: s.sites.id })
        .from(s.sites)
        .where(and(eq(s.sites.projectId, projectId), eq(s.sites.centerNo, centerNo))),
    );
    const temperatureId = await id(
      tx.select({ id: s.temperatures.id }).from(s.temperatures).where(eq(s.temperatures.name, temperature)),
    );
    if (siteId === undefined || temperatureId === undefined) continue;
    const contact = {
      name: '陈中心',
      phone: '13900000001',
      area: '北京市东城区',
      detail: '帅府园1号（示例地址）',
      company: '示例医院',
      email: null,
    };
    const [row] = await tx
      .insert(sampleTransports)
      .values({
        orderNo,
        projectId,
        siteId,
        status: 'picked_up',
        temperatureId,
        sender: contact,
        consignee: DEMO_LAB_CONSIGNEE,
        estimatedShipDate: now.toISOString().slice(0, 10),
        bookSendTime: new Date(now.getTime() - 26 * 3_600_000),
        coldChain: temperature !== '常温',
        courier,
        expressNo,
        dispatchTime: new Date(now.getTime() - 24 * 3_600_000),
        createdBy: booker,
      })
      .onConflictDoNothing()
      .returning({ id: sampleTransports.id });
    if (!row) continue;
    let sort = 0;
    for (const [typeName, quantity, unit] of samples) {
      const sampleTypeId = await sampleType(typeName);
      if (sampleTypeId === undefined) continue;
      await tx
        .insert(sampleTransportItems)
        .values({ transportId: row.id, sampleTypeId, temperatureId, quantity, unit, sort: sort++ });
    }
  }
}
