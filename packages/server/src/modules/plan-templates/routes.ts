import { endpoints, type PlanStage } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { formTemplates, planTemplates } from '../../db/schema-plan-templates.js';
import { registerGroup } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import {
  formTemplateById,
  formTemplatesByIds,
  insertFormTemplate,
  insertPlanTemplate,
  pageFormTemplates,
  pagePlanTemplates,
  planTemplateById,
  retirePublished,
  revisionsOf,
  roleNames,
  updateFormTemplate,
  updatePlanTemplate,
} from './repository.js';
import {
  assertDraft,
  assertFormPublishable,
  assertPlanPublishable,
  assertPublished,
  assertReferences,
  assertRevisable,
  assertStageOrder,
  formIdsOf,
  roleIdsOf,
} from './service.js';

/** The forms and roles a plan's tasks name, checked (a draft may keep the forms it had: `kept`). */
async function checkReferences(db: Executor, stages: PlanStage[], kept?: ReadonlySet<number>) {
  const forms = await formTemplatesByIds(db, formIdsOf(stages));
  const roles = await roleNames(db, roleIdsOf(stages));
  assertReferences(stages, forms, new Set(roles.keys()), kept);
}

/** /platform/plan-temp-form and /platform/project-plan-template: template revisions, audited. */
export async function planTemplateRoutes(app: FastifyInstance): Promise<void> {
  registerForms(app);
  registerPlans(app);
}

function registerForms(app: FastifyInstance): void {
  const entity = 'formTemplate';
  registerGroup(app, endpoints.formTemplates, {
    paging: (ctx) => pageFormTemplates(ctx.db, ctx.body),
    get: (ctx) => formTemplateById(ctx.db, ctx.params.id),
    create: async (ctx) => {
      const by = ctx.principal.userId;
      const row = await uniqueOr(ctx.lang, () =>
        insertFormTemplate(ctx.db, {
          ...ctx.body,
          revision: 1,
          createdBy: by,
          updatedBy: by,
          updatedAt: ctx.now,
        }),
      );
      ctx.audit({ action: 'formTemplates.create', entity, entityId: row.id, newValue: ctx.body });
      return row;
    },
    update: async (ctx) => {
      const { version, ...values } = ctx.body;
      const before = await formTemplateById(ctx.db, ctx.params.id);
      assertDraft(before);
      const row = await updateFormTemplate(ctx.db, before.id, version, {
        ...values,
        updatedBy: ctx.principal.userId,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'formTemplates.update',
        entity,
        entityId: before.id,
        oldValue: { name: before.name, description: before.description, fields: before.fields },
        newValue: values,
      });
      return row;
    },
    publish: async (ctx) => {
      const before = await formTemplateById(ctx.db, ctx.params.id);
      assertDraft(before);
      assertFormPublishable(before.fields);
      const by = ctx.principal.userId;
      const retired = await retirePublished(ctx.db, formTemplates, before.code, by, ctx.now);
      const row = await updateFormTemplate(ctx.db, before.id, ctx.body.version, {
        status: 'published',
        publishedAt: ctx.now,
        updatedBy: by,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'formTemplates.publish',
        entity,
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: 'published', retired: retired ?? null },
      });
      return row;
    },
    newVersion: async (ctx) => {
      const before = await formTemplateById(ctx.db, ctx.params.id);
      const { draft, top } = await revisionsOf(ctx.db, formTemplates, before.code);
      assertRevisable(before, draft);
      const by = ctx.principal.userId;
      const row = await insertFormTemplate(ctx.db, {
        code: before.code,
        revision: top + 1,
        name: before.name,
        description: before.description,
        fields: before.fields,
        createdBy: by,
        updatedBy: by,
        updatedAt: ctx.now,
      });
      ctx.audit({
        action: 'formTemplates.newVersion',
        entity,
        entityId: row.id,
        newValue: { code: before.code, revision: top + 1, from: before.id },
      });
      return row;
    },
    retire: async (ctx) => {
      const before = await formTemplateById(ctx.db, ctx.params.id);
      assertPublished(before);
      const row = await updateFormTemplate(ctx.db, before.id, ctx.body.version, {
        status: 'retired',
        updatedBy: ctx.principal.userId,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'formTemplates.retire',
        entity,
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: 'retired' },
      });
      return row;
    },
    copy: async (ctx) => {
      const before = await formTemplateById(ctx.db, ctx.params.id);
      const by = ctx.principal.userId;
      const row = await uniqueOr(ctx.lang, () =>
        insertFormTemplate(ctx.db, {
          ...ctx.body,
          revision: 1,
          description: before.description,
          fields: before.fields,
          createdBy: by,
          updatedBy: by,
          updatedAt: ctx.now,
        }),
      );
      ctx.audit({
        action: 'formTemplates.copy',
        entity,
        entityId: row.id,
        newValue: { ...ctx.body, from: before.id },
      });
      return row;
    },
  });
}

