import { endpoints } from '@trialab/api-contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projects, sites } from '../../db/schema.js';
import { consumableOrders, sampleTransports } from '../../db/schema-portal.js';
import { Page, registerGroup } from '../../lib/route.js';
import { linesOf, orderHead } from '../consumables/repository.js';
import { assertInScope, scopeWhere } from '../portal/scope.js';
import { pageShipments, shipmentDetail, shipmentHead } from '../transport/repository.js';
import { shipmentFilter } from '../transport/routes.js';

const { staffShipment, logisticsOrder } = endpoints;

/** Staff views of the portal workflows: /express/mail and the logistics-order distribution list. */
export async function portalStaffRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, staffShipment, {
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, status, ...filters } = ctx.body;
      const r = await pageShipments(
        ctx.db,
        and(
          scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId),
          // The mail room's default: what still waits for the courier.
          shipmentFilter({ ...filters, status: status && status.length > 0 ? status : ['booked'] }),
        ),
        page,
        size,
      );
      return new Page(r.rows, r.total);
    },
    get: async (ctx) => {
      const scope = await ctx.scope();
      assertInScope(scope, await shipmentHead(ctx.db, ctx.params.id));
      return shipmentDetail(ctx.db, ctx.params.id);
    },
  });

  registerGroup(app, logisticsOrder, {
    distributionList: async (ctx) => {
      const scope = await ctx.scope();
      const head = await orderHead(ctx.db, ctx.params.id);
      assertInScope(scope, head);
      const [order] = await ctx.db
        .select({ courier: consumableOrders.courier, expressNo: consumableOrders.expressNo })
        .from(consumableOrders)
        .where(eq(consumableOrders.id, head.id));
      if (!order?.courier || !order.expressNo) return { courier: null, expressNo: null, lines: [] };
      // Every application in scope that went out under the same courier and waybill.
      const orders = await ctx.db
        .select({
          id: consumableOrders.id,
          orderNo: consumableOrders.orderNo,
          siteNo: sites.centerNo,
          siteName: sites.name,
        })
        .from(consumableOrders)
        .innerJoin(sites, eq(sites.id, consumableOrders.siteId))
        .innerJoin(projects, eq(projects.id, consumableOrders.projectId))
        .where(
          and(
            scopeWhere(scope, consumableOrders.projectId, consumableOrders.siteId),
            eq(consumableOrders.courier, order.courier),
            sql`upper(${consumableOrders.expressNo}) = upper(${order.expressNo})`,
            isNotNull(consumableOrders.dispatchTime),
          ),
        )
        .orderBy(asc(consumableOrders.orderNo));
      const lines = [];
      for (const o of orders) {
        for (const line of await linesOf(ctx.db, o.id)) {
          lines.push({ ...line, orderId: o.id, orderNo: o.orderNo, siteNo: o.siteNo, siteName: o.siteName });
        }
      }
      return { courier: order.courier, expressNo: order.expressNo, lines };
    },
  });
}
