import { type PlanStage, ResultCode, type TemplateStatus } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

type Revision = { status: TemplateStatus };

/** Only a draft is edited or published: a published revision is what projects were given. */
export function assertDraft(row: Revision): void {
  if (row.status !== 'draft') throw new ApiError(ResultCode.INVALID_STATE, { key: 'templateNotDraft' });
}

export function assertPublished(row: Revision): void {
  if (row.status !== 'published')
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'templateNotPublished' });
}

/** A new revision comes from a published or retired one, and a code has at most one draft. */
export function assertRevisable(row: Revision, draft: { revision: number } | undefined): void {
  if (row.status === 'draft') throw new ApiError(ResultCode.INVALID_STATE, { key: 'templateIsDraft' });
  if (draft)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'templateDraftExists',
      params: { revision: draft.revision },
    });
}

export function assertFormPublishable(fields: readonly unknown[]): void {
  if (fields.length === 0) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'formTemplateEmpty' });
}

/** The day a stage starts: its earliest task's offset (undefined without tasks). */
const stageStart = (stage: PlanStage) =>
  stage.tasks.length === 0 ? undefined : Math.min(...stage.tasks.map((t) => t.offsetDays));

/**
 * Stages are listed in the order they happen: names unique, and no stage starts before the one
 * above it (the projects issue lays out the plan in this order). Stages without tasks are skipped.
 */
export function assertStageOrder(stages: readonly PlanStage[]): void {
  const names = new Set<string>();
  let previous: { name: string; start: number } | undefined;
  for (const stage of stages) {
    if (names.has(stage.name))
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'planStageNameTaken',
        params: { stage: stage.name },
      });
    names.add(stage.name);
    const start = stageStart(stage);
    if (start === undefined) continue;
    if (previous && start < previous.start)
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'planStageOrder',
        params: { stage: stage.name, start, previous: previous.name, previousStart: previous.start },
      });
    previous = { name: stage.name, start };
  }
}

/** A plan is published with at least one stage and a task in every stage. */
export function assertPlanPublishable(stages: readonly PlanStage[]): void {
  if (stages.length === 0) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'planTemplateEmpty' });
  const empty = stages.find((s) => s.tasks.length === 0);
  if (empty)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'planStageEmpty', params: { stage: empty.name } });
}

export const formIdsOf = (stages: readonly PlanStage[]) => [
  ...new Set(
    stages.flatMap((s) => s.tasks.flatMap((t) => (t.formTemplateId === null ? [] : [t.formTemplateId]))),
  ),
];
export const roleIdsOf = (stages: readonly PlanStage[]) => [
  ...new Set(stages.flatMap((s) => s.tasks.flatMap((t) => (t.ownerRoleId === null ? [] : [t.ownerRoleId])))),
];

/**
 * The forms and roles the tasks name exist, and each form is a published revision; a form the draft
 * already named may stay after it was retired (`kept`), so saving a draft does not force a change.
 * At publishing nothing is kept: every form must be published then.
 */
export function assertReferences(
  stages: readonly PlanStage[],
  forms: ReadonlyMap<number, Revision>,
  roles: ReadonlySet<number>,
  kept: ReadonlySet<number> = new Set(),
): void {
  for (const stage of stages)
    for (const task of stage.tasks) {
      if (task.ownerRoleId !== null && !roles.has(task.ownerRoleId))
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'planRoleUnknown', params: { task: task.name } });
      const id = task.formTemplateId;
      if (id === null || kept.has(id)) continue;
      if (forms.get(id)?.status !== 'published')
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'planFormNotPublished',
          params: { task: task.name },
        });
    }
}
