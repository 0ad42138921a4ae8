import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects } from '../src/db/schema.js';
import { planTemplates } from '../src/db/schema-plan-templates.js';
import { progressPlans } from '../src/db/schema-progress.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  envelope,
  login,
  projectOutsideScope,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { progress, todo } = endpoints;

interface Plan {
  id: number;
  projectNo: string;
  status: string;
  startDate: string;
  taskCount: number;
  doneCount: number;
  reason: string | null;
  version: number;
  authorIds: number[];
}
interface Task {
  id: number;
  name: string;
  stage: string;
  ownerId: number | null;
  ownerName: string | null;
  plannedStart: string;
  plannedDue: string;
  status: string;
  overdue: boolean;
  needsApproval: boolean;
  version: number;
}
type Detail = Plan & { tasks: Task[]; staff: Array<{ id: number; name: string }> };

describe.each(FEATURE_ENGINES)('project progress plans on %s', (engine) => {
  let env: TestEnv;
  let superUser: Session;
  let pm: Session;
  let lab: Session;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const detail = async (session: Session, id: number) =>
    (await as(session, progress.get, { params: { id } })).data as Detail;
  const projectId = async (no: string) => {
    const [row] = await env.handle.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.projectNo, no));
    return row?.id ?? 0;
  };
  let templateId = 0;

  beforeAll(async () => {
    env = await startEnv(engine);
    superUser = await login(env, '13800000000');
    pm = await login(env, '13800000003');
    lab = await login(env, '13800000001');
    const templates = (await as(pm, progress.templates)).data as Array<{ id: number; code: string }>;
    templateId = templates.find((t) => t.code === 'STD-TRIAL')?.id ?? 0;
  });
  afterAll(() => env.close());

  it('shows the demo plans: an approved one under way with overdue tasks, one awaiting approval', async () => {
    const plans = (await as(pm, progress.paging, { body: {} })).data as Plan[];
    // The manager also manages KM-2026-003 (project record seed), with its returned plan and new draft.
    expect(plans.map((p) => [p.projectNo, p.status]).sort()).toEqual([
      ['KM-2026-001', 'approved'],
      ['KM-2026-002', 'submitted'],
      ['KM-2026-003', 'draft'],
      ['KM-2026-003', 'returned'],
    ]);
    const running = await detail(pm, plans.find((p) => p.status === 'approved')?.id ?? 0);
    expect(running.tasks.map((t) => t.status).slice(0, 6)).toEqual([
      'done',
      'done',
      'done',
      'approval',
      'doing',
      'todo',
    ]);
    expect(running.tasks.filter((t) => t.overdue).map((t) => t.name)).toEqual([
      '试剂盒发放到中心',
      '首例受试者入组确认',
    ]);
    expect(running.doneCount).toBe(3);
    // The first enrolment is the manager's: it waits in their task list and on their to-do list.
    const mine = (await as(pm, progress.myTasks, { body: {} })).data as Task[];
    expect(mine.map((t) => [t.name, t.status, t.overdue])).toContainEqual([
      '首例受试者入组确认',
      'doing',
      true,
    ]);
    const counts = (await as(pm, todo.counts)).data as Array<{
      workflow: string;
      state: string;
      count: number;
    }>;
    expect(counts.find((k) => k.workflow === 'progressTask' && k.state === 'doing')?.count).toBe(1);
  });

  it('copies a published template with default owners and dates, adjusts, submits, returns and approves', async () => {
    const created = await as(pm, progress.create, {
      body: { projectId: await projectId('KM-2026-001'), templateId, startDate: '2027-03-01' },
    });
    expect(created.code).toBe(200);
    const { id } = created.data as { id: number };
    const plan = await detail(pm, id);
    expect(plan.status).toBe('draft');
    expect(plan.tasks).toHaveLength(9);
    const [first, second] = plan.tasks;
    expect(first).toMatchObject({
      stage: '启动会',
      ownerName: '张项目',
      plannedStart: '2027-03-01',
      plannedDue: '2027-03-07',
    });
    expect(second).toMatchObject({
      plannedStart: '2027-03-08',
      plannedDue: '2027-03-08',
      needsApproval: true,
    });

    const edit = (task: Task, more: Partial<Task>) => ({
      id: task.id,
      ownerId: task.ownerId,
      plannedStart: task.plannedStart,
      plannedDue: task.plannedDue,
      ...more,
    });
    const backwards = await as(pm, progress.update, {
      params: { id },
      lang: 'en_US',
      body: { version: plan.version, tasks: [edit(first as Task, { plannedDue: '2027-02-01' })] },
    });
    expect(backwards.code).toBe(ResultCode.BAD_REQUEST);
    expect(backwards.msg).toBe('Task "启动会筹备" is due before it starts');
    const stranger = await as(pm, progress.update, {
      params: { id },
      lang: 'zh_CN',
      body: { version: plan.version, tasks: [edit(first as Task, { ownerId: 999_999 })] },
    });
    expect(stranger.msg).toContain('不是该项目的内部人员');
    const moved = await as(pm, progress.update, {
      params: { id },
      body: { version: plan.version, tasks: [edit(first as Task, { plannedDue: '2027-03-10' })] },
    });
    expect(moved.code).toBe(200);
    expect((await detail(pm, id)).tasks[0]?.plannedDue).toBe('2027-03-10');

    let version = (moved.data as { version: number }).version;
    expect((await as(pm, progress.submit, { params: { id }, body: { version } })).code).toBe(200);
    version += 1;
    // Nobody approves their own plan; a return needs a reason.
    const own = await as(pm, progress.approve, { params: { id }, body: { version } });
    expect(own.code).toBe(ResultCode.FORBIDDEN);
    const silent = await as(superUser, progress.return, { params: { id }, body: { version, reason: ' ' } });
    expect(silent.code).toBe(ResultCode.BAD_REQUEST);
    const returned = await as(superUser, progress.return, {
      params: { id },
      body: { version, reason: '启动会日期需与中心确认' },
    });
    expect(returned.code).toBe(200);
    expect(await detail(pm, id)).toMatchObject({ status: 'returned', reason: '启动会日期需与中心确认' });
    version += 1;
    expect((await as(pm, progress.submit, { params: { id }, body: { version } })).code).toBe(200);
    version += 1;
    expect((await as(superUser, progress.approve, { params: { id }, body: { version } })).code).toBe(200);
    version += 1;
    const late = await as(pm, progress.update, {
      params: { id },
      body: { version, tasks: [] },
      lang: 'en_US',
    });
    expect(late.code).toBe(ResultCode.INVALID_STATE);
    expect(late.msg).toBe('Only a draft or returned plan can be adjusted');

    const [audit] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'progressPlan.return'), eq(auditLog.entityId, String(id))));
    expect(audit?.reason).toBe('启动会日期需与中心确认');
  });

  it('refuses approval to whoever adjusted or submitted the plan, not only to its creator', async () => {
    const body = { projectId: await projectId('KM-2026-001'), templateId, startDate: '2027-05-01' };
    // The super account creates it; the project manager adjusts a date and submits it.
    const { id } = (await as(superUser, progress.create, { body })).data as { id: number };
    const plan = await detail(pm, id);
    const [first] = plan.tasks as [Task];
    const task = {
      id: first.id,
      ownerId: first.ownerId,
      plannedStart: first.plannedStart,
      plannedDue: '2027-05-20',
    };
    expect(
      (await as(pm, progress.update, { params: { id }, body: { version: plan.version, tasks: [task] } }))
        .code,
    ).toBe(200);
    expect(
      (await as(pm, progress.submit, { params: { id }, body: { version: plan.version + 1 } })).code,
    ).toBe(200);
    const version = plan.version + 2;
    expect((await detail(pm, id)).authorIds).toHaveLength(2);
    const byManager = await as(pm, progress.approve, { params: { id }, body: { version }, lang: 'en_US' });
    expect(byManager.code).toBe(ResultCode.FORBIDDEN);
    expect(byManager.msg).toContain('separation of duties');
    const returned = await as(pm, progress.return, {
      params: { id },
      body: { version, reason: '日期' },
      lang: 'zh_CN',
    });
    expect(returned.code).toBe(ResultCode.FORBIDDEN);
    expect(returned.msg).toContain('职责分离');
    // The creator is an author too; nothing changed.
    expect((await as(superUser, progress.approve, { params: { id }, body: { version } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await detail(pm, id)).status).toBe('submitted');
  });

  it('previews a template for a project and saves the owners and dates chosen on the form as a draft', async () => {
    const km1 = await projectId('KM-2026-001');
    const input = { projectId: km1, templateId, startDate: '2027-04-01' };
    const preview = (await as(pm, progress.preview, { body: input })).data as {
      templateCode: string;
      tasks: Array<Task & { sort: number; formTemplateId: number | null; fields: unknown[] | null }>;
      staff: Array<{ id: number; name: string }>;
    };
    expect(preview.templateCode).toBe('STD-TRIAL');
    expect(preview.tasks).toHaveLength(9);
    expect(preview.tasks[0]).toMatchObject({ sort: 0, stage: '启动会', plannedStart: '2027-04-01' });
    const withForm = preview.tasks.find((t) => t.formTemplateId !== null);
    expect(withForm?.fields?.length).toBeGreaterThan(0);
    const other = preview.staff.find((s) => s.id !== preview.tasks[0]?.ownerId);
    expect(other).toBeDefined();

    const countPlans = async () => (await env.handle.db.select().from(progressPlans)).length;
    const before = await countPlans();
    const chosen = { sort: 0, ownerId: other?.id ?? 0, plannedStart: '2027-04-02', plannedDue: '2027-04-09' };
    const stranger = await as(pm, progress.create, {
      lang: 'en_US',
      body: { ...input, tasks: [{ ...chosen, ownerId: 999_999 }] },
    });
    expect(stranger.code).toBe(ResultCode.BAD_REQUEST);
    expect(stranger.msg).toBe('The owner of task "启动会筹备" is not staff of this project');
    const nowhere = await as(pm, progress.create, { body: { ...input, tasks: [{ ...chosen, sort: 99 }] } });
    expect(nowhere.code).toBe(ResultCode.BAD_REQUEST);
    expect(await countPlans()).toBe(before);

    const created = await as(pm, progress.create, { body: { ...input, tasks: [chosen] } });
    expect(created.code).toBe(200);
    const plan = await detail(pm, (created.data as { id: number }).id);
    expect(plan.status).toBe('draft');
    expect(plan.tasks[0]).toMatchObject({
      ownerId: other?.id,
      plannedStart: '2027-04-02',
      plannedDue: '2027-04-09',
    });
    expect(plan.tasks[1]).toMatchObject({ plannedStart: preview.tasks[1]?.plannedStart });
    // The plan's tasks carry their forms' fields for the approver's view.
    expect(plan.tasks.find((t) => t.name === withForm?.name)).toMatchObject({ fields: withForm?.fields });

    const [draft] = await env.handle.db
      .select({ id: planTemplates.id })
      .from(planTemplates)
      .where(eq(planTemplates.status, 'draft'));
    const unpublished = await as(pm, progress.preview, {
      lang: 'en_US',
      body: { ...input, templateId: draft?.id ?? 0 },
    });
    expect(unpublished.code).toBe(ResultCode.BAD_REQUEST);
    expect(unpublished.msg).toBe('A project plan can only be made from a published plan template');
    expect((await as(lab, progress.preview, { body: input })).code).toBe(ResultCode.FORBIDDEN);
  });

  it('lets only the owner start and complete a task, checks its form, and approves it when asked', async () => {
    const created = await as(pm, progress.create, {
      body: { projectId: await projectId('KM-2026-001'), templateId, startDate: '2027-04-01' },
    });
    const { id } = created.data as { id: number };
    const [prepare] = (await detail(pm, id)).tasks;
    // A draft plan's tasks do not move yet.
    const early = await as(pm, progress.startTask, {
      params: { id: prepare?.id ?? 0 },
      body: { version: 1 },
      lang: 'en_US',
    });
    expect(early.code).toBe(ResultCode.INVALID_STATE);
    expect((await as(pm, progress.submit, { params: { id }, body: { version: 1 } })).code).toBe(200);
    expect((await as(superUser, progress.approve, { params: { id }, body: { version: 2 } })).code).toBe(200);

    const [first, kickoff] = (await detail(pm, id)).tasks as [Task, Task];
    const notMine = await as(lab, progress.startTask, { params: { id: first.id }, body: { version: 1 } });
    expect(notMine.code).toBe(ResultCode.FORBIDDEN);
    expect((await as(pm, progress.startTask, { params: { id: first.id }, body: { version: 1 } })).code).toBe(
      200,
    );
    expect(
      (await as(pm, progress.completeTask, { params: { id: first.id }, body: { version: 2 } })).code,
    ).toBe(200);

    expect(
      (await as(pm, progress.startTask, { params: { id: kickoff.id }, body: { version: 1 } })).code,
    ).toBe(200);
    const incomplete = await as(pm, progress.completeTask, {
      params: { id: kickoff.id },
      lang: 'en_US',
      body: { version: 2, values: { meetingDate: '2027-04-08' } },
    });
    expect(incomplete.code).toBe(ResultCode.BAD_REQUEST);
    expect(incomplete.msg).toBe('The form field "Chair" is not filled in correctly (required)');
    const values = {
      meetingDate: '2027-04-08',
      chair: kickoff.ownerId,
      attendees: '张项目',
      topics: ['protocol'],
      minutes: '已完成',
      confirmed: true,
    };
    const unknownFile = await as(pm, progress.completeTask, {
      params: { id: kickoff.id },
      body: { version: 2, values: { ...values, signIn: [999_999] } },
    });
    expect(unknownFile.code).not.toBe(200);
    const sent = await as(pm, progress.completeTask, {
      params: { id: kickoff.id },
      body: { version: 2, values },
    });
    expect(sent.code).toBe(200);
    const waiting = (await detail(pm, id)).tasks;
    expect(waiting.slice(0, 2).map((t) => t.status)).toEqual(['done', 'approval']);
    expect(
      (await as(pm, progress.approveTask, { params: { id: kickoff.id }, body: { version: 3 } })).code,
    ).toBe(ResultCode.FORBIDDEN);
    expect(
      (await as(superUser, progress.approveTask, { params: { id: kickoff.id }, body: { version: 3 } })).code,
    ).toBe(200);
    expect((await detail(pm, id)).doneCount).toBe(2);
    const again = await as(pm, progress.completeTask, {
      params: { id: kickoff.id },
      body: { version: 4, values },
    });
    expect(again.code).toBe(ResultCode.INVALID_STATE);
  });

  it("hides other projects' plans and refuses callers without the permission", async () => {
    const otherId = await projectOutsideScope(env, 'KM-TEST-PROGRESS');
    const created = await as(superUser, progress.create, {
      body: { projectId: otherId, templateId, startDate: '2027-05-01' },
    });
    const { id } = created.data as { id: number };
    expect((await as(pm, progress.get, { params: { id } })).code).toBe(ResultCode.NOT_FOUND);
    const outside = await as(pm, progress.create, {
      body: { projectId: otherId, templateId, startDate: '2027-05-01' },
    });
    expect(outside.code).toBe(ResultCode.NOT_FOUND);
    const unseen = await as(pm, progress.preview, {
      body: { projectId: otherId, templateId, startDate: '2027-05-01' },
    });
    expect(unseen.code).toBe(ResultCode.NOT_FOUND);
    expect((await as(lab, progress.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
  });
});
