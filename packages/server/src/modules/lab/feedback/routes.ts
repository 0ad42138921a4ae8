// Feedback from the lab bench to the project manager about a query or a sample barcode
// (/laboratory/before-analysis/feedback raises and closes it, /project/feedback answers it).
import { endpoints, labFeedbackWorkflow } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { labFeedback } from '../../../db/schema-lab-queries.js';
import { type Ctx, registerGroup } from '../../../lib/route.js';
import { assertInScope, inScope, outOfScope } from '../../../lib/scope.js';
import { applyTransition, nextNumber } from '../../../lib/workflow.js';
import { findOrderByBarcode } from '../test-orders/repository.js';
import { feedbackById, insertFeedback, pageFeedback, queryTarget, updateFeedback } from './repository.js';
import { assertStaff, type FeedbackTarget, orderTarget } from './service.js';

const api = endpoints.labFeedback;

async function paging(ctx: Ctx<typeof api.labPaging> | Ctx<typeof api.projectPaging>) {
  const { page, size, ...filter } = ctx.body;
  return pageFeedback(ctx.db, await ctx.scope(), filter, { page, size });
}

/** Fires a workflow action on feedback in the caller's scope and answers the feedback as it is now. */
async function fire(
  ctx: Ctx<typeof api.respond> | Ctx<typeof api.close>,
  action: 'respond' | 'close',
  patch: Partial<typeof labFeedback.$inferInsert>,
  reason: string | null,
) {
  const scope = await ctx.scope();
  const current = await feedbackById(ctx.db, ctx.params.id);
  assertInScope(scope, current);
  const { version } = ctx.body;
  const record = { id: current.id, status: current.status, creatorId: current.createdBy };
  await applyTransition(
    ctx,
    ctx.principal,
    labFeedbackWorkflow,
    record,
    { action, version, reason, patch },
    (next) => updateFeedback(ctx.db, current.id, version, { ...patch, ...next }),
  );
  return feedbackById(ctx.db, current.id);
}

export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    labPaging: paging,
    projectPaging: paging,
    create: async (ctx) => {
      assertStaff(ctx.principal.type);
      const scope = await ctx.scope();
      const { queryId, barcode, content } = ctx.body;
      // The feedback is about a query (its project, site, subject and barcode) or a sample barcode
      // (the project, site and subject of its test order).
      let target: FeedbackTarget;
      if (queryId) {
        const q = await queryTarget(ctx.db, queryId);
        assertInScope(scope, q);
        target = { ...q, barcode: barcode ?? q.barcode };
      } else {
        target = orderTarget(barcode ?? '', await findOrderByBarcode(ctx.db, scope, barcode ?? ''));
      }
      if (!inScope(scope, target.projectId, target.siteId)) throw outOfScope();
      const feedbackNo = await nextNumber(ctx.db, 'FB', ctx.now, ctx.timeZone);
      const raised = { feedbackNo, ...target, queryId: queryId ?? null, content };
      const status = labFeedbackWorkflow.initial;
      const id = await insertFeedback(ctx.db, {
        ...raised,
        status,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
      });
      ctx.audit({
        action: 'labFeedback.create',
        entity: labFeedbackWorkflow.id,
        entityId: id,
        newValue: raised,
      });
      return feedbackById(ctx.db, id);
    },
    respond: (ctx) => {
      const { response } = ctx.body;
      const patch = { response, respondedBy: ctx.principal?.userId ?? null, respondedAt: ctx.now };
      return fire(ctx, 'respond', patch, response);
    },
    close: (ctx) => fire(ctx, 'close', { closedAt: ctx.now }, null),
  });
}
