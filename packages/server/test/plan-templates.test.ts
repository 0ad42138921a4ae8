import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { formTemplates, planTemplates } = endpoints;

interface Revision {
  id: number;
  code: string;
  name: string;
  revision: number;
  status: string;
  version: number;
}
type FormRow = Revision & { fieldCount: number };
type PlanRow = Revision & { stageCount: number; taskCount: number };
interface PlanDetail extends Revision {
  stages: Array<{
    name: string;
    tasks: Array<{
      name: string;
      ownerRoleName: string | null;
      formTemplateId: number | null;
      formTemplate: { code: string; revision: number; status: string } | null;
    }>;
  }>;
}

const label = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh, 'zh-HK': zh });
const fields = [
  { key: 'visitDate', type: 'date', label: label('访视日期'), required: true },
  { key: 'note', type: 'textarea', label: label('备注'), maxLength: 200 },
];
const task = (name: string, offsetDays: number, formTemplateId: number | null = null) => ({
  name,
  offsetDays,
  durationDays: 3,
  formTemplateId,
});

describe.each(FEATURE_ENGINES)('form and plan templates on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let lab: Session;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const formRows = async (keyword: string) =>
    (await as(admin, formTemplates.paging, { body: { keyword, size: 50 } })).data as FormRow[];

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000007');
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  it('lists the demo forms and plans, every revision, newest first within a code', async () => {
    const forms = (await as(admin, formTemplates.paging, { body: { size: 50 } })).data as FormRow[];
    expect(forms.map((f) => [f.code, f.revision, f.status])).toEqual([
      ['KICKOFF-MIN', 2, 'published'],
      ['KICKOFF-MIN', 1, 'retired'],
      ['KIT-ISSUE', 1, 'published'],
      ['SAMPLE-DEV', 1, 'draft'],
    ]);
    expect(forms[0]?.fieldCount).toBe(8);
    const plans = (await as(admin, planTemplates.paging, { body: { status: 'published' } }))
      .data as PlanRow[];
    expect(plans.map((p) => [p.code, p.stageCount, p.taskCount])).toEqual([['STD-TRIAL', 6, 9]]);
    const detail = (await as(admin, planTemplates.get, { params: { id: plans[0]?.id ?? 0 } }))
      .data as PlanDetail;
    const kickoff = detail.stages[0]?.tasks[1];
    expect(kickoff?.ownerRoleName).toBe('项目经理');
    expect(kickoff?.formTemplate).toMatchObject({ code: 'KICKOFF-MIN', revision: 2, status: 'published' });
  });

  it('edits a draft, publishes it, refuses to change it then, and versions it', async () => {
    const created = await as(admin, formTemplates.create, {
      body: { code: 'VISIT-NOTE', name: '访视记录', fields: [] },
    });
    expect(created.code).toBe(200);
    const { id, version } = created.data as { id: number; version: number };
    const empty = await as(admin, formTemplates.publish, {
      params: { id },
      body: { version },
      lang: 'en_US',
    });
    expect(empty.code).toBe(ResultCode.BAD_REQUEST);
    expect(empty.msg).toBe('A form needs at least one field to be published');

    const edited = await as(admin, formTemplates.update, {
      params: { id },
      body: { version, name: '访视记录', fields },
    });
    expect(edited.code).toBe(200);
    const v2 = (edited.data as { version: number }).version;
    expect((await as(admin, formTemplates.publish, { params: { id }, body: { version: v2 } })).code).toBe(
      200,
    );

    const frozen = await as(admin, formTemplates.update, {
      params: { id },
      body: { version: v2 + 1, name: '改名', fields },
      lang: 'zh_CN',
    });
    expect(frozen.code).toBe(ResultCode.INVALID_STATE);
    expect(frozen.msg).toContain('只能修改或发布草稿');

    const next = await as(admin, formTemplates.newVersion, { params: { id }, body: {} });
    expect(next.code).toBe(200);
    const draftId = (next.data as { id: number }).id;
    const again = await as(admin, formTemplates.newVersion, { params: { id }, body: {}, lang: 'en_US' });
    expect(again.code).toBe(ResultCode.INVALID_STATE);
    expect(again.msg).toContain('already has a draft (version 2)');

    // Publishing revision 2 retires revision 1; a project that used 1 still reads it as it was.
    const draft = (await as(admin, formTemplates.get, { params: { id: draftId } })).data as Revision & {
      fields: unknown[];
    };
    expect(draft).toMatchObject({ code: 'VISIT-NOTE', revision: 2, status: 'draft' });
    expect(draft.fields).toHaveLength(2);
    expect(
      (await as(admin, formTemplates.publish, { params: { id: draftId }, body: { version: draft.version } }))
        .code,
    ).toBe(200);
    expect((await formRows('VISIT-NOTE')).map((r) => [r.revision, r.status])).toEqual([
      [2, 'published'],
      [1, 'retired'],
    ]);
    const first = (await as(admin, formTemplates.get, { params: { id } })).data as {
      fields: Array<{ key: string }>;
    };
    expect(first.fields.map((f) => f.key)).toEqual(['visitDate', 'note']);

    const [audit] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'formTemplates.publish'), eq(auditLog.entityId, String(draftId))));
    expect(audit?.newValue).toMatchObject({ status: 'published', retired: id });
  });

  it('refuses bad fields in the user language and changes nothing', async () => {
    const dup = await as(admin, formTemplates.create, {
      lang: 'en_US',
      body: { code: 'BAD-1', name: 'x', fields: [fields[0], { ...fields[1], key: 'visitDate' }] },
    });
    expect(dup.code).toBe(ResultCode.BAD_REQUEST);
    expect(dup.msg).toContain('The field key is used twice in the form');
    const key = await as(admin, formTemplates.create, {
      lang: 'zh_CN',
      body: { code: 'BAD-2', name: 'x', fields: [{ ...fields[0], key: 'Visit_date' }] },
    });
    expect(key.msg).toContain('字段键须以小写字母开头');
    const taken = await as(admin, formTemplates.create, { body: { code: 'KIT-ISSUE', name: 'x', fields } });
    expect(taken.code).toBe(ResultCode.DUPLICATE);
    expect(await formRows('BAD-')).toEqual([]);
  });

  it('copies a template under a new code and retires a published one', async () => {
    const [kit] = await formRows('KIT-ISSUE');
    const copied = await as(admin, formTemplates.copy, {
      params: { id: kit?.id ?? 0 },
      body: { code: 'KIT-ISSUE-B', name: '试剂盒补发确认' },
    });
    expect(copied.code).toBe(200);
    const [copy] = await formRows('KIT-ISSUE-B');
    expect(copy).toMatchObject({ revision: 1, status: 'draft', fieldCount: kit?.fieldCount });
    const notPublished = await as(admin, formTemplates.retire, {
      params: { id: copy?.id ?? 0 },
      body: { version: copy?.version ?? 0 },
    });
    expect(notPublished.code).toBe(ResultCode.INVALID_STATE);
  });

  it('checks a plan: stage order, published forms only, and publishes it retiring the previous', async () => {
    const [kickoff] = (await formRows('KICKOFF-MIN')).filter((f) => f.status === 'published');
    const [retiredKickoff] = (await formRows('KICKOFF-MIN')).filter((f) => f.status === 'retired');
    const [draftForm] = await formRows('SAMPLE-DEV');
    const stages = [
      { name: '启动会', tasks: [task('启动会', 0, kickoff?.id)] },
      { name: '结题', tasks: [task('结题报告', 100)] },
    ];
    const backwards = await as(admin, planTemplates.create, {
      lang: 'en_US',
      body: { code: 'P-1', name: 'x', stages: [...stages].reverse() },
    });
    expect(backwards.code).toBe(ResultCode.BAD_REQUEST);
    expect(backwards.msg).toContain(
      'Stage "启动会" starts (day 0) before the stage above it, "结题" (day 100)',
    );
    for (const formId of [draftForm?.id, retiredKickoff?.id]) {
      const refused = await as(admin, planTemplates.create, {
        lang: 'zh_CN',
        body: { code: 'P-1', name: 'x', stages: [{ name: '启动会', tasks: [task('启动会', 0, formId)] }] },
      });
      expect(refused.msg).toBe('任务「启动会」的表单须为已发布的表单模板');
    }
    const unknownRole = await as(admin, planTemplates.create, {
      body: {
        code: 'P-1',
        name: 'x',
        stages: [{ name: 'a', tasks: [{ ...task('t', 0), ownerRoleId: 99999 }] }],
      },
    });
    expect(unknownRole.code).toBe(ResultCode.BAD_REQUEST);

    const created = await as(admin, planTemplates.create, {
      body: { code: 'P-1', name: '简化计划', stages: [...stages, { name: '归档', tasks: [] }] },
    });
    expect(created.code).toBe(200);
    const { id, version } = created.data as { id: number; version: number };
    const noTask = await as(admin, planTemplates.publish, {
      params: { id },
      body: { version },
      lang: 'en_US',
    });
    expect(noTask.msg).toBe('Stage "归档" has no task');
    const saved = await as(admin, planTemplates.update, {
      params: { id },
      body: { version, name: '简化计划', stages },
    });
    const published = await as(admin, planTemplates.publish, {
      params: { id },
      body: { version: (saved.data as { version: number }).version },
    });
    expect(published.code).toBe(200);
    const detail = (await as(admin, planTemplates.get, { params: { id } })).data as PlanDetail;
    expect(detail.status).toBe('published');
    expect(detail.stages[0]?.tasks[0]?.formTemplate?.code).toBe('KICKOFF-MIN');
  });

  it('is closed to users without the platform permissions', async () => {
    expect((await as(lab, formTemplates.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
    expect((await as(lab, planTemplates.create, { body: { code: 'X', name: 'x', stages: [] } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});
