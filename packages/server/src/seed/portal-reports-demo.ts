// Demo data of the portal report screens (SEED_DEMO): a shipment of site 01 of KM-2026-001 signed off
// with one sample line rejected at receipt (the rejection notification and an inspection form) and an
// open chargeback notice. The demo's released reports (workflow-demo.ts) are of sites without a portal
// user, so these screens' counts are the portal tests' own. Synthetic people and numbers only.
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { receiptSamples, receipts } from '../db/schema-lab.js';
import { sampleTransportItems, sampleTransports } from '../db/schema-portal.js';
import { chargebackNotices } from '../db/schema-portal-reports.js';
import { recordEvent } from '../lib/workflow.js';
import { demoUser } from './lookups.js';

export const DEMO_REJECTION_ORDER = 'ST-DEMO-INS-001';
export const DEMO_CHARGEBACK_NO = 'CB-DEMO-0001';

const HOUR = 3_600_000;

export async function seedPortalReportsDemo(tx: Transaction, now: Date): Promise<void> {
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const userId = async (mobile: string) => (await demoUser(tx, mobile))?.id;
  const technician = await userId('13800000001');
  // 何研究 (site 01 of KM-2026-001, portal-demo.ts) is the demo user granted the unblinding results.
  const unblinder = await userId('13900000003');
  const [unblindingRole] = await tx
    .select({ id: s.roles.id })
    .from(s.roles)
    .where(eq(s.roles.code, 'external_unblinding'));
  if (unblinder !== undefined && unblindingRole)
    await tx.insert(s.userRoles).values({ userId: unblinder, roleId: unblindingRole.id });
  const site = await first(
    tx
      .select({ id: s.sites.id, projectId: s.sites.projectId })
      .from(s.sites)
      .innerJoin(s.projects, eq(s.projects.id, s.sites.projectId))
      .where(and(eq(s.projects.projectNo, 'KM-2026-001'), eq(s.sites.centerNo, '01'))),
  );
  if (technician === undefined || !site) return;

  // A shipment signed off with one sample line rejected (haemolysis): the rejection notification.
  const temperature = await first(
    tx.select({ id: s.temperatures.id }).from(s.temperatures).where(eq(s.temperatures.name, '冷藏')),
  );
  const serum = await first(
    tx.select({ id: s.sampleTypes.id }).from(s.sampleTypes).where(eq(s.sampleTypes.name, '血清')),
  );
  const plasma = await first(
    tx.select({ id: s.sampleTypes.id }).from(s.sampleTypes).where(eq(s.sampleTypes.name, '血浆')),
  );
  const booker = await userId('13900000001');
  if (!temperature || !serum || !plasma || booker === undefined) return;
  const day = 24 * HOUR;
  const signedAt = new Date(now.getTime() - 2 * day);
  const [shipment] = await tx
    .insert(sampleTransports)
    .values({
      orderNo: DEMO_REJECTION_ORDER,
      projectId: site.projectId,
      siteId: site.id,
      status: 'signed',
      temperatureId: temperature.id,
      sender: {
        name: '陈中心',
        phone: '13900000001',
        area: '北京市东城区',
        detail: '帅府园1号（示例地址）',
        company: '示例医院',
        email: null,
      },
      consignee: {
        name: '李实验',
        phone: '13800000001',
        area: '上海市浦东新区',
        detail: '张江路100号 中心实验室（示例）',
        company: 'Trialab',
        email: null,
      },
      estimatedShipDate: new Date(now.getTime() - 3 * day).toISOString().slice(0, 10),
      bookSendTime: new Date(now.getTime() - 3 * day),
      coldChain: true,
      courier: 'SF',
      expressNo: 'SF1000000099',
      dispatchTime: new Date(now.getTime() - 3 * day + 2 * HOUR),
      signerId: technician,
      signedAt,
      createdBy: booker,
    })
    .returning({ id: sampleTransports.id });
  if (!shipment) return;
  const lines = await tx
    .insert(sampleTransportItems)
    .values([
      {
        transportId: shipment.id,
        sampleTypeId: serum.id,
        temperatureId: temperature.id,
        quantity: 6,
        unit: '管',
        sort: 0,
      },
      {
        transportId: shipment.id,
        sampleTypeId: plasma.id,
        temperatureId: temperature.id,
        quantity: 2,
        unit: '管',
        sort: 1,
      },
    ])
    .returning({ id: sampleTransportItems.id });
  await tx
    .insert(receipts)
    .values({ transportId: shipment.id, receivedBy: technician, receivedAt: signedAt, remark: null });
  const [serumLine, plasmaLine] = lines;
  if (serumLine && plasmaLine) {
    await tx.insert(receiptSamples).values([
      {
        transportId: shipment.id,
        itemId: serumLine.id,
        state: 'received',
        receivedQuantity: 6,
        receivedBy: technician,
        receivedAt: signedAt,
      },
      {
        transportId: shipment.id,
        itemId: plasmaLine.id,
        state: 'exception',
        receivedQuantity: 2,
        exceptionReason: '1',
        remark: '2管血浆明显溶血，不予检测',
        receivedBy: technician,
        receivedAt: signedAt,
      },
    ]);
  }
  await recordEvent(tx, {
    workflow: 'sampleShipment',
    recordId: shipment.id,
    action: 'sign',
    fromState: 'picked_up',
    toState: 'signed',
    userId: technician,
    at: signedAt,
  });

  // An open chargeback notice for the re-tested sample.
  const [notice] = await tx
    .insert(chargebackNotices)
    .values({
      noticeNo: DEMO_CHARGEBACK_NO,
      projectId: site.projectId,
      siteId: site.id,
      barcode: 'BC-DEMO-0002',
      reason: '样本溶血导致复检，按合同收取复检费',
      amount: '120.00',
      status: 'issued',
      raisedBy: technician,
      raisedAt: new Date(now.getTime() - day),
    })
    .returning({ id: chargebackNotices.id });
  if (notice) {
    await recordEvent(tx, {
      workflow: 'chargebackNotice',
      recordId: notice.id,
      action: 'create',
      fromState: null,
      toState: 'issued',
      userId: technician,
      at: new Date(now.getTime() - day),
    });
  }
}
