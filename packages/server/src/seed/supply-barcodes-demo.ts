// Demo data of kit and tube barcodes (/supply/consum-barcode-list, SEED_DEMO, after the lab demo):
// KM-2026-001 site 01 got a range of twelve baseline (V1) tube codes: two already scanned at the
// receipt desk in shipment ST-DEMO-KIT-001 (on its way, still open), six shipped with the kits, one
// voided (a misprinted label), three printed; and six kit-box codes, four shipped and two reserved.
// Site 02 has ten week-4 (V2) tube codes reserved, waiting to be printed.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { sampleTransportItems, sampleTransports } from '../db/schema-portal.js';
import { voidedBarcodes } from '../db/schema-project-config.js';
import { supplyBarcodes } from '../db/schema-supply-barcodes.js';
import { labelTemplates } from '../db/schema-supply-labels.js';
import { reserveRange } from '../modules/supply-barcodes/repository.js';
import { DEMO_LAB_CONSIGNEE } from './lab-demo.js';
import { demoUser } from './lookups.js';

const DAY = 86_400_000;
/** The open shipment whose tubes the desk has begun to scan. */
export const DEMO_KIT_SHIPMENT = { orderNo: 'ST-DEMO-KIT-001', expressNo: 'SF2000000001' };

/**
 * The demo's label templates: [code, version, name, English name, kind, symbology, width, height,
 * fields, CJK].
 */
const DEMO_TEMPLATES: Array<
  [string, number, string, string, string, string, number, number, string[], boolean]
> = [
  [
    'TUBE-DM',
    1,
    '采样管标签 40×20',
    'Tube label 40×20',
    'tube',
    'datamatrix',
    40,
    20,
    ['code', 'projectNo', 'centerNo'],
    false,
  ],
  [
    'TUBE-DM',
    2,
    '采样管标签 40×20（含访视）',
    'Tube label 40×20 (with visit)',
    'tube',
    'datamatrix',
    40,
    20,
    ['code', 'projectNo', 'centerNo', 'visitName'],
    false,
  ],
  [
    'KIT-128',
    1,
    '采样包标签 70×40',
    'Kit box label 70×40',
    'kit',
    'code128',
    70,
    40,
    ['code', 'projectNo', 'siteName', 'visitName', 'kind'],
    true,
  ],
  [
    'REQ-128',
    1,
    '申请单标签 60×30',
    'Requisition label 60×30',
    'requisition',
    'code128',
    60,
    30,
    ['code', 'projectNo', 'centerNo'],
    false,
  ],
];

export async function seedSupplyBarcodesDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const desk = await demoUser(tx, '13800000001');
  const booker = await demoUser(tx, '13900000001');
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  if (!keeper || !desk || !booker || !project) return;
  const siteOf = async (centerNo: string) =>
    (
      await tx
        .select()
        .from(s.sites)
        .where(and(eq(s.sites.projectId, project.id), eq(s.sites.centerNo, centerNo)))
    )[0];
  const site1 = await siteOf('01');
  const site2 = await siteOf('02');
  const visits = await tx
    .select()
    .from(s.visitPoints)
    .where(eq(s.visitPoints.projectId, project.id))
    .orderBy(asc(s.visitPoints.id));
  const visit = (enName: string) => visits.find((v) => v.enName === enName)?.id ?? null;
  const [serum] = await tx.select().from(s.sampleTypes).where(eq(s.sampleTypes.name, '血清'));
  const [cold] = await tx.select().from(s.temperatures).where(eq(s.temperatures.name, '冷藏'));
  if (!site1 || !site2 || !serum || !cold) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  await tx.insert(labelTemplates).values(
    DEMO_TEMPLATES.map(([code, version, name, enName, kind, symbology, widthMm, heightMm, fields, cjk]) => ({
      code,
      version,
      name,
      enName,
      kind,
      symbology,
      widthMm,
      heightMm,
      fields,
      cjk,
      createdBy: keeper.id,
      createdAt: ago(version === 1 ? 30 : 20),
    })),
  );

  const [shipment] = await tx
    .insert(sampleTransports)
    .values({
      ...DEMO_KIT_SHIPMENT,
      projectId: project.id,
      siteId: site1.id,
      status: 'picked_up',
      temperatureId: cold.id,
      sender: {
        name: '陈中心',
        phone: '13900000001',
        area: '北京市东城区',
        detail: '帅府园1号（示例地址）',
        company: '示例医院',
        email: null,
      },
      consignee: DEMO_LAB_CONSIGNEE,
      estimatedShipDate: now.toISOString().slice(0, 10),
      bookSendTime: new Date(now.getTime() - 20 * 3_600_000),
      coldChain: true,
      courier: 'SF',
      dispatchTime: new Date(now.getTime() - 18 * 3_600_000),
      createdBy: booker.id,
    })
    .returning({ id: sampleTransports.id });
  if (!shipment) return;
  await tx.insert(sampleTransportItems).values({
    transportId: shipment.id,
    sampleTypeId: serum.id,
    temperatureId: cold.id,
    quantity: 6,
    unit: '管',
    sort: 0,
  });

  const reserve = (
    siteId: number,
    visitId: number | null,
    kind: 'tube' | 'kit',
    count: number,
    remark: string,
    days: number,
  ) =>
    reserveRange(tx, {
      projectId: project.id,
      siteId,
      visitId,
      kind,
      count,
      remark,
      reservedBy: keeper.id,
      reservedAt: ago(days),
    });
  const tubes = await reserve(site1.id, visit('Baseline V1'), 'tube', 12, '基线采血管', 14);
  const kits = await reserve(site1.id, visit('Baseline V1'), 'kit', 6, '基线采样包', 14);
  await reserve(site2.id, visit('Week 4 V2'), 'tube', 10, '第4周采血管', 2);

  const codesOf = async (rangeId: number) =>
    tx
      .select()
      .from(supplyBarcodes)
      .where(eq(supplyBarcodes.rangeId, rangeId))
      .orderBy(asc(supplyBarcodes.serial));
  const set = (rows: Array<{ id: number }>, values: Partial<typeof supplyBarcodes.$inferInsert>) =>
    rows.length > 0
      ? tx
          .update(supplyBarcodes)
          .set(values)
          .where(
            inArray(
              supplyBarcodes.id,
              rows.map((r) => r.id),
            ),
          )
      : undefined;
  const t = await codesOf(tubes);
  const printed = { printedAt: ago(12) };
  const shipped = { ...printed, shippedAt: ago(10) };
  await set(t.slice(0, 2), {
    ...shipped,
    state: 'used',
    usedAt: ago(0),
    usedBy: desk.id,
    usedTransportId: shipment.id,
  });
  await set(t.slice(2, 8), { ...shipped, state: 'shipped' });
  const misprint = t.slice(8, 9);
  await set(misprint, {
    ...printed,
    state: 'voided',
    voidedAt: ago(12),
    voidedBy: keeper.id,
    voidReason: '标签打印模糊',
  });
  for (const row of misprint)
    await tx.insert(voidedBarcodes).values({
      projectId: project.id,
      code: row.code,
      reasonCode: 'misprint',
      reason: '标签打印模糊',
      voidedBy: keeper.id,
      voidedAt: ago(12),
    });
  await set(t.slice(9), { ...printed, state: 'printed' });
  const k = await codesOf(kits);
  await set(k.slice(0, 4), { ...shipped, state: 'shipped' });
}
