// Demo progress plans (/project/progress/*): KM-2026-001 runs on an approved plan with tasks done,
// in progress (one overdue) and to do; KM-2026-002's plan waits for approval. Written through the
// module's repository and rules, dates relative to `now`.
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { planTemplates } from '../db/schema-plan-templates.js';
import { recordEvent } from '../lib/workflow.js';
import { planTemplateById } from '../modules/plan-templates/repository.js';
import { insertPlan, projectStaff, tasksOf, updatePlan, updateTask } from '../modules/progress/repository.js';
import { addDays, copyTasks } from '../modules/progress/service.js';
import { demoUser } from './lookups.js';

const DAY_MS = 86_400_000;

export async function seedProgressDemo(tx: Transaction, now: Date): Promise<void> {
  const [template] = await tx
    .select({ id: planTemplates.id })
    .from(planTemplates)
    .where(eq(planTemplates.code, 'STD-TRIAL'));
  const projectRows = await tx.select({ id: s.projects.id, no: s.projects.projectNo }).from(s.projects);
  const pm = await demoUser(tx, '13800000003');
  const [admin] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.isSuper, true));
  const project = (no: string) => projectRows.find((p) => p.no === no)?.id;
  const ongoing = project('KM-2026-001');
  const next = project('KM-2026-002');
  if (!template || !pm || !admin || !ongoing || !next) return;
  const stages = (await planTemplateById(tx, template.id)).stages;
  const today = now.toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);
  const event = (
    recordId: number,
    action: string,
    from: string | null,
    to: string,
    userId: number,
    at: Date,
  ) =>
    recordEvent(tx, { workflow: 'progressPlan', recordId, action, fromState: from, toState: to, userId, at });

  const plan = async (projectId: number, startDate: string, age: number) => {
    const tasks = copyTasks(stages, startDate, await projectStaff(tx, projectId));
    const row = await insertPlan(
      tx,
      {
        projectId,
        templateId: template.id,
        templateRevision: 1,
        name: '标准临床试验项目计划',
        startDate,
        createdBy: pm.id,
        createdAt: daysAgo(age),
        updatedAt: daysAgo(age),
      },
      tasks,
    );
    await event(row.id, 'create', null, 'draft', pm.id, daysAgo(age));
    await updatePlan(tx, row.id, 1, { status: 'submitted', updatedAt: daysAgo(age - 1) });
    await event(row.id, 'submit', 'draft', 'submitted', pm.id, daysAgo(age - 1));
    return row.id;
  };

  // Started 32 days ago: kick-off and kit assembly done, kit issue and the first enrolment in
  // progress past their due days, sample receipt next.
  const approved = await plan(ongoing, addDays(today, -32), 36);
  await updatePlan(tx, approved, 2, { status: 'approved', updatedAt: daysAgo(34) });
  await event(approved, 'approve', 'submitted', 'approved', admin.id, daysAgo(34));
  const [prepare, kickoff, assemble, issue, enrol] = await tasksOf(tx, approved, today);
  const done = (completedAt: Date) => ({ status: 'done', completedBy: pm.id, completedAt });
  if (prepare) await updateTask(tx, prepare.id, 1, done(daysAgo(26)));
  if (kickoff)
    await updateTask(tx, kickoff.id, 1, {
      ...done(daysAgo(24)),
      values: {
        meetingDate: addDays(today, -25),
        venue: '第一医院会议室',
        chair: pm.id,
        attendees: '张项目，中心实验室，项目经理\n陈中心，第一医院，研究护士',
        topics: ['protocol', 'sampling'],
        minutes: '完成方案培训与样本采集流程说明。',
        confirmed: true,
      },
    });
  if (assemble) await updateTask(tx, assemble.id, 1, { ...done(daysAgo(15)), completedBy: assemble.ownerId });
  // The kit issue was reported and waits for approval; the first enrolment runs late.
  if (issue)
    await updateTask(tx, issue.id, 1, {
      status: 'approval',
      completedAt: daysAgo(1),
      completedBy: issue.ownerId,
    });
  if (enrol) await updateTask(tx, enrol.id, 1, { status: 'doing' });
  // The super account (the demo's every-kind to-do list) owns the result review and the data lock.
  const [, , , , , , review, lock] = await tasksOf(tx, approved, today);
  if (review) await updateTask(tx, review.id, 1, { status: 'doing', ownerId: admin.id });
  if (lock) await updateTask(tx, lock.id, 1, { ownerId: admin.id });

  // Starts in two weeks; submitted, waiting for approval.
  await plan(next, addDays(today, 14), 2);
  // KM-2026-003: a first plan returned for other dates, and its reworked draft.
  const third = project('KM-2026-003');
  if (!third) return;
  const returned = await plan(third, addDays(today, 30), 5);
  const reason = '启动会日期需与中心确认';
  await updatePlan(tx, returned, 2, { status: 'returned', reason, updatedAt: daysAgo(3) });
  await recordEvent(tx, {
    workflow: 'progressPlan',
    recordId: returned,
    action: 'return',
    fromState: 'submitted',
    toState: 'returned',
    userId: admin.id,
    at: daysAgo(3),
    reason,
  });
  const tasks = copyTasks(stages, addDays(today, 37), await projectStaff(tx, third));
  const draft = await insertPlan(
    tx,
    {
      projectId: third,
      templateId: template.id,
      templateRevision: 1,
      name: '标准临床试验项目计划',
      startDate: addDays(today, 37),
      createdBy: pm.id,
      createdAt: daysAgo(1),
      updatedAt: daysAgo(1),
    },
    tasks,
  );
  await event(draft.id, 'create', null, 'draft', pm.id, daysAgo(1));
}
