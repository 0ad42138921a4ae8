// The one interface storage accrual reads custody through (docs/finance.md "Storage accrual"): a
// source answers, as SQL, the intervals a specimen spent in one storage unit and box, for one
// project, up to a bound. The specimen library's custody log is the source today; a later source
// (another store, an external biobank) plugs in by adding an entry to STORAGE_SOURCES, and the
// accrual sums every source's intervals by the same rule.
import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL of rows (specimen_id, project_id, box_id, unit_id, start_at, end_at) for every custody interval
 * that began before `before` (end_at null: still in place at `before`).
 */
export type CustodyIntervalSource = (before: Date) => SQL;

/**
 * The library's custody log (db/schema-library.ts `custody_events`): from each event that put a
 * specimen in a unit (`to_unit_id`) to the specimen's next event, in the project recorded on it.
 */
const libraryCustody: CustodyIntervalSource = (before) => sql`
  SELECT specimen_id, project_id, to_box_id AS box_id, to_unit_id AS unit_id, at AS start_at, end_at
  FROM (
    SELECT specimen_id, project_id, to_box_id, to_unit_id, at,
      LEAD(at) OVER (PARTITION BY specimen_id ORDER BY at, id) AS end_at
    FROM custody_events
    WHERE at < ${before}
  ) e
  WHERE to_unit_id IS NOT NULL`;

export const STORAGE_SOURCES: readonly CustodyIntervalSource[] = [libraryCustody];

/**
 * Every source's intervals clipped to a period in the lab's days, with the storage class (the
 * unit's temperature condition code): rows (project_id, specimen_id, box_id, class, d0, d1), the
 * specimen stored on days d0 ≤ day < d1 (the hotel rule: the day it arrives counts, the day it
 * leaves does not).
 */
export function clippedIntervals(from: string, toExclusive: string, before: Date, timeZone: string): SQL {
  const union = sql.join(
    STORAGE_SOURCES.map((source) => sql`(${source(before)})`),
    sql` UNION ALL `,
  );
  return sql`
    SELECT i.project_id, i.specimen_id, i.box_id, t.code AS class,
      GREATEST((i.start_at AT TIME ZONE ${timeZone})::date, ${from}::date) AS d0,
      LEAST(COALESCE((i.end_at AT TIME ZONE ${timeZone})::date, ${toExclusive}::date), ${toExclusive}::date) AS d1
    FROM (${union}) i
    JOIN storage_units u ON u.id = i.unit_id
    JOIN temperatures t ON t.id = u.temperature_id
    WHERE i.end_at IS NULL OR (i.end_at AT TIME ZONE ${timeZone})::date > ${from}::date`;
}
