import { endpoints, type FormField, type PlanStage, type TemplateStatus } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { formTemplates, planTemplates } from '../../db/schema-plan-templates.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
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

type Ctx = Pick<SessionCtx, 'db' | 'audit' | 'now' | 'lang' | 'principal'> & { params: { id: number } };
interface Revision {
  id: number;
  code: string;
  name: string;
  description: string | null;
  status: TemplateStatus;
}
type Written = { createdBy: number; updatedBy: number; updatedAt: Date };

/** What the revision steps need of one kind of template; `D` is its document (fields or stages). */
interface Kind<R extends Revision, D> {
  group: 'formTemplates' | 'planTemplates';
  entity: string;
  table: typeof formTemplates | typeof planTemplates;
  byId(db: Executor, id: number): Promise<R>;
  document(row: R): D;
  insert(
    db: Executor,
    values: { code: string; revision: number; name: string; description: string | null } & D & Written,
  ): Promise<{ id: number; version: number }>;
  update: typeof updateFormTemplate | typeof updatePlanTemplate;
  /** The checks before a draft is published. */
  assertPublishable(db: Executor, row: R): Promise<void>;
}

const written = (ctx: Pick<SessionCtx, 'principal' | 'now'>): Written => ({
  createdBy: ctx.principal.userId,
  updatedBy: ctx.principal.userId,
  updatedAt: ctx.now,
});

/** The steps both kinds share: publish, new version, retire, copy; audited as `<group>.<step>`. */
function revisionSteps<R extends Revision, D>(kind: Kind<R, D>) {
  const { group, entity } = kind;
  return {
    publish: async (ctx: Ctx & { body: { version: number } }) => {
      const before = await kind.byId(ctx.db, ctx.params.id);
      assertDraft(before);
      await kind.assertPublishable(ctx.db, before);
      const by = ctx.principal.userId;
      const retired = await retirePublished(ctx.db, kind.table, before.code, by, ctx.now);
      const row = await kind.update(ctx.db, before.id, ctx.body.version, {
        status: 'published',
        publishedAt: ctx.now,
        updatedBy: by,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: `${group}.publish`,
        entity,
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: 'published', retired: retired ?? null },
      });
      return row;
    },
    newVersion: async (ctx: Ctx) => {
      const before = await kind.byId(ctx.db, ctx.params.id);
      const { draft, top } = await revisionsOf(ctx.db, kind.table, before.code);
      assertRevisable(before, draft);
      const { code, name, description } = before;
      const row = await kind.insert(ctx.db, {
        code,
        revision: top + 1,
        name,
        description,
        ...kind.document(before),
        ...written(ctx),
      });
      ctx.audit({
        action: `${group}.newVersion`,
        entity,
        entityId: row.id,
        newValue: { code, revision: top + 1, from: before.id },
      });
      return row;
    },
    retire: async (ctx: Ctx & { body: { version: number } }) => {
      const before = await kind.byId(ctx.db, ctx.params.id);
      assertPublished(before);
      const row = await kind.update(ctx.db, before.id, ctx.body.version, {
        status: 'retired',
        updatedBy: ctx.principal.userId,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: `${group}.retire`,
        entity,
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: 'retired' },
      });
      return row;
    },
    copy: async (ctx: Ctx & { body: { code: string; name: string } }) => {
      const before = await kind.byId(ctx.db, ctx.params.id);
      const row = await uniqueOr(ctx.lang, () =>
        kind.insert(ctx.db, {
          ...ctx.body,
          revision: 1,
          description: before.description,
          ...kind.document(before),
          ...written(ctx),
        }),
      );
      ctx.audit({
        action: `${group}.copy`,
        entity,
        entityId: row.id,
        newValue: { ...ctx.body, from: before.id },
      });
      return row;
    },
  };
}

/** The forms and roles a plan's tasks name, checked (a draft may keep the forms it had: `kept`). */
async function checkReferences(db: Executor, stages: PlanStage[], kept?: ReadonlySet<number>) {
  const forms = await formTemplatesByIds(db, formIdsOf(stages));
  const roles = await roleNames(db, roleIdsOf(stages));
  assertReferences(stages, forms, new Set(roles.keys()), kept);
}

const FORMS: Kind<Awaited<ReturnType<typeof formTemplateById>>, { fields: FormField[] }> = {
  group: 'formTemplates',
  entity: 'formTemplate',
  table: formTemplates,
  byId: formTemplateById,
  document: (row) => ({ fields: row.fields }),
  insert: insertFormTemplate,
  update: updateFormTemplate,
  assertPublishable: async (_db, row) => assertFormPublishable(row.fields),
};

const PLANS: Kind<Awaited<ReturnType<typeof planTemplateById>>, { stages: PlanStage[] }> = {
  group: 'planTemplates',
  entity: 'planTemplate',
  table: planTemplates,
  byId: planTemplateById,
  document: (row) => ({ stages: row.stages }),
  insert: insertPlanTemplate,
  update: updatePlanTemplate,
  assertPublishable: async (db, row) => {
    assertPlanPublishable(row.stages);
    // Every form must be published now, those the draft kept since they were retired included.
    await checkReferences(db, row.stages);
  },
};

/** /platform/plan-temp-form and /platform/project-plan-template: template revisions, audited. */
export async function planTemplateRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, endpoints.formTemplates, {
    paging: (ctx) => pageFormTemplates(ctx.db, ctx.body),
    get: (ctx) => formTemplateById(ctx.db, ctx.params.id),
    create: async (ctx) => {
      const row = await uniqueOr(ctx.lang, () =>
        insertFormTemplate(ctx.db, { ...ctx.body, revision: 1, ...written(ctx) }),
      );
      ctx.audit({
        action: 'formTemplates.create',
        entity: FORMS.entity,
        entityId: row.id,
        newValue: ctx.body,
      });
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
        entity: FORMS.entity,
        entityId: before.id,
        oldValue: { name: before.name, description: before.description, fields: before.fields },
        newValue: values,
      });
      return row;
    },
    ...revisionSteps(FORMS),
  });

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
      const row = await uniqueOr(ctx.lang, () =>
        insertPlanTemplate(ctx.db, { ...ctx.body, revision: 1, ...written(ctx) }),
      );
      ctx.audit({
        action: 'planTemplates.create',
        entity: PLANS.entity,
        entityId: row.id,
        newValue: ctx.body,
      });
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
        entity: PLANS.entity,
        entityId: before.id,
        oldValue: { name: before.name, description: before.description, stages: before.stages },
        newValue: values,
      });
      return row;
    },
    ...revisionSteps(PLANS),
  });
}
