import { endpoints, testOrderWorkflow, transitionAudit } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { type Ctx, registerGroup } from '../../../lib/route.js';
import { staleOrMissing } from '../../../lib/versioned.js';
import { actorOf, assertTransition } from '../../../lib/workflow.js';
import { assertReasonGiven } from '../service.js';
import { findSubject } from '../subjects/repository.js';
import {
  enabledTestItems,
  findOrder,
  insertOrders,
  pageOrders,
  takenBarcodes,
  updateOrder,
} from './repository.js';
import { assertItemsEnabled, assertNoneTaken, assertNoRepeats, assertSubjectApproved } from './service.js';

const api = endpoints.testOrder;

type OrderInput = {
  subjectId: number;
  visit?: string | null | undefined;
  testItemIds: number[];
  requisitionFileIds: number[];
};

/** One order for each barcode, all for the same approved subject and test items. */
async function createOrders(
  ctx: Pick<Ctx<typeof api.create>, 'db' | 'now' | 'audit' | 'principal' | 'scope'>,
  body: OrderInput,
  barcodes: string[],
  action: 'testOrder.create' | 'testOrder.batchCreate',
) {
  const subject = await findSubject(ctx.db, await ctx.scope(), body.subjectId);
  assertSubjectApproved(subject);
  const testItemIds = [...new Set(body.testItemIds)];
  assertItemsEnabled(testItemIds, await enabledTestItems(ctx.db, testItemIds));
  assertNoRepeats(barcodes);
  assertNoneTaken(await takenBarcodes(ctx.db, barcodes));
  const rows = await insertOrders(
    ctx.db,
    barcodes.map((barcode) => ({
      projectId: subject.projectId,
      siteId: subject.siteId,
      subjectId: subject.id,
      barcode,
      visit: body.visit ?? null,
      testItemIds,
      requisitionFileIds: body.requisitionFileIds,
      status: testOrderWorkflow.initial,
      createdBy: ctx.principal.userId,
      createdAt: ctx.now,
    })),
  );
  for (const row of rows) ctx.audit({ action, entity: 'testOrder', entityId: row.id, newValue: body });
  return rows;
}

export async function testOrderRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageOrders(ctx.db, await ctx.scope(), filter, { page, size });
    },
    get: async (ctx) => {
      const { projectId: _p, siteId: _s, ...row } = await findOrder(ctx.db, await ctx.scope(), ctx.params.id);
      return row;
    },
    create: async (ctx) => {
      const [row] = await createOrders(ctx, ctx.body, [ctx.body.barcode], 'testOrder.create');
      if (!row) throw new Error('insert returned nothing');
      return row;
    },
    batchCreate: async (ctx) => ({
      ids: (await createOrders(ctx, ctx.body, ctx.body.barcodes, 'testOrder.batchCreate')).map((r) => r.id),
    }),
    resubmit: async (ctx) => {
      const before = await findOrder(ctx.db, await ctx.scope(), ctx.body.id);
      const actor = actorOf(ctx.principal, before.createdBy);
      const to = assertTransition(ctx.lang, testOrderWorkflow, before.status, 'resubmit', actor);
      const testItemIds = [...new Set(ctx.body.testItemIds)];
      assertItemsEnabled(testItemIds, await enabledTestItems(ctx.db, testItemIds));
      const updated = await updateOrder(ctx.db, before.id, ctx.body.version, {
        status: to,
        visit: ctx.body.visit ?? null,
        testItemIds,
        requisitionFileIds: ctx.body.requisitionFileIds,
        reviewedBy: null,
        reviewedAt: null,
        reviewReason: null,
      });
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: transitionAudit(testOrderWorkflow, 'resubmit'),
        entity: 'testOrder',
        entityId: before.id,
        oldValue: before,
        newValue: ctx.body,
      });
      return updated;
    },
    review: async (ctx) => {
      const before = await findOrder(ctx.db, await ctx.scope(), ctx.params.id);
      const { action, version } = ctx.body;
      const actor = actorOf(ctx.principal, before.createdBy);
      const to = assertTransition(ctx.lang, testOrderWorkflow, before.status, action, actor);
      const reason = ctx.body.reason ?? null;
      assertReasonGiven(testOrderWorkflow, action, reason);
      const reviewed = { reviewedBy: ctx.principal.userId, reviewedAt: ctx.now, reviewReason: reason };
      const updated = await updateOrder(ctx.db, before.id, version, { status: to, ...reviewed });
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: transitionAudit(testOrderWorkflow, action),
        entity: 'testOrder',
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: to },
        reason,
      });
      return updated;
    },
  });
}
