import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { formFields } from '../form-fields.js';
import { id, idParams, isoTime, optionalText, pageFields, text, version } from '../schemas.js';
import { referenceCode } from './reference-data.js';

/**
 * Form templates and plan templates (/platform/plan-temp-form, /platform/project-plan-template):
 * what a project's progress plan is built from. Each row is one revision of a template (its code):
 * draft → published → retired. A published revision never changes; editing it means a new draft
 * revision, so a project keeps the revision it used.
 */
export const FORM_TEMPLATE_PERMISSIONS = {
  view: 'platform:plan-temp-form:view',
  add: 'platform:plan-temp-form:add',
  edit: 'platform:plan-temp-form:edit',
  publish: 'platform:plan-temp-form:publish',
} as const;

export const PLAN_TEMPLATE_PERMISSIONS = {
  view: 'platform:project-plan-template:view',
  add: 'platform:project-plan-template:add',
  edit: 'platform:project-plan-template:edit',
  publish: 'platform:project-plan-template:publish',
} as const;

export const TEMPLATE_STATUSES = ['draft', 'published', 'retired'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const PLAN_LIMITS = { stages: 30, tasks: 50, days: 3650 } as const;

const listFilter = {
  ...pageFields,
  /** Code or name, contains. */
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(TEMPLATE_STATUSES).optional(),
};
const versionBody = z.object({ version });
const copyBody = z.object({ code: referenceCode, name: text(64) });
const created = z.object({ id: z.number(), version: z.number() });
/** A POST carries a JSON body (the console signs its Content-MD5); this one has nothing to say. */
const noBody = z.object({});
const versionOnly = z.object({ version: z.number() });

const revisionRow = {
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** 1, 2, …: the template's revision (a new one each time a published revision is changed). */
  revision: z.number(),
  status: z.enum(TEMPLATE_STATUSES),
  description: z.string().nullable(),
  updatedAt: isoTime,
  publishedAt: isoTime.nullable(),
  updatedBy: z.string().nullable(),
  version: z.number(),
};

// ---- form templates ----

export const formTemplateRow = z.object({ ...revisionRow, fieldCount: z.number() });
export type FormTemplateRow = z.infer<typeof formTemplateRow>;
const formTemplateDetail = z.object({ ...revisionRow, fields: formFields });

const formTemplateFields = { name: text(64), description: optionalText(500), fields: formFields };

export const formTemplates = defineGroup('formTemplates', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/formTemplate/paging',
    summary: 'Form templates, every revision, paged; filter by code/name (contains) and status',
    access: { permission: FORM_TEMPLATE_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object(listFilter),
    data: z.array(formTemplateRow),
  }),
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/formTemplate/{id}',
    summary: 'One form template revision with its fields',
    access: { permission: FORM_TEMPLATE_PERMISSIONS.view },
    mutates: false,
    params: idParams,
    data: formTemplateDetail,
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/formTemplate',
    summary: 'Create a form template (revision 1, draft); the code must be new',
    access: { permission: FORM_TEMPLATE_PERMISSIONS.add },
    mutates: true,
    body: z.object({ code: referenceCode, ...formTemplateFields }),
    data: created,
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/formTemplate/{id}',
    summary: 'Edit a draft revision (send the version read); a published or retired one is refused',
    access: { permission: FORM_TEMPLATE_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...formTemplateFields }),
    data: versionOnly,
  }),
  publish: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/formTemplate/{id}/publish',
    summary: 'Publish a draft (at least one field); the revision published before it is retired',
    access: { permission: FORM_TEMPLATE_PERMISSIONS.publish },
    mutates: true,
    params: idParams,
    body: versionBody,
    data: versionOnly,
  }),
  newVersion: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/formTemplate/{id}/newVersion',
    summary: 'A new draft revision copied from a published or retired one (one draft per code)',
    access: { permission: FORM_TEMPLATE_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: noBody,
    data: created,
  }),
  retire: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/formTemplate/{id}/retire',
    summary: 'Retire a published revision: no longer offered for new plans; plans that use it keep it',
    access: { permission: FORM_TEMPLATE_PERMISSIONS.publish },
    mutates: true,
    params: idParams,
    body: versionBody,
    data: versionOnly,
  }),
  copy: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/formTemplate/{id}/copy',
    summary: 'A new template (new code, revision 1, draft) with the fields of this revision',
    access: { permission: FORM_TEMPLATE_PERMISSIONS.add },
    mutates: true,
    params: idParams,
    body: copyBody,
    data: created,
  }),
});

