import {
  CONSUMABLE_PERMISSIONS,
  endpoints,
  KIT_SUPPLY_PERMISSIONS,
  QUERY_PERMISSIONS,
  SHIPMENT_PERMISSIONS,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../../lib/route.js';
import { hasPermission } from '../../services/identity/permissions.js';
import {
  bookedShipments,
  kitsToConfirm,
  openApplications,
  openQueries,
  ordersAwaitingReview,
} from './repository.js';

const { portalHome } = endpoints;

/** The live counts of /web/quick; a count the user may not list is 0 (and not counted). */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, portalHome, {
    counts: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const may = (permission: string) => hasPermission(p, permission);
      return {
        queriesAwaiting: may(QUERY_PERMISSIONS.page) ? await openQueries(ctx.db, scope) : 0,
        consumablesAwaitingReview: may(CONSUMABLE_PERMISSIONS.auditPage)
          ? await ordersAwaitingReview(ctx.db, scope)
          : 0,
        myOpenApplications: may(CONSUMABLE_PERMISSIONS.page)
          ? await openApplications(ctx.db, scope, p.userId)
          : 0,
        bookedShipments: may(SHIPMENT_PERMISSIONS.page) ? await bookedShipments(ctx.db, scope) : 0,
        kitsToConfirm: may(KIT_SUPPLY_PERMISSIONS.page) ? await kitsToConfirm(ctx.db, scope) : 0,
      };
    },
  });
}
