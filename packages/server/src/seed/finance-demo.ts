// Finance demo (docs/finance.md): the billable events of the demo's work. The generation runs for
// last month (storage accrued: the period has ended) and this month, as finance would at period
// close (after the marketing demo, whose contracts price it), so the bills page opens on priced work
// of the demo contracts' projects (KM-2026-001 in CNY by DEMO-HT-2026-001, KM-2026-003 in USD by
// DEMO-HT-2026-003), work no contract prices yet on the exception queue, and one exception waived
// with a reason.
import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { financeBillableEvents } from '../db/schema-finance.js';
import { generatePeriod } from '../modules/finance/generate.js';
import { demoUser } from './lookups.js';

/** The lab's zone the demo's days are counted in (the server's default LAB_TIME_ZONE). */
const DEMO_ZONE = 'Asia/Shanghai';

export async function seedFinanceDemo(tx: Transaction, now: Date): Promise<void> {
  const finance = await demoUser(tx, '13800000005');
  if (!finance) return;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE }).format(now);
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  const lastMonth = first.toISOString().slice(0, 7);
  for (const period of [lastMonth, today.slice(0, 7)])
    await generatePeriod(tx, { period, now, today, timeZone: DEMO_ZONE });
  // One exception resolved: a kit that was a free replacement, waived by finance.
  const [exception] = await tx
    .select()
    .from(financeBillableEvents)
    .where(and(eq(financeBillableEvents.status, 'unpriced'), eq(financeBillableEvents.kind, 'kit')))
    .orderBy(asc(financeBillableEvents.id))
    .limit(1);
  if (exception)
    await tx
      .update(financeBillableEvents)
      .set({
        status: 'waived',
        resolveReason: '破损补发，不计费',
        resolvedBy: finance.id,
        resolvedAt: now,
        version: exception.version + 1,
      })
      .where(eq(financeBillableEvents.id, exception.id));
}
