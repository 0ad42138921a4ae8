import { defineWorkflow } from './machine.js';

/** Progress plans and their tasks (/project/progress/*, docs/projects.md "Progress plans and tasks"). */
// Buttons belong to a page (the 'progress' menu node is a folder): the plan list's, the approval
// list's and the task list's.
export const PROGRESS_PERMISSIONS = {
  view: 'project:progress-project-plan:view',
  edit: 'project:progress-project-plan:edit',
  approve: 'project:progress-plan-approve:approve',
  tasks: 'project:progress-task-doing:view',
  /** Start and complete one's own tasks. */
  work: 'project:progress-task-doing:edit',
} as const;

export const PROGRESS_PLAN_STATES = ['draft', 'submitted', 'approved', 'returned'] as const;
export type ProgressPlanState = (typeof PROGRESS_PLAN_STATES)[number];

/** A project's plan: drafted (owners and dates adjusted), submitted, approved or returned with a reason. */
export const progressPlanWorkflow = defineWorkflow({
  id: 'progressPlan',
  states: PROGRESS_PLAN_STATES,
  initial: 'draft',
  final: ['approved'],
  words: {
    draft: { 'zh-CN': '草稿', 'en-US': 'Draft', 'zh-HK': '草稿' },
    submitted: { 'zh-CN': '待审批', 'en-US': 'Awaiting approval', 'zh-HK': '待審批' },
    approved: { 'zh-CN': '已批准', 'en-US': 'Approved', 'zh-HK': '已批准' },
    returned: { 'zh-CN': '已退回', 'en-US': 'Returned', 'zh-HK': '已退回' },
  },
  transitions: {
    submit: {
      from: ['draft', 'returned'],
      to: 'submitted',
      permission: PROGRESS_PERMISSIONS.edit,
      actor: 'any',
      signature: false,
    },
    approve: {
      from: ['submitted'],
      to: 'approved',
      permission: PROGRESS_PERMISSIONS.approve,
      actor: 'not-applicant',
      signature: false,
    },
    return: {
      from: ['submitted'],
      to: 'returned',
      permission: PROGRESS_PERMISSIONS.approve,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type ProgressPlanAction = keyof typeof progressPlanWorkflow.transitions;

export const PROGRESS_TASK_STATES = ['todo', 'doing', 'approval', 'done'] as const;
export type ProgressTaskState = (typeof PROGRESS_TASK_STATES)[number];

/**
 * A task of an approved plan. The "applicant" of a task is its owner: only the owner starts and
 * completes it; a task whose template asks for approval is submitted instead of completed and
 * approved by someone else.
 */
export const progressTaskWorkflow = defineWorkflow({
  id: 'progressTask',
  states: PROGRESS_TASK_STATES,
  initial: 'todo',
  final: ['done'],
  words: {
    todo: { 'zh-CN': '待开始', 'en-US': 'To do', 'zh-HK': '待開始' },
    doing: { 'zh-CN': '进行中', 'en-US': 'In progress', 'zh-HK': '進行中' },
    approval: { 'zh-CN': '待审批', 'en-US': 'Awaiting approval', 'zh-HK': '待審批' },
    done: { 'zh-CN': '已完成', 'en-US': 'Done', 'zh-HK': '已完成' },
  },
  transitions: {
    start: {
      from: ['todo'],
      to: 'doing',
      permission: PROGRESS_PERMISSIONS.work,
      actor: 'applicant',
      signature: false,
    },
    complete: {
      from: ['doing'],
      to: 'done',
      permission: PROGRESS_PERMISSIONS.work,
      actor: 'applicant',
      signature: false,
    },
    submit: {
      from: ['doing'],
      to: 'approval',
      permission: PROGRESS_PERMISSIONS.work,
      actor: 'applicant',
      signature: false,
    },
    approve: {
      from: ['approval'],
      to: 'done',
      permission: PROGRESS_PERMISSIONS.approve,
      actor: 'not-applicant',
      signature: false,
    },
    return: {
      from: ['approval'],
      to: 'doing',
      permission: PROGRESS_PERMISSIONS.approve,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type ProgressTaskAction = keyof typeof progressTaskWorkflow.transitions;
