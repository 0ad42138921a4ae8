import { endpoints, MARKETING_PERMISSIONS, ResultCode } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { type CustomerVisibility, customerVisibility } from '../marketing/service.js';
import { generatePeriod } from './generate.js';
import { accrualSpecimens, pageEvents, periodSummary, visibleEvent, waiveEvent } from './repository.js';
import { assertWaivable, periodDays } from './service.js';
import { landReversals } from './statements-service.js';

const { bills } = endpoints;

/** External users see nothing of finance; sales their customers' projects; finance every one. */
export const visibility = (ctx: SessionCtx): CustomerVisibility => {
  if (ctx.principal.type === 2) throw new ApiError(ResultCode.FORBIDDEN, { key: 'financeExternal' });
  return customerVisibility(ctx.principal, MARKETING_PERMISSIONS.customerAll);
};
/** Billing counts days in the lab's zone, whoever asks (the caller's zone never moves a charge). */
const labZone = (ctx: SessionCtx) => ctx.deps.config.labTimeZone;
export const labToday = (ctx: SessionCtx) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: labZone(ctx) }).format(ctx.now);

export async function financeRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, bills, {
    paging: async (ctx) => pageEvents(ctx.db, visibility(ctx), ctx.body),
    summary: async (ctx) => periodSummary(ctx.db, visibility(ctx), ctx.body.period),
    generate: async (ctx) => {
      visibility(ctx);
      const today = labToday(ctx);
      if (periodDays(ctx.body.period).from > today)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'financeFuturePeriod',
          params: { period: ctx.body.period },
        });
      const result = await generatePeriod(ctx.db, {
        period: ctx.body.period,
        now: ctx.now,
        today,
        timeZone: labZone(ctx),
      });
      ctx.audit({ action: 'bills.generate', entity: 'bills', newValue: result });
      // Undone work already on a confirmed statement lands on a draft adjustment of it.
      for (const made of await landReversals(ctx.db, {
        userId: ctx.principal.userId,
        now: ctx.now,
        lang: ctx.lang,
      }))
        ctx.audit({ action: 'adjustment.create', entity: 'adjustment', entityId: made.id, newValue: made });
      return result;
    },
    waive: async (ctx) => {
      const before = await visibleEvent(ctx.db, visibility(ctx), ctx.params.id);
      if (before.version !== ctx.body.version) throw staleOrMissing(true);
      assertWaivable(before.status);
      const row = await waiveEvent(ctx.db, before.id, ctx.body.version, {
        reason: ctx.body.reason,
        userId: ctx.principal.userId,
        now: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'bills.waive',
        entity: 'billableEvent',
        entityId: before.id,
        reason: ctx.body.reason,
        oldValue: { status: before.status },
        newValue: { status: 'waived' },
      });
      return row;
    },
    storageSpecimens: async (ctx) => {
      const event = await visibleEvent(ctx.db, visibility(ctx), ctx.params.id);
      if (event.sourceKind !== 'storage')
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'financeNotStorage' });
      return accrualSpecimens(ctx.db, event, labZone(ctx));
    },
  });
}
