// Demo data of what arrived against KM-2026-001's online plan (SEED_DEMO), so the plan detail's
// "reconciliation" and "cold chain" tabs open on a story: nobody's screening (V0) samples came (overdue),
// site 02's subjects brought baseline and week 4 except S-001-0202, whose week-4 serum is labelled at
// the site and still not here after its window (overdue), S-001-0203 brought an extra serum tube at
// week 12, and site 01 has two enrolled subjects and no tube labelled yet (workflow-demo.ts). The
// week-4 and week-12 serum came in a shipment of site 02 received yesterday at 13.6 °C against 2-8 °C:
// an exception with a query to the site, written as the receipt desk writes it (site 01's portal
// lists keep the portal tests' own records). The windows are plans-demo.ts's.
// Runs after the plans and the workflow demo (subjects). Synthetic people and numbers only.
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { labSubjects } from '../db/schema-lab.js';
import { sampleTransportItems, sampleTransports } from '../db/schema-portal.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import { t } from '../lib/i18n.js';
import { recordEvent } from '../lib/workflow.js';
import { raiseQuery } from '../modules/clarification/repository.js';
import { insertReceipt, lineConditions, linkQuery } from '../modules/receipt/repository.js';
import { coldChainCheck } from '../modules/receipt/service.js';
import { DEMO_LAB_CONSIGNEE } from './lab-demo.js';
import { demoUser } from './lookups.js';

/** The breached shipment's order number. */
export const DEMO_COLD_CHAIN_ORDER = 'ST-DEMO-CCB-001';

/**
 * Site 02's visit samples: [subject, visit, sample type code, received]. The plan asks one tube of
 * each planned type per visit (whole blood and serum at V1, serum at V2, plasma at V3).
 */
const VISIT_SAMPLES: Array<[string, string, string, boolean]> = [
  ['S-001-0201', '基线 V1', 'WB', true],
  ['S-001-0201', '基线 V1', 'SER', true],
  ['S-001-0201', '第4周 V2', 'SER', true],
  ['S-001-0201', '第12周 V3', 'PLA', true],
  ['S-001-0202', '基线 V1', 'WB', true],
  ['S-001-0202', '基线 V1', 'SER', true],
  // Labelled at the site, not yet arrived: counted as missing.
  ['S-001-0202', '第4周 V2', 'SER', false],
  ['S-001-0203', '基线 V1', 'WB', true],
  ['S-001-0203', '基线 V1', 'SER', true],
  ['S-001-0203', '第4周 V2', 'SER', true],
  ['S-001-0203', '第12周 V3', 'PLA', true],
  // Not planned at V3: an extra tube.
  ['S-001-0203', '第12周 V3', 'SER', true],
];

const DAY = 86_400_000;

export async function seedPlanSamplesDemo(tx: Transaction, now: Date): Promise<void> {
  const [project] = await tx
    .select({ id: s.projects.id })
    .from(s.projects)
    .where(eq(s.projects.projectNo, 'KM-2026-001'));
  const technician = await demoUser(tx, '13800000001');
  if (!project || !technician) return;
  await seedVisitSamples(tx, now, project.id, technician.id);
  const breached = await seedColdChainBreach(tx, now, project.id, technician.id);
  // The serum signed for after that shipment came with it.
  if (breached)
    await tx
      .update(specimenBarcodes)
      .set({
        transportId: breached.transportId,
        transportItemId: breached.itemId,
        signedAt: breached.signedAt,
      })
      .where(and(eq(specimenBarcodes.projectId, project.id), inArray(specimenBarcodes.code, BREACHED_SERUM)));
}

/** The serum tubes (week 4 and week 12) that came in the breached shipment. */
const BREACHED_SERUM = ['KM1-0201-V2-SER', 'KM1-0203-V2-SER', 'KM1-0203-V3-SER'];

