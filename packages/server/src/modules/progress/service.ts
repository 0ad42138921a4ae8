import {
  FORM_LANG_OF,
  type FormField,
  type Lang,
  type PlanStage,
  type ProgressPlanState,
  ResultCode,
  validateFormValues,
} from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD `days` after `start` (calendar days, UTC). */
export function addDays(start: string, days: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface TaskCopy {
  stage: string;
  name: string;
  sort: number;
  ownerId: number | null;
  plannedStart: string;
  plannedDue: string;
  needsApproval: boolean;
  formTemplateId: number | null;
}

/**
 * The plan's tasks from the template's stages: dates from the start day plus each task's offset (due
 * on the last day of its duration), the owner the first staff member holding the task's role.
 */
export function copyTasks(
  stages: readonly PlanStage[],
  startDate: string,
  staff: ReadonlyArray<{ id: number; roleIds: readonly number[] }>,
): TaskCopy[] {
  let sort = 0;
  return stages.flatMap((stage) =>
    stage.tasks.map((task) => ({
      stage: stage.name,
      name: task.name,
      sort: sort++,
      ownerId:
        task.ownerRoleId === null
          ? null
          : (staff.find((s) => s.roleIds.includes(task.ownerRoleId as number))?.id ?? null),
      plannedStart: addDays(startDate, task.offsetDays),
      plannedDue: addDays(startDate, task.offsetDays + task.durationDays - 1),
      needsApproval: task.needsApproval,
      formTemplateId: task.formTemplateId,
    })),
  );
}

export function assertTemplatePublished(template: { status: string }): void {
  if (template.status !== 'published')
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'progressTemplateNotPublished' });
}

export function assertEditable(plan: { status: ProgressPlanState }): void {
  if (plan.status !== 'draft' && plan.status !== 'returned')
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'progressPlanNotEditable' });
}

interface TaskEdit {
  id: number;
  ownerId: number | null;
  plannedStart: string;
  plannedDue: string;
}

/** Every edit names a task of the plan, is due on or after its start, and is owned by project staff. */
export function assertTaskEdits(
  tasks: ReadonlyArray<{ id: number; name: string }>,
  edits: readonly TaskEdit[],
  staffIds: ReadonlySet<number>,
): void {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  for (const edit of edits) {
    const task = byId.get(edit.id);
    if (!task)
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'progressTaskUnknown', params: { id: edit.id } });
    if (edit.plannedDue < edit.plannedStart)
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'progressDueBeforeStart',
        params: { task: task.name },
      });
    if (edit.ownerId !== null && !staffIds.has(edit.ownerId))
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'progressOwnerNotStaff',
        params: { task: task.name },
      });
  }
}

/**
 * The copied tasks with the owners and dates chosen on the plan form (by `sort`), checked like an
 * adjustment of a draft: each names a task, is due on or after its start, its owner project staff.
 */
export function withTaskPlans(
  copies: readonly TaskCopy[],
  chosen: ReadonlyArray<Omit<TaskEdit, 'id'> & { sort: number }>,
  staffIds: ReadonlySet<number>,
): TaskCopy[] {
  assertTaskEdits(
    copies.map((c) => ({ id: c.sort, name: c.name })),
    chosen.map(({ sort, ...plan }) => ({ id: sort, ...plan })),
    staffIds,
  );
  const bySort = new Map(chosen.map(({ sort, ...plan }) => [sort, plan]));
  return copies.map((c) => ({ ...c, ...bySort.get(c.sort) }));
}

/** A plan is submitted only when every task has an owner. */
export function assertOwned(tasks: ReadonlyArray<{ name: string; ownerId: number | null }>): void {
  const missing = tasks.find((t) => t.ownerId === null);
  if (missing)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'progressOwnerMissing',
      params: { task: missing.name },
    });
}

export function assertPlanApproved(planStatus: ProgressPlanState): void {
  if (planStatus !== 'approved')
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'progressPlanNotApproved' });
}

/** The values fit the task's form (no form: nothing may be sent); refuses on the first broken field. */
export function assertFormValues(
  fields: readonly FormField[] | null,
  values: Readonly<Record<string, unknown>>,
  lang: Lang,
): void {
  const [error] = validateFormValues(fields ?? [], values);
  if (!error) return;
  const field = fields?.find((f) => f.key === error.key);
  const label = field?.label[FORM_LANG_OF[lang]] ?? error.key;
  throw new ApiError(ResultCode.BAD_REQUEST, {
    key: 'progressFormInvalid',
    params: { field: label, code: error.code },
  });
}

/** File ids named by the form's file fields. */
export function fileIdsOf(
  fields: readonly FormField[] | null,
  values: Readonly<Record<string, unknown>>,
): number[] {
  return (fields ?? []).flatMap((f) =>
    f.type === 'file' && Array.isArray(values[f.key]) ? (values[f.key] as number[]) : [],
  );
}

/** Past its due day (inclusive) and not done, seen on `today` (YYYY-MM-DD). */
export const isOverdue = (task: { status: string; plannedDue: string }, today: string) =>
  task.status !== 'done' && task.plannedDue < today;

/** The calendar day (YYYY-MM-DD) of `now` in `timeZone`. */
export const dayIn = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
