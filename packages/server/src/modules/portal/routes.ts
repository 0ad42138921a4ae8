import {
  CONSUMABLE_PERMISSIONS,
  endpoints,
  KIT_SUPPLY_PERMISSIONS,
  QUERY_PERMISSIONS,
  SHIPMENT_PERMISSIONS,
} from '@trialab/api-contract';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import {
  clarificationQueries,
  consumableKits,
  consumableOrders,
  kitSupplies,
  sampleTransports,
} from '../../db/schema-portal.js';
import { registerGroup } from '../../lib/route.js';
import { hasPermission } from '../access/access.js';
import { scopeWhere } from './scope.js';

const { portalHome } = endpoints;

async function countOf(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** The live counts of /web/quick; a count the user may not list is 0. */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, portalHome, {
    counts: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const may = (permission: string) => hasPermission(p, permission);
      const queriesAwaiting = may(QUERY_PERMISSIONS.page)
        ? await countOf(
            ctx.db,
            clarificationQueries,
            and(
              scopeWhere(scope, clarificationQueries.projectId, clarificationQueries.siteId),
              eq(clarificationQueries.status, 'open'),
            ),
          )
        : 0;
      const orderScope = scopeWhere(scope, consumableOrders.projectId, consumableOrders.siteId);
      const consumablesAwaitingReview = may(CONSUMABLE_PERMISSIONS.auditPage)
        ? await countOf(ctx.db, consumableOrders, and(orderScope, eq(consumableOrders.status, 'submitted')))
        : 0;
      const myOpenApplications = may(CONSUMABLE_PERMISSIONS.page)
        ? await countOf(
            ctx.db,
            consumableOrders,
            and(
              orderScope,
              eq(consumableOrders.applicantId, p.userId),
              inArray(consumableOrders.status, [
                'submitted',
                'withdrawn',
                'rejected',
                'approved',
                'dispatched',
              ]),
            ),
          )
        : 0;
      const bookedShipments = may(SHIPMENT_PERMISSIONS.page)
        ? await countOf(
            ctx.db,
            sampleTransports,
            and(
              scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId),
              eq(sampleTransports.status, 'booked'),
            ),
          )
        : 0;
      let kitsToConfirm = 0;
      if (may(KIT_SUPPLY_PERMISSIONS.page)) {
        const [row] = await ctx.db
          .select({ n: count() })
          .from(kitSupplies)
          .innerJoin(consumableKits, eq(consumableKits.id, kitSupplies.kitId))
          .where(
            and(
              scopeWhere(scope, consumableKits.projectId, kitSupplies.siteId),
              eq(kitSupplies.status, 'pending'),
            ),
          );
        kitsToConfirm = Number(row?.n ?? 0);
      }
      return {
        queriesAwaiting,
        consumablesAwaitingReview,
        myOpenApplications,
        bookedShipments,
        kitsToConfirm,
      };
    },
  });
}
