import {
  endpoints,
  type ProgressPlanAction,
  type ProgressTaskAction,
  progressPlanWorkflow,
  progressTaskWorkflow,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { type Principal, registerGroup, type SessionCtx } from '../../lib/route.js';
import { staleOrMissing } from '../../lib/versioned.js';
import {
  actorOf,
  applyTransition,
  assertTransition,
  recordEvent,
  type TransitionCtx,
} from '../../lib/workflow.js';
import { assertMayAttach } from '../../services/files/access.js';
import { planTemplateById } from '../plan-templates/repository.js';
import {
  formFieldsById,
  insertPlan,
  pageMyTasks,
  pagePlans,
  planInScope,
  projectStaff,
  publishedTemplates,
  setTaskPlans,
  taskInScope,
  tasksOf,
  updatePlan,
  updateTask,
} from './repository.js';
import {
  assertEditable,
  assertFormValues,
  assertOwned,
  assertPlanApproved,
  assertTaskEdits,
  assertTemplatePublished,
  copyTasks,
  dayIn,
  fileIdsOf,
  withTaskPlans,
} from './service.js';

const { progress } = endpoints;
type Ctx = Pick<SessionCtx, 'db' | 'lang' | 'now' | 'audit' | 'principal' | 'scope'> & {
  params: { id: number };
};

/**
 * Fires a plan action at the version read; whoever created, last edited or submitted the plan may
 * not approve or return it (segregation of duties).
 */
async function firePlan(ctx: Ctx, action: ProgressPlanAction, version: number, reason: string | null = null) {
  const plan = await planInScope(ctx.db, await ctx.scope(), ctx.params.id, ctx.lang);
  const patch = { reason: action === 'return' ? reason : null };
  await applyTransition(
    ctx as TransitionCtx,
    ctx.principal as Principal,
    progressPlanWorkflow,
    { id: plan.id, status: plan.status, creatorId: plan.createdBy, authorIds: plan.authorIds },
    { action, version, reason, patch },
    (next) =>
      updatePlan(ctx.db, plan.id, version, {
        ...patch,
        status: next.status,
        updatedAt: ctx.now,
        ...(action === 'submit' ? { submittedBy: ctx.principal.userId } : {}),
      }),
  );
  return { version: version + 1 };
}

/** Fires a task action: the task's owner is its applicant; only tasks of approved plans move. */
async function fireTask(
  ctx: Ctx,
  task: Awaited<ReturnType<typeof taskInScope>>,
  action: ProgressTaskAction,
  version: number,
  extra: { reason?: string | null; values?: Record<string, unknown> } = {},
) {
  assertPlanApproved(task.planStatus);
  const done = action === 'complete' || action === 'submit';
  const patch = done
    ? { values: extra.values ?? {}, completedAt: ctx.now, completedBy: ctx.principal.userId }
    : action === 'return'
      ? { completedAt: null, completedBy: null }
      : {};
  await applyTransition(
    ctx as TransitionCtx,
    ctx.principal as Principal,
    progressTaskWorkflow,
    { id: task.id, status: task.status, creatorId: task.ownerId },
    { action, version, reason: extra.reason ?? null, patch: done ? { values: patch.values } : {} },
    (next) => updateTask(ctx.db, task.id, version, { ...patch, status: next.status }),
  );
  return { version: version + 1 };
}

/** A published template's tasks copied for a project in the caller's scope (not saved). */
async function copiedPlan(
  ctx: Pick<SessionCtx, 'db' | 'scope'> & {
    body: { projectId: number; templateId: number; startDate: string };
  },
) {
  const { projectId, templateId, startDate } = ctx.body;
  const scope = await ctx.scope();
  if (!scope.all && !scope.projectIds.has(projectId)) throw notFound();
  const template = await planTemplateById(ctx.db, templateId);
  assertTemplatePublished(template);
  const staff = await projectStaff(ctx.db, projectId);
  return { template, staff, tasks: copyTasks(template.stages, startDate, staff) };
}

/** Project progress plans from plan templates and their tasks (/project/progress/*). */
export async function progressRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, progress, {
    paging: async (ctx) => pagePlans(ctx.db, await ctx.scope(), ctx.body, ctx.lang),
    templates: async (ctx) => publishedTemplates(ctx.db),
    preview: async (ctx) => {
      const { template, tasks, staff } = await copiedPlan(ctx);
      const fields = await formFieldsById(
        ctx.db,
        tasks.flatMap((t) => (t.formTemplateId === null ? [] : [t.formTemplateId])),
      );
      return {
        templateCode: template.code,
        templateRevision: template.revision,
        name: template.name,
        tasks: tasks.map((t) => ({
          ...t,
          fields: t.formTemplateId === null ? null : (fields.get(t.formTemplateId) ?? null),
        })),
        staff: staff.map(({ id, name }) => ({ id, name })),
      };
    },
    create: async (ctx) => {
      const { projectId, templateId, startDate } = ctx.body;
      const copied = await copiedPlan(ctx);
      const { template } = copied;
      const tasks = withTaskPlans(copied.tasks, ctx.body.tasks, new Set(copied.staff.map((s) => s.id)));
      const row = await insertPlan(
        ctx.db,
        {
          projectId,
          templateId,
          templateRevision: template.revision,
          name: template.name,
          startDate,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        },
        tasks,
      );
      await recordEvent(ctx.db, {
        workflow: progressPlanWorkflow.id,
        recordId: row.id,
        action: 'create',
        fromState: null,
        toState: 'draft',
        userId: ctx.principal.userId,
        at: ctx.now,
      });
      ctx.audit({
        action: 'progress.create',
        entity: progressPlanWorkflow.id,
        entityId: row.id,
        newValue: {
          projectId,
          templateId,
          revision: template.revision,
          startDate,
          tasks: tasks.length,
          chosen: ctx.body.tasks,
        },
      });
      return row;
    },
    get: async (ctx) => {
      const plan = await planInScope(ctx.db, await ctx.scope(), ctx.params.id, ctx.lang);
      const today = dayIn(ctx.now, ctx.timeZone);
      const staff = await projectStaff(ctx.db, plan.projectId);
      return {
        ...plan,
        tasks: await tasksOf(ctx.db, plan.id, today),
        staff: staff.map(({ id, name }) => ({ id, name })),
      };
    },
    update: async (ctx) => {
      const plan = await planInScope(ctx.db, await ctx.scope(), ctx.params.id, ctx.lang);
      assertEditable(plan);
      const before = await tasksOf(ctx.db, plan.id, dayIn(ctx.now, ctx.timeZone));
      const staff = await projectStaff(ctx.db, plan.projectId);
      assertTaskEdits(before, ctx.body.tasks, new Set(staff.map((s) => s.id)));
      const { version } = ctx.body;
      const edited = { updatedAt: ctx.now, updatedBy: ctx.principal.userId };
      if (!(await updatePlan(ctx.db, plan.id, version, edited))) throw staleOrMissing(true);
      await setTaskPlans(ctx.db, plan.id, ctx.body.tasks);
      const old = new Map(before.map((t) => [t.id, t]));
      ctx.audit({
        action: 'progress.update',
        entity: progressPlanWorkflow.id,
        entityId: plan.id,
        oldValue: ctx.body.tasks.map(({ id }) => {
          const t = old.get(id);
          return { id, ownerId: t?.ownerId, plannedStart: t?.plannedStart, plannedDue: t?.plannedDue };
        }),
        newValue: ctx.body.tasks,
      });
      return { version: version + 1 };
    },
    submit: async (ctx) => {
      const plan = await planInScope(ctx.db, await ctx.scope(), ctx.params.id, ctx.lang);
      assertOwned(await tasksOf(ctx.db, plan.id, dayIn(ctx.now, ctx.timeZone)));
      return firePlan(ctx, 'submit', ctx.body.version);
    },
    approve: async (ctx) => firePlan(ctx, 'approve', ctx.body.version),
    return: async (ctx) => firePlan(ctx, 'return', ctx.body.version, ctx.body.reason),
    myTasks: async (ctx) =>
      pageMyTasks(ctx.db, ctx.principal.userId, dayIn(ctx.now, ctx.timeZone), ctx.body, ctx.lang),
    startTask: async (ctx) => {
      const task = await taskInScope(ctx.db, await ctx.scope(), ctx.params.id);
      return fireTask(ctx, task, 'start', ctx.body.version);
    },
    completeTask: async (ctx) => {
      const task = await taskInScope(ctx.db, await ctx.scope(), ctx.params.id);
      const { values, version } = ctx.body;
      const action = task.needsApproval ? 'submit' : 'complete';
      // State and owner first: a finished task says so whatever values are sent.
      assertPlanApproved(task.planStatus);
      assertTransition(
        ctx.lang,
        progressTaskWorkflow,
        task.status,
        action,
        actorOf(ctx.principal, task.ownerId),
      );
      assertFormValues(task.fields, values, ctx.lang);
      const files = fileIdsOf(task.fields, values).map((id) => ({ id, images: false }));
      await assertMayAttach(ctx.db, ctx.principal, files);
      return fireTask(ctx, task, action, version, { values });
    },
    approveTask: async (ctx) => {
      const task = await taskInScope(ctx.db, await ctx.scope(), ctx.params.id);
      return fireTask(ctx, task, 'approve', ctx.body.version);
    },
    returnTask: async (ctx) => {
      const task = await taskInScope(ctx.db, await ctx.scope(), ctx.params.id);
      return fireTask(ctx, task, 'return', ctx.body.version, { reason: ctx.body.reason });
    },
  });
}
