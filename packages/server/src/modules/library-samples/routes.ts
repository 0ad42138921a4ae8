import { endpoints } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { download } from '../../lib/download.js';
import type { SessionCtx } from '../../lib/route.js';
import { registerGroup } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { zonedTime } from '../../lib/time-zone.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { barcodeScope } from '../specimen/repository.js';
import { awaitingWhere, boxByCode, pageAwaiting } from './repository.js';
import { exportSamples, pageSamples } from './sample-list.js';
import { countsOf, planScan, publicLines, saveScan } from './scan-import.js';

const { librarySamples: api } = endpoints;

const custodyOf = (ctx: SessionCtx) => ({
  userId: ctx.principal.userId,
  at: ctx.now,
  batchId: crypto.randomUUID(),
});

/** Thrown to roll the preview's dry run back with its answer. */
class Previewed<T> extends Error {
  constructor(readonly answer: T) {
    super('previewed');
  }
}

/** The specimen library's specimen pages (docs/library.md "Specimen pages"). */
export async function librarySampleRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    awaiting: async (ctx) => {
      const scope = await ctx.scope();
      const { keyword, projectId } = ctx.body;
      const where = and(
        awaitingWhere,
        barcodeScope(scope),
        containsAny([specimenBarcodes.code], keyword),
        projectId ? eq(specimenBarcodes.projectId, projectId) : undefined,
      );
      return pageAwaiting(ctx.db, where, ctx.body, ctx.lang, ctx.now);
    },
    list: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageSamples(
        ctx.db,
        await ctx.scope(),
        { ...filter, zone: ctx.timeZone },
        { page, size },
        ctx.lang,
      );
    },
    export: async (ctx) => {
      const time = zonedTime(ctx);
      const book = await exportSamples(
        ctx.db,
        await ctx.scope(),
        { ...ctx.body, zone: ctx.timeZone },
        ctx.lang,
        time,
      );
      return download({ name: `samples-${time.date(ctx.now)}.xlsx`, mime: XLSX_MIME, content: book });
    },
    boxByCode: async (ctx) => boxByCode(ctx.db, ctx.body.code),
    scanPreview: async (ctx) => {
      const scope = await ctx.scope();
      // A read: the engine's checks run in a transaction that is always rolled back.
      try {
        await ctx.deps.db.transaction(async (tx) => {
          const plan = await planScan(tx, ctx.lang, scope, ctx.body, custodyOf(ctx));
          throw new Previewed(plan);
        });
      } catch (error) {
        if (!(error instanceof Previewed)) throw error;
        const plan = error.answer as Awaited<ReturnType<typeof planScan>>;
        const lines = publicLines(plan);
        const { unitName: _unit, ...box } = plan.box;
        return { box, racks: plan.racks, lines, counts: countsOf(lines) };
      }
      throw new Error('unreachable: the preview always rolls back');
    },
    scanImport: async (ctx) => {
      const scope = await ctx.scope();
      const custody = custodyOf(ctx);
      const plan = await planScan(ctx.db, ctx.lang, scope, ctx.body, custody);
      const saved = await saveScan(ctx.db, ctx.lang, plan, ctx.body.fileName, custody);
      ctx.audit({
        action: 'librarySamples.scanImport',
        entity: 'storageBox',
        entityId: plan.box.id,
        newValue: { file: ctx.body.fileName, ...saved },
      });
      return saved;
    },
  });
}
