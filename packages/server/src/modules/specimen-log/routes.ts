import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { download } from '../../lib/download.js';
import { registerGroup } from '../../lib/route.js';
import { zonedTime } from '../../lib/time-zone.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { requireStaff } from '../clarification/service.js';
import { eventsWorkbook } from './export.js';
import { pageEvents } from './repository.js';
import { EXPORT_MAX, exportName, pageWindow } from './service.js';

const api = endpoints.specimenLog;

/** The specimen log of a barcode for staff (site users are refused), on screen and as xlsx. */
export async function specimenLogRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      requireStaff(ctx.principal);
      const { limit, offset } = pageWindow(ctx.body);
      return pageEvents(ctx.db, await ctx.scope(), { ...ctx.body, zone: ctx.timeZone }, limit, offset);
    },
    export: async (ctx) => {
      requireStaff(ctx.principal);
      const { rows } = await pageEvents(
        ctx.db,
        await ctx.scope(),
        { ...ctx.body, zone: ctx.timeZone },
        EXPORT_MAX,
        0,
      );
      const time = zonedTime(ctx);
      const book = await eventsWorkbook(rows, ctx.lang, time);
      const name = exportName(ctx.body.barcode, time.date(ctx.now));
      return download({ name, mime: XLSX_MIME, content: book });
    },
  });
}