// ---- plan templates ----

const planTask = z.object({
  name: text(64),
  /** The role whose holders are offered as the task's owner when a project's plan is made. */
  ownerRoleId: id.nullable().default(null),
  /** Planned start, in days from the project's start, and planned length in days. */
  offsetDays: z.number().int().min(0).max(PLAN_LIMITS.days),
  durationDays: z.number().int().min(1).max(PLAN_LIMITS.days),
  needsApproval: z.boolean().default(false),
  /** A published form template revision filled in for the task. */
  formTemplateId: id.nullable().default(null),
});
const planStage = z.object({ name: text(32), tasks: z.array(planTask).max(PLAN_LIMITS.tasks) });
export const planStages = z.array(planStage).max(PLAN_LIMITS.stages);
export type PlanStage = z.infer<typeof planStage>;

export const planTemplateRow = z.object({ ...revisionRow, stageCount: z.number(), taskCount: z.number() });
export type PlanTemplateRow = z.infer<typeof planTemplateRow>;
const planTaskDetail = planTask.extend({
  ownerRoleName: z.string().nullable(),
  formTemplate: z
    .object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      revision: z.number(),
      status: z.enum(TEMPLATE_STATUSES),
    })
    .nullable(),
});
const planTemplateDetail = z.object({
  ...revisionRow,
  stages: z.array(z.object({ name: z.string(), tasks: z.array(planTaskDetail) })),
});

const planTemplateFields = { name: text(64), description: optionalText(500), stages: planStages };

export const planTemplates = defineGroup('planTemplates', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/planTemplate/paging',
    summary: 'Plan templates, every revision, paged; filter by code/name (contains) and status',
    access: { permission: PLAN_TEMPLATE_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object(listFilter),
    data: z.array(planTemplateRow),
  }),
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/planTemplate/{id}',
    summary: "One plan template revision: its stages and tasks with the owner role's and form's names",
    access: { permission: PLAN_TEMPLATE_PERMISSIONS.view },
    mutates: false,
    params: idParams,
    data: planTemplateDetail,
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/planTemplate',
    summary: 'Create a plan template (revision 1, draft); the code must be new',
    access: { permission: PLAN_TEMPLATE_PERMISSIONS.add },
    mutates: true,
    body: z.object({ code: referenceCode, ...planTemplateFields }),
    data: created,
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/planTemplate/{id}',
    summary: 'Edit a draft revision (send the version read); a published or retired one is refused',
    access: { permission: PLAN_TEMPLATE_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...planTemplateFields }),
    data: versionOnly,
  }),
  publish: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/planTemplate/{id}/publish',
    summary:
      'Publish a draft (every stage has a task, every form named is published); the revision published before it is retired',
    access: { permission: PLAN_TEMPLATE_PERMISSIONS.publish },
    mutates: true,
    params: idParams,
    body: versionBody,
    data: versionOnly,
  }),
  newVersion: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/planTemplate/{id}/newVersion',
    summary: 'A new draft revision copied from a published or retired one (one draft per code)',
    access: { permission: PLAN_TEMPLATE_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: noBody,
    data: created,
  }),
  retire: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/planTemplate/{id}/retire',
    summary: 'Retire a published revision: no longer offered for new projects; projects that use it keep it',
    access: { permission: PLAN_TEMPLATE_PERMISSIONS.publish },
    mutates: true,
    params: idParams,
    body: versionBody,
    data: versionOnly,
  }),
  copy: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/planTemplate/{id}/copy',
    summary: 'A new template (new code, revision 1, draft) with the stages of this revision',
    access: { permission: PLAN_TEMPLATE_PERMISSIONS.add },
    mutates: true,
    params: idParams,
    body: copyBody,
    data: created,
  }),
});