function registerPlans(app: FastifyInstance): void {
  const entity = 'planTemplate';
  registerGroup(app, endpoints.planTemplates, {
    paging: (ctx) => pagePlanTemplates(ctx.db, ctx.body),
    get: async (ctx) => {
      const row = await planTemplateById(ctx.db, ctx.params.id);
      const forms = await formTemplatesByIds(ctx.db, formIdsOf(row.stages));
      const roles = await roleNames(ctx.db, roleIdsOf(row.stages));
      const stages = row.stages.map((stage) => ({
        name: stage.name,
        tasks: stage.tasks.map((task) => ({
          ...task,
          ownerRoleName: task.ownerRoleId === null ? null : (roles.get(task.ownerRoleId) ?? null),
          formTemplate: task.formTemplateId === null ? null : (forms.get(task.formTemplateId) ?? null),
        })),
      }));
      return { ...row, stages };
    },
    create: async (ctx) => {
      assertStageOrder(ctx.body.stages);
      await checkReferences(ctx.db, ctx.body.stages);
      const by = ctx.principal.userId;
      const row = await uniqueOr(ctx.lang, () =>
        insertPlanTemplate(ctx.db, {
          ...ctx.body,
          revision: 1,
          createdBy: by,
          updatedBy: by,
          updatedAt: ctx.now,
        }),
      );
      ctx.audit({ action: 'planTemplates.create', entity, entityId: row.id, newValue: ctx.body });
      return row;
    },
    update: async (ctx) => {
      const { version, ...values } = ctx.body;
      const before = await planTemplateById(ctx.db, ctx.params.id);
      assertDraft(before);
      assertStageOrder(values.stages);
      await checkReferences(ctx.db, values.stages, new Set(formIdsOf(before.stages)));
      const row = await updatePlanTemplate(ctx.db, before.id, version, {
        ...values,
        updatedBy: ctx.principal.userId,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'planTemplates.update',
        entity,
        entityId: before.id,
        oldValue: { name: before.name, description: before.description, stages: before.stages },
        newValue: values,
      });
      return row;
    },
    publish: async (ctx) => {
      const before = await planTemplateById(ctx.db, ctx.params.id);
      assertDraft(before);
      assertPlanPublishable(before.stages);
      // Every form must be published now, those the draft kept since they were retired included.
      await checkReferences(ctx.db, before.stages);
      const by = ctx.principal.userId;
      const retired = await retirePublished(ctx.db, planTemplates, before.code, by, ctx.now);
      const row = await updatePlanTemplate(ctx.db, before.id, ctx.body.version, {
        status: 'published',
        publishedAt: ctx.now,
        updatedBy: by,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'planTemplates.publish',
        entity,
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: 'published', retired: retired ?? null },
      });
      return row;
    },
    newVersion: async (ctx) => {
      const before = await planTemplateById(ctx.db, ctx.params.id);
      const { draft, top } = await revisionsOf(ctx.db, planTemplates, before.code);
      assertRevisable(before, draft);
      const by = ctx.principal.userId;
      const row = await insertPlanTemplate(ctx.db, {
        code: before.code,
        revision: top + 1,
        name: before.name,
        description: before.description,
        stages: before.stages,
        createdBy: by,
        updatedBy: by,
        updatedAt: ctx.now,
      });
      ctx.audit({
        action: 'planTemplates.newVersion',
        entity,
        entityId: row.id,
        newValue: { code: before.code, revision: top + 1, from: before.id },
      });
      return row;
    },
    retire: async (ctx) => {
      const before = await planTemplateById(ctx.db, ctx.params.id);
      assertPublished(before);
      const row = await updatePlanTemplate(ctx.db, before.id, ctx.body.version, {
        status: 'retired',
        updatedBy: ctx.principal.userId,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'planTemplates.retire',
        entity,
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: 'retired' },
      });
      return row;
    },
    copy: async (ctx) => {
      const before = await planTemplateById(ctx.db, ctx.params.id);
      const by = ctx.principal.userId;
      const row = await uniqueOr(ctx.lang, () =>
        insertPlanTemplate(ctx.db, {
          ...ctx.body,
          revision: 1,
          description: before.description,
          stages: before.stages,
          createdBy: by,
          updatedBy: by,
          updatedAt: ctx.now,
        }),
      );
      ctx.audit({
        action: 'planTemplates.copy',
        entity,
        entityId: row.id,
        newValue: { ...ctx.body, from: before.id },
      });
      return row;
    },
  });
}
