// Demo data of the specimen timeline (SEED_DEMO, after the library's specimen pages): one baseline
// serum tube of KM-2026-002 site 02 (LIB-TL-0001, subject S-002-0201) with a whole story, written
// through the flows' own pieces: labelled at the site, booked and dispatched on dry ice, received
// at -72.5 °C with the logger's printout captured, signed for, placed in ULT-01, moved to another cell,
// lent out on a pre-treatment bill (CK2026DEMO10) and returned (freeze-thaw 1), the bill closed.
// KM-2026-002's plan is still in review, so nothing here counts in a plan's reconciliation.
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { labSubjects, receiptImages } from '../db/schema-lab.js';
import { storageBoxes } from '../db/schema-library.js';
import { specimenBillLines, specimenBills } from '../db/schema-library-bills.js';
import { sampleTransportItems, sampleTransports } from '../db/schema-portal.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import type { FileStore } from '../lib/file-store.js';
import { recordEvent } from '../lib/workflow.js';
import { insertReceipt, lineConditions } from '../modules/receipt/repository.js';
import { coldChainCheck } from '../modules/receipt/service.js';
import { billReference } from '../services/bills/holds.js';
import { assign } from '../services/positions/engine.js';
import { insertSignature } from '../services/signatures.js';
import { DEMO_LAB_CONSIGNEE } from './lab-demo.js';
import { demoUser } from './lookups.js';
import { demoPdf } from './portal-admin-demo.js';

