import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  clarificationQueries,
  consumableKits,
  consumableOrders,
  kitSupplies,
  sampleTransports,
} from '../../db/schema-portal.js';
import { type SiteScope, scopeWhere } from '../../lib/scope.js';

async function countOf(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** Clarification queries waiting for the site's answer. */
export function openQueries(db: Executor, scope: SiteScope): Promise<number> {
  return countOf(
    db,
    clarificationQueries,
    and(
      scopeWhere(scope, clarificationQueries.projectId, clarificationQueries.siteId),
      eq(clarificationQueries.status, 'open'),
    ),
  );
}

/** Consumable orders submitted and not yet reviewed. */
export function ordersAwaitingReview(db: Executor, scope: SiteScope): Promise<number> {
  return countOf(
    db,
    consumableOrders,
    and(
      scopeWhere(scope, consumableOrders.projectId, consumableOrders.siteId),
      eq(consumableOrders.status, 'submitted'),
    ),
  );
}

/** The user's own consumable applications that are not finished. */
export function openApplications(db: Executor, scope: SiteScope, userId: number): Promise<number> {
  return countOf(
    db,
    consumableOrders,
    and(
      scopeWhere(scope, consumableOrders.projectId, consumableOrders.siteId),
      eq(consumableOrders.applicantId, userId),
      inArray(consumableOrders.status, ['submitted', 'withdrawn', 'rejected', 'approved', 'dispatched']),
    ),
  );
}

/** Sample shipments booked and not yet picked up. */
export function bookedShipments(db: Executor, scope: SiteScope): Promise<number> {
  return countOf(
    db,
    sampleTransports,
    and(
      scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId),
      eq(sampleTransports.status, 'booked'),
    ),
  );
}

/** Kit supplies the site has still to confirm. */
export async function kitsToConfirm(db: Executor, scope: SiteScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(kitSupplies)
    .innerJoin(consumableKits, eq(consumableKits.id, kitSupplies.kitId))
    .where(
      and(scopeWhere(scope, consumableKits.projectId, kitSupplies.siteId), eq(kitSupplies.status, 'pending')),
    );
  return Number(row?.n ?? 0);
}
