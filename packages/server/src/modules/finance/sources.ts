// The work that makes billable events (docs/finance.md "Billable events"), one entry per source
// record: what was done in a period (`done`) and which charges' work was undone since (`undone`).
// Each reads its own module's tables as SQL (the generation runs over tens of thousands of rows in
// one statement per source); none writes them. A source's row names its record (`source_ref`, unique
// per source kind and project) and the service it is priced by (`service_key`, api-contract
// marketing `serviceKey`).
import type { BillableSource, ServiceKind } from '@trialab/api-contract';
import { type SQL, sql } from 'drizzle-orm';

/** Instants bounding a period and the zone its days are counted in. */
export interface WorkRange {
  fromAt: Date;
  toAt: Date;
  timeZone: string;
}

/**
 * `done`: rows (project_id, source_ref, source_label, service_key, quantity, work_day, price_override)
 * of work done within the range. `undone`: ids of this source's priced or unpriced charges whose work
 * was undone (a report corrected, a kit returned, a shipment cancelled) and that have no reversal.
 */
export interface WorkSource {
  sourceKind: BillableSource;
  kind: ServiceKind;
  done(range: WorkRange): SQL;
  undone: SQL | null;
}

const day = (column: SQL, zone: string) => sql`((${column}) AT TIME ZONE ${zone})::date::text`;
/**
 * Charges of `kind` on source ids `ref` (an SQL expression of the undone records) not reversed yet.
 * Read from the undone records' side, so the source index (kind, ref) is used whatever the size.
 */
const unreversed = (kind: BillableSource, ref: SQL) =>
  sql`JOIN finance_billable_events e ON e.source_kind = ${kind} AND e.source_ref = ${ref}
    AND e.direction = 'charge' AND e.status IN ('priced', 'unpriced')
    AND NOT EXISTS (SELECT 1 FROM finance_billable_events rv WHERE rv.reverses_id = e.id)`;

export const WORK_SOURCES: readonly WorkSource[] = [
  {
    // A released report bills each of its test items; a corrected (superseded) one is reversed, and
    // its revision bills again when released.
    sourceKind: 'report-item',
    kind: 'test',
    done: ({ fromAt, toAt, timeZone }) => sql`
      SELECT r.project_id, x.id::text AS source_ref,
        r.report_no || CASE WHEN r.revision > 0 THEN '-R' || r.revision ELSE '' END || ' · ' || t.code AS source_label,
        'test:' || t.code AS service_key, '1' AS quantity, ${day(sql`r.released_at`, timeZone)} AS work_day,
        NULL::text AS price_override
      FROM lab_reports r
      JOIN lab_report_results x ON x.report_id = r.id
      JOIN test_items t ON t.id = x.test_item_id
      WHERE r.released_at >= ${fromAt} AND r.released_at < ${toAt}`,
    undone: sql`
      SELECT e.id FROM lab_reports r JOIN lab_report_results x ON x.report_id = r.id
        ${unreversed('report-item', sql`x.id::text`)}
      WHERE r.status = 'superseded'`,
  },
  {
    // A dispatched consumable order bills each kit on it (the kits ordered); a cancelled one after
    // dispatch (a kit returned) is reversed.
    sourceKind: 'kit-line',
    kind: 'kit',
    done: ({ fromAt, toAt, timeZone }) => sql`
      SELECT o.project_id, o.id || ':' || l.kit_id AS source_ref, o.order_no || ' · ' || k.name AS source_label,
        'kit:' || k.name AS service_key, MAX(l.kit_amount)::text AS quantity,
        ${day(sql`o.dispatch_time`, timeZone)} AS work_day, NULL::text AS price_override
      FROM consumable_orders o
      JOIN consumable_order_lines l ON l.order_id = o.id AND l.kind = 'kit'
      JOIN consumable_kits k ON k.id = l.kit_id
      WHERE o.dispatch_time >= ${fromAt} AND o.dispatch_time < ${toAt} AND o.status IN ('dispatched', 'received')
      GROUP BY o.id, o.project_id, o.order_no, o.dispatch_time, l.kit_id, k.name`,
    undone: sql`
      SELECT DISTINCT e.id FROM consumable_orders o
        JOIN consumable_order_lines l ON l.order_id = o.id AND l.kind = 'kit'
        ${unreversed('kit-line', sql`o.id || ':' || l.kit_id`)}
      WHERE o.status = 'cancelled' AND o.dispatch_time IS NOT NULL`,
  },
  {
    // A shipment signed for at the lab bills its freight by temperature condition (route: domestic).
    sourceKind: 'shipment',
    kind: 'freight',
    done: ({ fromAt, toAt, timeZone }) => sql`
      SELECT s.project_id, s.id::text AS source_ref, s.order_no AS source_label,
        'freight:' || tp.code || ':domestic' AS service_key, '1' AS quantity,
        ${day(sql`s.signed_at`, timeZone)} AS work_day, NULL::text AS price_override
      FROM sample_transports s JOIN temperatures tp ON tp.id = s.temperature_id
      WHERE s.status = 'signed' AND s.signed_at >= ${fromAt} AND s.signed_at < ${toAt}`,
    undone: sql`
      SELECT e.id FROM sample_transports s ${unreversed('shipment', sql`s.id::text`)}
      WHERE s.status = 'cancelled' AND s.signed_at IS NOT NULL`,
  },
  {
    // A confirmed outbound bill (library) bills its handling per box the specimens left from.
    sourceKind: 'outbound-bill',
    kind: 'outbound',
    done: ({ fromAt, toAt, timeZone }) => sql`
      SELECT b.project_id, b.id::text AS source_ref, b.bill_no AS source_label,
        'outbound:standard' AS service_key,
        GREATEST(1, (SELECT COUNT(DISTINCT c.from_box_id) FROM custody_events c WHERE c.reference = 'bill:' || b.id))::text AS quantity,
        ${day(sql`b.confirmed_at`, timeZone)} AS work_day, NULL::text AS price_override
      FROM specimen_bills b
      WHERE b.kind IN ('out', 'pre', 'post', 'backup') AND b.status IN ('confirmed', 'closed')
        AND b.confirmed_at >= ${fromAt} AND b.confirmed_at < ${toAt}`,
    undone: null,
  },
  {
    // A non-routine fee (/express/unconventional) the site acknowledged bills the amount it accepted;
    // a disputed or withdrawn one is never billed.
    sourceKind: 'fee',
    kind: 'nonroutine',
    done: ({ fromAt, toAt, timeZone }) => sql`
      SELECT c.project_id, c.id::text AS source_ref, c.notice_no AS source_label,
        'nonroutine:chargeback' AS service_key, '1' AS quantity,
        ${day(sql`c.responded_at`, timeZone)} AS work_day, c.amount::text AS price_override
      FROM chargeback_notices c
      WHERE c.status = 'acknowledged' AND c.responded_at >= ${fromAt} AND c.responded_at < ${toAt}`,
    undone: null,
  },
];