/** The demo specimen with a whole story, its shipment and its loan. */
export const DEMO_TIMELINE_SPECIMEN = 'LIB-TL-0001';
export const DEMO_TIMELINE_SHIPMENT = 'ST-DEMO-TL-001';
export const DEMO_TIMELINE_BILL = 'CK2026DEMO10';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export async function seedLibraryTimelineDemo(tx: Transaction, now: Date, store: FileStore): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const technician = await demoUser(tx, '13800000001');
  const reviewer = await demoUser(tx, '13800000002');
  const booker = await demoUser(tx, '13800000003');
  const [site] = await tx
    .select()
    .from(s.sites)
    .innerJoin(s.projects, eq(s.projects.id, s.sites.projectId))
    .where(and(eq(s.projects.projectNo, 'KM-2026-002'), eq(s.sites.centerNo, '02')));
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  const [serum] = await tx.select().from(s.sampleTypes).where(eq(s.sampleTypes.code, 'SER'));
  const [subject] = await tx.select().from(labSubjects).where(eq(labSubjects.subjectNo, 'S-002-0201'));
  const [lending] = await tx.select().from(s.stockOutTypes).where(eq(s.stockOutTypes.code, 'PRE_TREATMENT'));
  const [first] = await tx.select().from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R01-A4'));
  if (!keeper || !technician || !reviewer || !booker || !site || !deep || !serum || !subject) return;
  if (!lending || !first) return;
  const projectId = site.projects.id;
  const day = (n: number, hours = 0) => new Date(now.getTime() - n * DAY + hours * HOUR);
  // The box of the story was in the freezer before it began (the library demo dates them now).
  await tx
    .update(storageBoxes)
    .set({ createdAt: day(60) })
    .where(inArray(storageBoxes.id, [first.id]));

  // Booked by the project manager for the site, dispatched on dry ice, signed for by the lab.
  const [shipment] = await tx
    .insert(sampleTransports)
    .values({
      orderNo: DEMO_TIMELINE_SHIPMENT,
      projectId,
      siteId: site.sites.id,
      status: 'signed',
      temperatureId: deep.id,
      sender: {
        name: '卫协调',
        phone: '13900000022',
        area: '上海市徐汇区',
        detail: '宛平南路1号（示例地址）',
        company: '示例医院二中心',
        email: null,
      },
      consignee: DEMO_LAB_CONSIGNEE,
      estimatedShipDate: day(41).toISOString().slice(0, 10),
      bookSendTime: day(41),
      coldChain: true,
      courier: 'SF',
      expressNo: 'SF1000000091',
      dispatcherId: booker.id,
      dispatchTime: day(41, 3),
      signerId: technician.id,
      signedAt: day(40),
      createdBy: booker.id,
      createdAt: day(42),
      updatedAt: day(40),
    })
    .returning({ id: sampleTransports.id });
  if (!shipment) return;
  const [line] = await tx
    .insert(sampleTransportItems)
    .values({
      transportId: shipment.id,
      sampleTypeId: serum.id,
      temperatureId: deep.id,
      quantity: 1,
      unit: '管',
    })
    .returning({ id: sampleTransportItems.id });
  const [conditions] = await lineConditions(tx, { id: shipment.id, projectId });
  if (!line || !conditions) return;
  const reading = -72.5;
  const check = coldChainCheck(reading, conditions.booked, conditions.planned);
  const received = day(40);
  await insertReceipt(
    tx,
    { transportId: shipment.id, receivedBy: technician.id, receivedAt: received, remark: '干冰充足' },
    [
      {
        transportId: shipment.id,
        itemId: line.id,
        state: check.breach ? 'exception' : 'received',
        receivedQuantity: 1,
        receivedBy: technician.id,
        receivedAt: received,
        temperatureCelsius: reading,
        temperatureRange: check.range,
        temperatureBreach: check.breach,
      },
    ],
  );
  const printout = demoPdf('Temperature logger ST-DEMO-TL-001');
  const [file] = await tx
    .insert(s.files)
    .values({
      name: 'temperature-logger-ST-DEMO-TL-001.pdf',
      mime: 'application/pdf',
      size: printout.length,
      sha256: await store.put(printout),
      uploadedBy: technician.id,
    })
    .returning({ id: s.files.id });
  if (file)
    await tx.insert(receiptImages).values({
      transportId: shipment.id,
      fileId: file.id,
      kind: 'temperature',
      capturedBy: technician.id,
      capturedAt: received,
    });
  await recordEvent(tx, {
    workflow: 'sampleShipment',
    recordId: shipment.id,
    action: 'sign',
    fromState: 'picked_up',
    toState: 'signed',
    userId: technician.id,
    at: received,
  });

  const [specimen] = await tx
    .insert(specimenBarcodes)
    .values({
      code: DEMO_TIMELINE_SPECIMEN,
      projectId,
      siteId: site.sites.id,
      subjectId: subject.id,
      visit: '基线 V1',
      sampleTypeId: serum.id,
      status: 'signed',
      temperatureId: deep.id,
      volumeUl: 500,
      transportId: shipment.id,
      transportItemId: line.id,
      signedBy: technician.id,
      signedAt: day(40, 1),
      createdBy: technician.id,
      createdAt: day(43),
    })
    .returning({ id: specimenBarcodes.id });
  if (!specimen) return;
  const custody = (at: Date, reference: string | null, reason: string | null = null) => ({
    userId: keeper.id,
    at,
    batchId: `demo-timeline-${at.getTime()}`,
    reference,
    reason,
  });
  await assign(
    tx,
    'zh_CN',
    [{ action: 'place', specimenId: specimen.id, to: { boxId: first.id, row: 9, col: 1 } }],
    custody(day(39), 'demo'),
  );
  await assign(
    tx,
    'zh_CN',
    [{ action: 'move', specimenId: specimen.id, to: { boxId: first.id, row: 9, col: 2 } }],
    custody(day(30), null, '按受试者归并冻存盒'),
  );

  // Lent for pre-treatment: approved, handed over, back a week later, the bill closed.
  const created = day(20);
  const [bill] = await tx
    .insert(specimenBills)
    .values({
      billNo: DEMO_TIMELINE_BILL,
      kind: 'out',
      status: 'closed',
      projectId,
      stockOutTypeId: lending.id,
      reason: '1',
      recipient: '李老师（前处理实验室）',
      destination: '本中心前处理实验室',
      receiverName: '李老师',
      confirmedBy: keeper.id,
      confirmedAt: day(19),
      createdBy: keeper.id,
      createdAt: created,
      updatedAt: day(12),
      version: 5,
    })
    .returning({ id: specimenBills.id });
  if (!bill) return;
  const steps: Array<[string, string, string, Date, number]> = [
    ['submit', 'draft', 'submitted', day(20, 1), keeper.id],
    ['approve', 'submitted', 'approved', day(20, 3), reviewer.id],
    ['confirm', 'approved', 'confirmed', day(19), keeper.id],
    ['close', 'confirmed', 'closed', day(12), keeper.id],
  ];
  for (const [action, fromState, toState, at, userId] of steps) {
    await recordEvent(tx, {
      workflow: 'outboundBill',
      recordId: bill.id,
      action,
      fromState,
      toState,
      userId,
      at,
    });
    if (action === 'approve')
      await insertSignature(tx, {
        entity: 'specimenBill',
        entityId: bill.id,
        action,
        meaning: 'approval',
        userId,
        signerName: reviewer.username,
        signedAt: at,
        contentHash: '0'.repeat(64),
      });
  }
  await assign(
    tx,
    'zh_CN',
    [{ action: 'outbound', specimenId: specimen.id }],
    custody(day(19), billReference(DEMO_TIMELINE_BILL)),
  );
  await assign(
    tx,
    'zh_CN',
    [{ action: 'return', specimenId: specimen.id, to: { boxId: first.id, row: 9, col: 3 } }],
    custody(day(12), billReference(DEMO_TIMELINE_BILL)),
  );
  await tx.insert(specimenBillLines).values({
    billId: bill.id,
    specimenId: specimen.id,
    whole: true,
    held: false,
    scannedBy: keeper.id,
    scannedAt: day(19),
    returnedAt: day(12),
    returnBoxId: first.id,
    returnPosition: 'I3',
  });
}
