import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../../lib/route.js';
import { assertInScope } from '../../lib/scope.js';
import { replaceSamples, shipmentDetail, shipmentHead } from '../transport/repository.js';
import { checkSamples, fire } from '../transport/service.js';
import { userById } from '../users/repository.js';
import { correctionMessage } from './service.js';

const { shipmentCorrection } = endpoints;

/**
 * /express/edit-check: staff correct a booking of their projects before pick-up. The booking's own
 * rules apply (field limits from its declaration, one enabled transport temperature); the workflow
 * allows `correct` only while booked; the site reads the reason on its booking and by e-mail.
 */
export async function expressEditCheckRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, shipmentCorrection, {
    correct: async (ctx) => {
      const p = ctx.principal;
      const id = ctx.params.id;
      const { version, reason, samples, backupContact, ...body } = ctx.body;
      const scope = await ctx.scope();
      const booking = await shipmentHead(ctx.db, id);
      assertInScope(scope, booking);
      const temperatureId = await checkSamples(ctx.db, samples);
      const patch = { ...body, temperatureId, backupContact, bookSendTime: new Date(body.bookSendTime) };
      const input = { id, version, action: 'correct', reason } as const;
      const head = await fire(ctx, p, scope, input, patch);
      await replaceSamples(ctx.db, id, samples);
      const detail = await shipmentDetail(ctx.db, id, ctx.lang);
      const site = await userById(ctx.db, head.createdBy);
      const message = correctionMessage(site, booking.lang, detail.orderNo, p.username, reason);
      if (message) await ctx.deps.notifier.send(message, ctx.db);
      return detail;
    },
  });
}
