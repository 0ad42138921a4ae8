// Reorder suggestions (docs/supply.md "Reorder"): average daily issue over the last 90 days, the
// lead and safety days of each consumable; sums in SQL.
import { type Lang, REORDER_WINDOW_DAYS } from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { supplyConsumables, supplyLots, supplyMovements } from '../../db/schema-supply.js';
import { localNameColumn } from '../../lib/local-name.js';

interface Row {
  consumableId: number;
  code: string;
  name: string;
  unit: string;
  onHand: number;
  dailyUse: string;
  leadDays: number;
  safetyDays: number;
  reorderPoint: number;
  suggested: number;
  below: boolean;
}

/**
 * One row per enabled consumable: on-hand (every lot), daily use (units issued by hand or by
 * dispatch in the window ÷ its days), the reorder point (daily use × (lead + safety days), rounded
 * up) and what to order to be back at twice that point. `belowOnly`: those at or under the point
 * with some use.
 */
export async function reorderSuggestions(db: Executor, lang: Lang, today: string, belowOnly: boolean) {
  const name = localNameColumn({ name: supplyConsumables.name, enName: supplyConsumables.enName }, lang);
  const unit = localNameColumn({ name: supplyConsumables.unit, enName: supplyConsumables.enUnit }, lang);
  const result = await db.execute(sql`
    WITH usage AS (
      SELECT c.id,
        coalesce((SELECT sum(m.quantity) FROM ${supplyMovements} m JOIN ${supplyLots} l ON l.id = m.lot_id
                  WHERE l.consumable_id = c.id), 0)::int AS on_hand,
        (coalesce((SELECT -sum(m.quantity) FROM ${supplyMovements} m JOIN ${supplyLots} l ON l.id = m.lot_id
                   WHERE l.consumable_id = c.id AND m.kind = 'issue'
                     AND m.created_at >= ${today}::date - ${REORDER_WINDOW_DAYS}::int), 0)::numeric
          / ${REORDER_WINDOW_DAYS})::numeric(14, 4) AS daily_use
      FROM ${supplyConsumables} c WHERE c.enabled
    ), pointed AS (
      SELECT u.*, ceil(u.daily_use * (c.lead_days + c.safety_days))::int AS reorder_point
      FROM usage u JOIN ${supplyConsumables} c ON c.id = u.id
    )
    SELECT ${supplyConsumables.id} AS "consumableId", ${supplyConsumables.code} AS code, ${name} AS name,
      ${unit} AS unit, p.on_hand AS "onHand", p.daily_use::text AS "dailyUse",
      ${supplyConsumables.leadDays} AS "leadDays", ${supplyConsumables.safetyDays} AS "safetyDays",
      p.reorder_point AS "reorderPoint",
      greatest(2 * p.reorder_point - p.on_hand, 0)::int AS suggested,
      (p.reorder_point > 0 AND p.on_hand <= p.reorder_point) AS below
    FROM pointed p JOIN ${supplyConsumables} ON ${supplyConsumables.id} = p.id
    WHERE ${belowOnly ? sql`p.reorder_point > 0 AND p.on_hand <= p.reorder_point` : sql`true`}
    ORDER BY (p.reorder_point > 0 AND p.on_hand <= p.reorder_point) DESC, ${supplyConsumables.code}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((r) => ({
    ...r,
    onHand: Number(r.onHand),
    leadDays: Number(r.leadDays),
    safetyDays: Number(r.safetyDays),
    reorderPoint: Number(r.reorderPoint),
    suggested: Number(r.suggested),
    below: Boolean(r.below),
  }));
}