async function seedVisitSamples(tx: Transaction, now: Date, projectId: number, technician: number) {
  const subjects = await tx
    .select({ id: labSubjects.id, subjectNo: labSubjects.subjectNo, siteId: labSubjects.siteId })
    .from(labSubjects)
    .where(
      and(
        eq(labSubjects.projectId, projectId),
        inArray(labSubjects.subjectNo, [...new Set(VISIT_SAMPLES.map(([no]) => no))]),
      ),
    );
  const types = new Map(
    (await tx.select({ id: s.sampleTypes.id, code: s.sampleTypes.code }).from(s.sampleTypes)).map((r) => [
      r.code,
      r.id,
    ]),
  );
  const [frozen] = await tx
    .select({ id: s.temperatures.id })
    .from(s.temperatures)
    .where(eq(s.temperatures.code, '-80C'));
  const rows = VISIT_SAMPLES.flatMap(([subjectNo, visit, type, received], i) => {
    const subject = subjects.find((x) => x.subjectNo === subjectNo);
    const sampleTypeId = types.get(type);
    if (!subject || sampleTypeId === undefined) return [];
    const at = new Date(now.getTime() - (30 - i) * DAY);
    return [
      {
        code: `KM1-${subjectNo.slice(-4)}-${visit.slice(-2)}-${type}`,
        projectId,
        siteId: subject.siteId,
        subjectId: subject.id,
        visit,
        sampleTypeId,
        status: received ? 'signed' : 'registered',
        temperatureId: received ? (frozen?.id ?? null) : null,
        signedBy: received ? technician : null,
        signedAt: received ? at : null,
        createdBy: technician,
        createdAt: at,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(specimenBarcodes).values(rows).onConflictDoNothing();
}

/** A shipment of site 02 received yesterday at 13.6 °C against 2–8 °C: the exception and its query. */
async function seedColdChainBreach(
  tx: Transaction,
  now: Date,
  projectId: number,
  technician: number,
): Promise<{ transportId: number; itemId: number; signedAt: Date } | undefined> {
  const [site] = await tx
    .select({ id: s.sites.id })
    .from(s.sites)
    .where(and(eq(s.sites.projectId, projectId), eq(s.sites.centerNo, '02')));
  // Site 02 has no portal account: the project manager booked it for them.
  const booker = await demoUser(tx, '13800000003');
  const [cold] = await tx
    .select({ id: s.temperatures.id })
    .from(s.temperatures)
    .where(eq(s.temperatures.name, '冷藏'));
  const [serum] = await tx
    .select({ id: s.sampleTypes.id, name: s.sampleTypes.name })
    .from(s.sampleTypes)
    .where(eq(s.sampleTypes.code, 'SER'));
  if (!site || !booker || !cold || !serum) return undefined;
  const signedAt = new Date(now.getTime() - DAY);
  const [shipment] = await tx
    .insert(sampleTransports)
    .values({
      orderNo: DEMO_COLD_CHAIN_ORDER,
      projectId,
      siteId: site.id,
      status: 'signed',
      temperatureId: cold.id,
      sender: {
        name: '卫协调',
        phone: '13900000021',
        area: '上海市徐汇区',
        detail: '宛平南路1号（示例地址）',
        company: '示例医院二中心',
        email: null,
      },
      consignee: DEMO_LAB_CONSIGNEE,
      estimatedShipDate: new Date(now.getTime() - 3 * DAY).toISOString().slice(0, 10),
      bookSendTime: new Date(now.getTime() - 3 * DAY),
      coldChain: true,
      courier: 'SF',
      expressNo: 'SF1000000077',
      dispatchTime: new Date(now.getTime() - 2 * DAY),
      signerId: technician,
      signedAt,
      createdBy: booker.id,
    })
    .onConflictDoNothing()
    .returning({ id: sampleTransports.id });
  if (!shipment) return undefined;
  const [line] = await tx
    .insert(sampleTransportItems)
    .values({
      transportId: shipment.id,
      sampleTypeId: serum.id,
      temperatureId: cold.id,
      quantity: BREACHED_SERUM.length,
      unit: '管',
      sort: 0,
    })
    .returning({ id: sampleTransportItems.id });
  const [conditions] = await lineConditions(tx, { id: shipment.id, projectId });
  if (!line || !conditions) return undefined;
  const reading = 13.6;
  const check = coldChainCheck(reading, conditions.booked, conditions.planned);
  await insertReceipt(
    tx,
    { transportId: shipment.id, receivedBy: technician, receivedAt: signedAt, remark: '冷藏箱冰排已融化' },
    [
      {
        transportId: shipment.id,
        itemId: line.id,
        state: check.breach ? 'exception' : 'received',
        receivedQuantity: BREACHED_SERUM.length,
        receivedBy: technician,
        receivedAt: signedAt,
        temperatureCelsius: reading,
        temperatureRange: check.range,
        temperatureBreach: check.breach,
      },
    ],
  );
  await recordEvent(tx, {
    workflow: 'sampleShipment',
    recordId: shipment.id,
    action: 'sign',
    fromState: 'picked_up',
    toState: 'signed',
    userId: technician,
    at: signedAt,
  });
  const breached = { transportId: shipment.id, itemId: line.id, signedAt };
  if (!check.breach) return breached;
  const query = await raiseQuery(
    tx,
    {
      projectId,
      siteId: site.id,
      subjectNo: '-',
      // Dictionary 1020 "sample issue", as the receipt desk raises it.
      queryType: '3',
      content: t('zh_CN', 'receiptColdChainQuery', {
        orderNo: DEMO_COLD_CHAIN_ORDER,
        sampleType: serum.name,
        reading,
        range: check.range,
      }),
      needsClarification: true,
      raisedBy: technician,
      raisedAt: signedAt,
    },
    shipment.id,
    'Asia/Shanghai',
  );
  await linkQuery(tx, shipment.id, line.id, query.id);
  return breached;
}
