import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../../lib/route.js';
import { assertInScope } from '../../lib/scope.js';
import { linesUnderWaybill, orderHead, waybillOf } from '../consumables/repository.js';
import { pageShipments, shipmentDetail, shipmentHead } from '../transport/repository.js';
import { dispatchedWaybill, mailRoomStates } from './service.js';

const { staffShipment, logisticsOrder } = endpoints;

/** Staff views of the portal workflows: /express/mail and the logistics-order distribution list. */
export async function portalStaffRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, staffShipment, {
    paging: async (ctx) =>
      pageShipments(
        ctx.db,
        await ctx.scope(),
        { ...ctx.body, status: mailRoomStates(ctx.body.status) },
        ctx.lang,
      ),
    get: async (ctx) => {
      assertInScope(await ctx.scope(), await shipmentHead(ctx.db, ctx.params.id));
      return shipmentDetail(ctx.db, ctx.params.id, ctx.lang);
    },
  });

  registerGroup(app, logisticsOrder, {
    // Every application in scope that went out under the same courier and waybill.
    distributionList: async (ctx) => {
      const scope = await ctx.scope();
      const head = await orderHead(ctx.db, ctx.params.id);
      assertInScope(scope, head);
      const waybill = dispatchedWaybill(await waybillOf(ctx.db, head.id));
      if (!waybill) return { courier: null, expressNo: null, lines: [] };
      return {
        ...waybill,
        lines: await linesUnderWaybill(ctx.db, scope, waybill.courier, waybill.expressNo),
      };
    },
  });
}
