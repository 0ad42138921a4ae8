// Billable events for the finance benches: released reports of the demo contract's project
// (KM-2026-001) this month, each with CBC, LFT and RFT results, then the period's generation as the
// period job runs it (the demo contract prices CBC and LFT; RFT has no price: an unpriced event).
// Used by bench/finance-bills.ts and bench/finance-statement.ts.
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { generatePeriod } from '../src/modules/finance/generate.js';

export const ZONE = 'Asia/Shanghai';

/** Today and this month in the lab's zone. */
export function labToday(now: Date): { today: string; period: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
  return { today, period: today.slice(0, 7) };
}

/** Inserts `reports` released reports of 3 test items each (BENCH-000001..), released at `now`. */
export async function seedReleasedReports(db: Database, reports: number, now: Date): Promise<void> {
  await db.execute(sql`
    WITH t AS (SELECT r.project_id, r.site_id, r.subject_id, r.barcode, r.created_by
               FROM lab_reports r JOIN projects p ON p.id = r.project_id
               WHERE p.project_no = 'KM-2026-001' LIMIT 1)
    INSERT INTO lab_reports (report_no, project_id, site_id, subject_id, barcode, status, created_by, created_at, released_at)
    SELECT 'BENCH-' || lpad(g::text, 6, '0'), t.project_id, t.site_id, t.subject_id, t.barcode, 'released',
           t.created_by, ${now}, ${now}::timestamptz - (g % 3) * interval '1 minute'
    FROM t, generate_series(1, ${reports}) g`);
  await db.execute(sql`
    INSERT INTO lab_report_results (report_id, test_item_id, value)
    SELECT r.id, i.id, '1' FROM lab_reports r
    JOIN test_items i ON i.code IN ('CBC', 'LFT', 'RFT')
    WHERE r.report_no LIKE 'BENCH-%'`);
}

/** This month's generation, in one transaction, as the period job runs it. */
export function generateThisPeriod(db: Database, now: Date) {
  const { today, period } = labToday(now);
  return db.transaction((tx) => generatePeriod(tx, { period, now, today, timeZone: ZONE }));
}
