// POST /sample/users (SPEC section 7): the users who handled a sample, for the pickers that need
// them (docs/library.md "Sample handlers"). A barcode outside the caller's projects is not found;
// without one, the handlers of the caller's projects' specimens (or one project's).
import { endpoints } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { notFound } from '../../lib/errors.js';
import { registerGroup } from '../../lib/route.js';
import { barcodeScope, barcodesByCode } from '../specimen/repository.js';
import { sampleHandlers } from './repository.js';

const { sampleUsers: api } = endpoints;

export async function sampleUserRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    list: async (ctx) => {
      const { code, projectId, keyword, roles } = ctx.body;
      const scope = await ctx.scope();
      const filter = { keyword, roles };
      if (code) {
        const specimen = (await barcodesByCode(ctx.db, scope, [code])).get(code);
        if (!specimen || (projectId && specimen.projectId !== projectId)) throw notFound();
        return sampleHandlers(ctx.db, { id: specimen.id }, filter);
      }
      const where = and(
        barcodeScope(scope),
        projectId ? eq(specimenBarcodes.projectId, projectId) : undefined,
      );
      return sampleHandlers(ctx.db, { where }, filter);
    },
  });
}
