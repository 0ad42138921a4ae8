// Demo data of /express/edit-check (SEED_DEMO): of the two bookings site 01 of KM-2026-001 made
// (workflow-demo.ts), ST-DEMO-BKD-001 was corrected by the laboratory before pick-up (the site
// forgot its plasma tubes; pick-up moved two hours later) with the reason the site reads, and
// ST-DEMO-BKD-002 still waits for the courier and can be corrected. No booking is added, so the
// counts other pages' tests make of the demo stay theirs. Synthetic people and numbers only.
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { sampleTransportItems, sampleTransports } from '../db/schema-portal.js';
import { appendAudit } from '../lib/audit.js';
import { recordEvent } from '../lib/workflow.js';
import { demoUser } from './lookups.js';

export const DEMO_CORRECTED_ORDER = 'ST-DEMO-BKD-001';
export const DEMO_CORRECTABLE_ORDER = 'ST-DEMO-BKD-002';
export const DEMO_CORRECTION_REASON = '中心来电：同批还有 4 管血浆需一起寄出，揽收顺延 2 小时';

const HOUR = 3_600_000;

export async function seedExpressEditCheckDemo(tx: Transaction): Promise<void> {
  const technician = await demoUser(tx, '13800000001');
  const [booking] = await tx
    .select()
    .from(sampleTransports)
    .where(and(eq(sampleTransports.orderNo, DEMO_CORRECTED_ORDER), eq(sampleTransports.status, 'booked')));
  const [plasma] = await tx
    .select({ id: s.sampleTypes.id })
    .from(s.sampleTypes)
    .where(eq(s.sampleTypes.name, '血浆'));
  if (!technician || !booking || !plasma) return;
  const at = new Date(booking.createdAt.getTime() + 3 * HOUR);
  const bookSendTime = new Date(booking.bookSendTime.getTime() + 2 * HOUR);
  await tx
    .update(sampleTransports)
    .set({ bookSendTime, version: booking.version + 1, updatedAt: at })
    .where(eq(sampleTransports.id, booking.id));
  await tx.insert(sampleTransportItems).values({
    transportId: booking.id,
    sampleTypeId: plasma.id,
    temperatureId: booking.temperatureId,
    quantity: 4,
    unit: '管',
    sort: 1,
  });
  await recordEvent(tx, {
    workflow: 'sampleShipment',
    recordId: booking.id,
    action: 'correct',
    fromState: 'booked',
    toState: 'booked',
    userId: technician.id,
    at,
    reason: DEMO_CORRECTION_REASON,
  });
  await appendAudit(
    tx,
    {
      at,
      userId: technician.id,
      username: technician.username,
      requestId: null,
      workstation: null,
      ip: null,
    },
    [
      {
        action: 'sampleShipment.correct',
        entity: 'sampleShipment',
        entityId: booking.id,
        oldValue: { status: 'booked', version: booking.version },
        newValue: {
          status: 'booked',
          version: booking.version + 1,
          bookSendTime: bookSendTime.toISOString(),
        },
        reason: DEMO_CORRECTION_REASON,
      },
    ],
  );
}
