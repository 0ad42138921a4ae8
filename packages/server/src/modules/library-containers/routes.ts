import { endpoints, ResultCode, unitMaintenanceWorkflow } from '@trialab/api-contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { temperatures } from '../../db/schema.js';
import { storageBoxes, storageRacks, storageUnits } from '../../db/schema-library.js';
import { unitMaintenanceTasks as tasks } from '../../db/schema-library-maintenance.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { applyTransition } from '../../lib/workflow.js';
import { dayIn } from '../progress/service.js';
import { lockTask, pageBoxes, pageRacks, pageTasks, taskWhere } from './repository.js';

const { libraryContainers: lists, libraryMaintenance: maintenance } = endpoints;

/** `day` (YYYY-MM-DD) plus `days`. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function assertUnit(ctx: SessionCtx, unitId: number) {
  const [unit] = await ctx.db
    .select({ id: storageUnits.id })
    .from(storageUnits)
    .where(eq(storageUnits.id, unitId));
  if (!unit)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'unitId' } });
}

/** An open task for a change; a done one is kept as recorded. */
async function openTask(ctx: SessionCtx, id: number) {
  const task = await lockTask(ctx.db, id, ctx.now);
  if (!task) throw notFound();
  if (task.doneAt)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'maintenanceTaskDone',
      params: { day: dayIn(task.doneAt, task.timeZone) },
    });
  return task;
}

/** The storage management screens' lists and the maintenance of units (docs/library.md). */
export async function libraryContainerRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, lists, {
    conditions: async (ctx) =>
      ctx.db
        .select({
          id: temperatures.id,
          code: temperatures.code,
          name: localNameColumn(temperatures, ctx.lang),
          range: temperatures.range,
        })
        .from(temperatures)
        .where(and(eq(temperatures.enabled, true), eq(temperatures.forStorage, true)))
        .orderBy(asc(temperatures.sort), asc(temperatures.id)),
    rackList: async (ctx) => {
      const { keyword, roomId, unitId, rackTypeId } = ctx.body;
      const where = and(
        containsAny([storageRacks.code], keyword),
        roomId ? eq(storageUnits.roomId, roomId) : undefined,
        unitId ? eq(storageRacks.unitId, unitId) : undefined,
        rackTypeId ? eq(storageRacks.rackTypeId, rackTypeId) : undefined,
      );
      return pageRacks(ctx.db, where, ctx.body);
    },
    boxList: async (ctx) => {
      const { keyword, roomId, unitId, rackId, boxTypeId, kind } = ctx.body;
      const where = and(
        containsAny([storageBoxes.code], keyword),
        roomId ? eq(storageUnits.roomId, roomId) : undefined,
        unitId ? eq(storageBoxes.unitId, unitId) : undefined,
        rackId ? eq(storageBoxes.rackId, rackId) : undefined,
        boxTypeId ? eq(storageBoxes.boxTypeId, boxTypeId) : undefined,
        kind ? eq(storageBoxes.kind, kind) : undefined,
      );
      return pageBoxes(ctx.db, where, ctx.body);
    },
  });

  registerGroup(app, maintenance, {
    taskList: async (ctx) => {
      const { keyword, unitId, kind, status } = ctx.body;
      const keywordWhere = containsAny([storageUnits.code, storageUnits.name], keyword);
      return pageTasks(
        ctx.db,
        taskWhere({ unitId, kind, status, now: ctx.now, keywordWhere }),
        ctx.now,
        ctx.body,
      );
    },
    taskCreate: async (ctx) => {
      await assertUnit(ctx, ctx.body.unitId);
      const values = {
        ...ctx.body,
        intervalDays: ctx.body.intervalDays ?? null,
        remark: ctx.body.remark || null,
        timeZone: ctx.timeZone,
      };
      const [row] = await ctx.db
        .insert(tasks)
        .values({ ...values, createdBy: ctx.principal.userId, createdAt: ctx.now, updatedAt: ctx.now })
        .returning({ id: tasks.id });
      if (!row) throw notFound();
      ctx.audit({
        action: 'libraryMaintenance.taskCreate',
        entity: 'storageUnitTask',
        entityId: row.id,
        newValue: values,
      });
      return { id: row.id };
    },
    taskUpdate: async (ctx) => {
      const { version, ...plan } = ctx.body;
      const task = await openTask(ctx, ctx.params.id);
      const values = { ...plan, intervalDays: plan.intervalDays ?? null, remark: plan.remark || null };
      const [row] = await ctx.db
        .update(tasks)
        .set({ ...values, version: version + 1, updatedAt: ctx.now })
        .where(and(eq(tasks.id, task.id), eq(tasks.version, version)))
        .returning({ version: tasks.version });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'libraryMaintenance.taskUpdate',
        entity: 'storageUnitTask',
        entityId: task.id,
        oldValue: { kind: task.kind, intervalDays: task.intervalDays, remark: task.remark },
        newValue: values,
      });
      return row;
    },
    taskComplete: async (ctx) => {
      const { version, reason } = ctx.body;
      const task = await lockTask(ctx.db, ctx.params.id, ctx.now);
      if (!task) throw notFound();
      const remark = reason || null;
      await applyTransition(
        ctx,
        ctx.principal,
        unitMaintenanceWorkflow,
        { id: task.id, status: task.status, creatorId: task.createdBy },
        { action: task.status === 'planned' ? 'completeEarly' : 'complete', version, reason: remark },
        async () =>
          (
            await ctx.db
              .update(tasks)
              .set({
                doneAt: ctx.now,
                doneBy: ctx.principal.userId,
                doneRemark: remark,
                version: version + 1,
                updatedAt: ctx.now,
              })
              .where(and(eq(tasks.id, task.id), eq(tasks.version, version)))
              .returning({ id: tasks.id })
          ).length > 0,
      );
      if (!task.intervalDays) return { next: null };
      // A repeating task comes back its interval after the day it was done.
      const dueOn = addDays(dayIn(ctx.now, task.timeZone), task.intervalDays);
      const [next] = await ctx.db
        .insert(tasks)
        .values({
          unitId: task.unitId,
          kind: task.kind,
          dueOn,
          intervalDays: task.intervalDays,
          remark: task.remark,
          timeZone: task.timeZone,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: tasks.id });
      if (!next) throw notFound();
      ctx.audit({
        action: 'libraryMaintenance.taskCreate',
        entity: 'storageUnitTask',
        entityId: next.id,
        newValue: {
          unitId: task.unitId,
          kind: task.kind,
          dueOn,
          intervalDays: task.intervalDays,
          after: task.id,
        },
      });
      return { next: { id: next.id, dueOn } };
    },
    taskRemove: async (ctx) => {
      const task = await openTask(ctx, ctx.params.id);
      const removed = await ctx.db
        .delete(tasks)
        .where(and(eq(tasks.id, task.id), eq(tasks.version, ctx.body.version)))
        .returning({ id: tasks.id });
      if (removed.length === 0) throw staleOrMissing(true);
      ctx.audit({
        action: 'libraryMaintenance.taskRemove',
        entity: 'storageUnitTask',
        entityId: task.id,
        oldValue: {
          unitId: task.unitId,
          kind: task.kind,
          intervalDays: task.intervalDays,
          remark: task.remark,
        },
      });
      return { removed: removed.length };
    },
  });
}
