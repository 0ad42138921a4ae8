// Lot recall (docs/supply.md "Recall"): from a lot, the applications that shipped it (their kits and
// sites) and the sample lines those sites' shipments brought in after it reached them. Each step
// reads by an index: movements by lot, lines and orders by id, shipments by site.
import type { RecallAnswer } from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { projects, sampleTypes, sites } from '../../db/schema.js';
import { receiptSamples } from '../../db/schema-lab.js';
import {
  consumableOrderLines,
  consumableOrders,
  sampleTransportItems,
  sampleTransports,
} from '../../db/schema-portal.js';
import { supplyConsumables, supplyLots, supplyMovements } from '../../db/schema-supply.js';
import { notFound } from '../../lib/errors.js';
import type { SiteScope } from '../../lib/scope.js';

/** The scope as SQL on an order or shipment's project and site columns. */
function inScope(scope: SiteScope, project: string, site: string) {
  if (scope.all) return sql`true`;
  const ids = (set: ReadonlySet<number>) =>
    sql.join(
      [-1, ...set].map((n) => sql`${n}`),
      sql`, `,
    );
  return scope.siteIds
    ? sql`${sql.raw(site)} IN (${ids(scope.siteIds)})`
    : sql`${sql.raw(project)} IN (${ids(scope.projectIds)})`;
}

export async function lotRecall(db: Executor, scope: SiteScope, lotId: number): Promise<RecallAnswer> {
  const [lot] = rowsOf<RecallAnswer['lot']>(
    await db.execute(sql`
      SELECT l.id, l.lot_no AS "lotNo", c.name AS "consumableName", l.expiry_date::text AS "expiryDate"
      FROM ${supplyLots} l JOIN ${supplyConsumables} c ON c.id = l.consumable_id WHERE l.id = ${lotId}`),
  );
  if (!lot) throw notFound();
  const shipments = rowsOf<
    RecallAnswer['shipments'][number] & { siteId: number; projectId: number; at: Date | string | null }
  >(
    await db.execute(sql`
      SELECT o.id AS "orderId", o.order_no AS "orderNo", p.project_no AS "projectNo", s.center_no AS "siteNo",
        s.name AS "siteName", ol.kit_name AS "kitName", (-sum(m.quantity))::int AS quantity,
        o.dispatch_time AS at, o.site_id AS "siteId", o.project_id AS "projectId"
      FROM ${supplyMovements} m
      JOIN ${consumableOrderLines} ol ON ol.id = m.order_line_id
      JOIN ${consumableOrders} o ON o.id = ol.order_id
      JOIN ${projects} p ON p.id = o.project_id
      JOIN ${sites} s ON s.id = o.site_id
      WHERE m.lot_id = ${lotId} AND m.kind = 'issue' AND m.order_line_id IS NOT NULL
        AND ${inScope(scope, 'o.project_id', 'o.site_id')}
      GROUP BY o.id, p.project_no, s.center_no, s.name, ol.kit_name
      ORDER BY o.dispatch_time, o.id`),
  );
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  // The first arrival of the lot at each site: samples booked after it may have used it.
  const firstAt = new Map<string, { projectId: number; siteId: number; at: string }>();
  for (const s of shipments) {
    const at = iso(s.at);
    const key = `${s.projectId}:${s.siteId}`;
    if (at && (!firstAt.has(key) || at < (firstAt.get(key)?.at ?? '')))
      firstAt.set(key, { projectId: s.projectId, siteId: s.siteId, at });
  }
  const samples: RecallAnswer['samples'] = [];
  for (const { projectId, siteId, at } of firstAt.values()) {
    const rows = rowsOf<
      Omit<RecallAnswer['samples'][number], 'bookedAt' | 'receivedAt'> & {
        bookedAt: Date | string;
        receivedAt: Date | string;
      }
    >(
      await db.execute(sql`
        SELECT t.order_no AS "shipmentNo", p.project_no AS "projectNo", s.center_no AS "siteNo",
          st.name AS "sampleType", r.received_quantity AS "receivedQuantity",
          t.book_send_time AS "bookedAt", r.received_at AS "receivedAt"
        FROM ${sampleTransports} t
        JOIN ${receiptSamples} r ON r.transport_id = t.id
        JOIN ${sampleTransportItems} i ON i.id = r.item_id
        JOIN ${sampleTypes} st ON st.id = i.sample_type_id
        JOIN ${projects} p ON p.id = t.project_id
        JOIN ${sites} s ON s.id = t.site_id
        WHERE t.site_id = ${siteId} AND t.project_id = ${projectId} AND t.book_send_time >= ${at}::timestamptz
        ORDER BY r.received_at, r.id`),
    );
    for (const r of rows)
      samples.push({ ...r, bookedAt: iso(r.bookedAt) ?? '', receivedAt: iso(r.receivedAt) ?? '' });
  }
  return {
    lot,
    shipments: shipments.map(({ siteId: _s, projectId: _p, at, ...s }) => ({ ...s, dispatchTime: iso(at) })),
    samples,
  };
}
