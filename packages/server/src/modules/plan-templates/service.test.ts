import { endpoints, type PlanStage, type TemplateStatus } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
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

const task = (name: string, offsetDays: number, more: Partial<PlanStage['tasks'][number]> = {}) => ({
  name,
  offsetDays,
  durationDays: 5,
  ownerRoleId: null,
  needsApproval: false,
  formTemplateId: null,
  ...more,
});

describe('template revisions', () => {
  it('edits and publishes drafts only: a published or retired revision is immutable', () => {
    expect(refusal(() => assertDraft({ status: 'draft' }))).toBeNull();
    expect(refusal(() => assertDraft({ status: 'published' }))?.key).toBe('templateNotDraft');
    expect(refusal(() => assertDraft({ status: 'retired' }))?.key).toBe('templateNotDraft');
  });

  it('retires only a published revision', () => {
    expect(refusal(() => assertPublished({ status: 'published' }))).toBeNull();
    expect(refusal(() => assertPublished({ status: 'draft' }))?.key).toBe('templateNotPublished');
  });

  it('makes a new revision from a published or retired one, one draft per code', () => {
    expect(refusal(() => assertRevisable({ status: 'published' }, undefined))).toBeNull();
    expect(refusal(() => assertRevisable({ status: 'retired' }, undefined))).toBeNull();
    expect(refusal(() => assertRevisable({ status: 'draft' }, undefined))?.key).toBe('templateIsDraft');
    expect(refusal(() => assertRevisable({ status: 'published' }, { revision: 3 }))).toEqual({
      key: 'templateDraftExists',
      params: { revision: 3 },
    });
  });

  it('publishes a form with fields only', () => {
    expect(refusal(() => assertFormPublishable([]))?.key).toBe('formTemplateEmpty');
    expect(refusal(() => assertFormPublishable([{}]))).toBeNull();
  });

  it('keeps field keys unique in what the server accepts (the shared schema)', () => {
    const label = { 'zh-CN': '日期', 'en-US': 'Date', 'zh-HK': '日期' };
    const body = {
      code: 'F1',
      name: 'x',
      fields: [
        { key: 'day', type: 'date', label },
        { key: 'day', type: 'text', label },
      ],
    };
    const issues = endpoints.formTemplates.create.body?.safeParse(body).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(['validation.formFieldKeyDuplicate']);
  });
});

describe('plan stages', () => {
  it('keeps stages in time order with unique names; stages without tasks do not count', () => {
    const ok: PlanStage[] = [
      { name: '启动会', tasks: [task('召开启动会', 0)] },
      { name: '试剂盒准备', tasks: [] },
      { name: '首例入组', tasks: [task('首例入组', 30), task('入组确认', 31)] },
      { name: '样本接收', tasks: [task('首批样本接收', 30)] },
    ];
    expect(refusal(() => assertStageOrder(ok))).toBeNull();
    const early: PlanStage[] = [
      ok[0] as PlanStage,
      ok[2] as PlanStage,
      { name: '结题', tasks: [task('结题报告', 10)] },
    ];
    expect(refusal(() => assertStageOrder(early))).toEqual({
      key: 'planStageOrder',
      params: { stage: '结题', start: 10, previous: '首例入组', previousStart: 30 },
    });
    const twice: PlanStage[] = [ok[0] as PlanStage, { name: '启动会', tasks: [] }];
    expect(refusal(() => assertStageOrder(twice))).toEqual({
      key: 'planStageNameTaken',
      params: { stage: '启动会' },
    });
  });

  it('publishes a plan with stages that each have a task', () => {
    expect(refusal(() => assertPlanPublishable([]))?.key).toBe('planTemplateEmpty');
    expect(refusal(() => assertPlanPublishable([{ name: '结题', tasks: [] }]))).toEqual({
      key: 'planStageEmpty',
      params: { stage: '结题' },
    });
    expect(
      refusal(() => assertPlanPublishable([{ name: '结题', tasks: [task('结题报告', 300)] }])),
    ).toBeNull();
  });

  it('names existing roles and published forms; a form the draft already had may stay', () => {
    const stages: PlanStage[] = [
      { name: '启动会', tasks: [task('纪要', 0, { formTemplateId: 7, ownerRoleId: 2 })] },
      { name: '样本接收', tasks: [task('偏差说明', 40, { formTemplateId: 8 })] },
    ];
    expect(formIdsOf(stages)).toEqual([7, 8]);
    expect(roleIdsOf(stages)).toEqual([2]);
    const published = new Map<number, { status: TemplateStatus }>([
      [7, { status: 'published' }],
      [8, { status: 'published' }],
    ]);
    expect(refusal(() => assertReferences(stages, published, new Set([2])))).toBeNull();
    expect(refusal(() => assertReferences(stages, published, new Set()))).toEqual({
      key: 'planRoleUnknown',
      params: { task: '纪要' },
    });
    const retired = new Map(published).set(8, { status: 'retired' });
    expect(refusal(() => assertReferences(stages, retired, new Set([2])))).toEqual({
      key: 'planFormNotPublished',
      params: { task: '偏差说明' },
    });
    expect(refusal(() => assertReferences(stages, retired, new Set([2]), new Set([8])))).toBeNull();
    expect(
      refusal(() => assertReferences(stages, new Map([[7, { status: 'published' as const }]]), new Set([2])))
        ?.key,
    ).toBe('planFormNotPublished');
  });
});
