import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { formFields } from '../form-fields.js';
import { authorIds, id, idParams, isoTime, pageFields, text, version } from '../schemas.js';
import { firing } from '../workflows/machine.js';
import {
  PROGRESS_PERMISSIONS,
  PROGRESS_PLAN_STATES,
  PROGRESS_TASK_STATES,
  progressPlanWorkflow,
  progressTaskWorkflow,
} from '../workflows/progress.js';
import { dateString } from './portal-fields.js';

/**
 * Project progress plans (/project/progress/*): a project's plan copied from a published plan
 * template revision, its tasks with owners and planned dates, each task's form filled on completion.
 */
const planRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  templateId: z.number(),
  templateCode: z.string(),
  templateRevision: z.number(),
  name: z.string(),
  /** The day the template's offsets count from (YYYY-MM-DD). */
  startDate: z.string(),
  status: z.enum(PROGRESS_PLAN_STATES),
  /** Why it was returned, while it is. */
  reason: z.string().nullable(),
  taskCount: z.number(),
  doneCount: z.number(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  authorIds,
  updatedAt: isoTime,
  version: z.number(),
});
export type ProgressPlanRow = z.infer<typeof planRow>;

const taskRow = z.object({
  id: z.number(),
  planId: z.number(),
  projectId: z.number(),
  stage: z.string(),
  name: z.string(),
  sort: z.number(),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
  plannedStart: z.string(),
  plannedDue: z.string(),
  needsApproval: z.boolean(),
  status: z.enum(PROGRESS_TASK_STATES),
  /** Past its due date and not done (the server's today). */
  overdue: z.boolean(),
  formTemplateId: z.number().nullable(),
  values: z.record(z.string(), z.unknown()).nullable(),
  /** The fields of the task's form (null: nothing to fill). */
  fields: formFields.nullable(),
  completedAt: isoTime.nullable(),
  completedByName: z.string().nullable(),
  version: z.number(),
});
export type ProgressTaskRow = z.infer<typeof taskRow>;

const planDetail = planRow.extend({
  tasks: z.array(taskRow),
  /** Staff of the project who may own a task (id, name). */
  staff: z.array(z.object({ id: z.number(), name: z.string() })),
});

const myTaskRow = taskRow.extend({ projectNo: z.string(), projectName: z.string() });

/** A task's owner and planned days as chosen on the plan form. */
const taskPlan = { ownerId: id.nullable(), plannedStart: dateString, plannedDue: dateString };
const newPlan = { projectId: id, templateId: id, startDate: dateString };

/** A template task as a new plan would copy it: its place, default owner, dates and form. */
const previewTask = z.object({
  sort: z.number(),
  stage: z.string(),
  name: z.string(),
  ownerId: z.number().nullable(),
  plannedStart: z.string(),
  plannedDue: z.string(),
  needsApproval: z.boolean(),
  formTemplateId: z.number().nullable(),
  fields: formFields.nullable(),
});

const versionBody = z.object({ version });
const reasonBody = z.object({ version, reason: text(255) });
const versionOnly = z.object({ version: z.number() });

export const progress = defineGroup('progress', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/progress/plan/paging',
    summary: 'Progress plans of the caller’s projects, newest first; filter by project and status',
    access: { permission: PROGRESS_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectId: id.optional(),
      status: z.enum(PROGRESS_PLAN_STATES).optional(),
    }),
    data: z.array(planRow),
  }),
  templates: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/project/progress/plan/templates',
    summary: 'The published plan template revisions a plan can be made from',
    access: { permission: PROGRESS_PERMISSIONS.edit },
    mutates: false,
    data: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), revision: z.number() })),
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/progress/plan',
    summary:
      'A draft plan for a project from a published template: tasks copied with default owners (staff holding the task’s role on the project) and dates from the start date',
    access: { permission: PROGRESS_PERMISSIONS.edit },
    mutates: true,
    body: z.object({
      ...newPlan,
      /** Owners and dates chosen on the form, by the task's place (`sort` of the preview); the rest keep the defaults. */
      tasks: z
        .array(z.object({ sort: z.number().int().min(0), ...taskPlan }))
        .max(2000)
        .default([]),
    }),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  preview: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/progress/plan/preview',
    summary:
      'The tasks a new plan would copy from a published template for a project and start date (default owners, dates, forms) and the project’s staff; nothing is saved',
    access: { permission: PROGRESS_PERMISSIONS.edit },
    mutates: false,
    body: z.object(newPlan),
    data: z.object({
      templateCode: z.string(),
      templateRevision: z.number(),
      name: z.string(),
      tasks: z.array(previewTask),
      staff: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  }),
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/project/progress/plan/{id}',
    summary: 'One plan with its tasks in stage order and the project’s staff',
    access: { permission: PROGRESS_PERMISSIONS.view },
    mutates: false,
    params: idParams,
    data: planDetail,
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/progress/plan/{id}',
    summary: 'Adjust the tasks’ owners and planned dates of a draft or returned plan',
    access: { permission: PROGRESS_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      tasks: z.array(z.object({ id, ...taskPlan })).max(2000),
    }),
    data: versionOnly,
  }),
  submit: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/progress/plan/{id}/submit',
    summary: 'Submit a draft or returned plan for approval (every task has an owner)',
    ...firing(progressPlanWorkflow, 'submit'),
    mutates: true,
    params: idParams,
    body: versionBody,
    data: versionOnly,
  }),
  approve: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/progress/plan/{id}/approve',
    summary: 'Approve a submitted plan (not one’s own): its tasks become their owners’ to-dos',
    ...firing(progressPlanWorkflow, 'approve'),
    mutates: true,
    params: idParams,
    body: versionBody,
    data: versionOnly,
  }),
  return: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/progress/plan/{id}/return',
    summary: 'Return a submitted plan with a reason (not one’s own)',
    ...firing(progressPlanWorkflow, 'return'),
    mutates: true,
    params: idParams,
    body: reasonBody,
    data: versionOnly,
  }),
  myTasks: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/progress/task/mine',
    summary:
      'The caller’s open tasks of approved plans (to do, doing, awaiting approval), earliest due first, with their forms',
    access: { permission: PROGRESS_PERMISSIONS.tasks },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, status: z.enum(PROGRESS_TASK_STATES).optional() }),
    data: z.array(myTaskRow),
  }),
  startTask: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/progress/task/{id}/start',
    summary: 'The owner starts a task of an approved plan',
    ...firing(progressTaskWorkflow, 'start'),
    mutates: true,
    params: idParams,
    body: versionBody,
    data: versionOnly,
  }),
  completeTask: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/progress/task/{id}/complete',
    summary:
      'The owner completes a task with its form’s values (checked against the form; files must be the caller’s uploads); a task needing approval waits for it',
    ...firing(progressTaskWorkflow, 'complete', 'submit'),
    mutates: true,
    params: idParams,
    body: z.object({ version, values: z.record(z.string(), z.unknown()).default({}) }),
    data: versionOnly,
  }),
  approveTask: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/progress/task/{id}/approve',
    summary: 'Approve a completed task awaiting approval (not one’s own)',
    ...firing(progressTaskWorkflow, 'approve'),
    mutates: true,
    params: idParams,
    body: versionBody,
    data: versionOnly,
  }),
  returnTask: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/progress/task/{id}/return',
    summary: 'Send a task awaiting approval back to its owner with a reason',
    ...firing(progressTaskWorkflow, 'return'),
    mutates: true,
    params: idParams,
    body: reasonBody,
    data: versionOnly,
  }),
});
