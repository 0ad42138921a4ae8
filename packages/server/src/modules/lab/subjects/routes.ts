import { endpoints, subjectRegistrationWorkflow, transitionAudit } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../../../lib/route.js';
import { staleOrMissing } from '../../../lib/versioned.js';
import { actorOf, assertTransition } from '../../../lib/workflow.js';
import { checkedSite } from '../../../services/scope.js';
import { assertReasonGiven } from '../service.js';
import { cardHash, findSubject, insertSubject, pageSubjects, updateSubject } from './repository.js';
import { assertRegistrable, auditable, type Registration, subjectValues } from './service.js';

const api = endpoints.subject;

export async function subjectRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const { page, size, othersOnly, ...filter } = ctx.body;
      const notCreatedBy = othersOnly ? ctx.principal.userId : undefined;
      return pageSubjects(ctx.db, await ctx.scope(), { ...filter, notCreatedBy }, { page, size });
    },
    get: async (ctx) => findSubject(ctx.db, await ctx.scope(), ctx.params.id),
    create: async (ctx) => {
      await checkedSite(ctx.db, await ctx.scope(), ctx.body.projectId, ctx.body.siteId);
      const row = checkedValues(ctx.deps.secrets.subjectCard, ctx.body);
      const status = subjectRegistrationWorkflow.initial;
      const created = await insertSubject(ctx.db, {
        ...row,
        status,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
      });
      ctx.audit({
        action: 'subject.create',
        entity: 'subject',
        entityId: created.id,
        newValue: auditable(ctx.body),
      });
      return created;
    },
    resubmit: async (ctx) => {
      const scope = await ctx.scope();
      const before = await findSubject(ctx.db, scope, ctx.body.id);
      const actor = actorOf(ctx.principal, before.createdBy);
      const to = assertTransition(ctx.lang, subjectRegistrationWorkflow, before.status, 'resubmit', actor);
      await checkedSite(ctx.db, scope, ctx.body.projectId, ctx.body.siteId);
      const row = checkedValues(ctx.deps.secrets.subjectCard, ctx.body);
      const cleared = { reviewedBy: null, reviewedAt: null, reviewReason: null };
      const updated = await updateSubject(ctx.db, before.id, ctx.body.version, {
        ...row,
        status: to,
        ...cleared,
      });
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: transitionAudit(subjectRegistrationWorkflow, 'resubmit'),
        entity: 'subject',
        entityId: before.id,
        oldValue: before,
        newValue: auditable(ctx.body),
      });
      return updated;
    },
    review: async (ctx) => {
      const before = await findSubject(ctx.db, await ctx.scope(), ctx.params.id);
      const { action, version } = ctx.body;
      const actor = actorOf(ctx.principal, before.createdBy);
      const to = assertTransition(ctx.lang, subjectRegistrationWorkflow, before.status, action, actor);
      const reason = ctx.body.reason ?? null;
      assertReasonGiven(subjectRegistrationWorkflow, action, reason);
      const reviewed = { reviewedBy: ctx.principal.userId, reviewedAt: ctx.now, reviewReason: reason };
      const updated = await updateSubject(ctx.db, before.id, version, { status: to, ...reviewed });
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: transitionAudit(subjectRegistrationWorkflow, action),
        entity: 'subject',
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: to },
        reason,
      });
      return updated;
    },
  });
}

/** The registration's checks, then its stored columns (the card hash needs the server's key). */
function checkedValues(key: Buffer, body: Registration) {
  assertRegistrable(body);
  return subjectValues(body, cardHash(key, body.cardType, body.cardId));
}
