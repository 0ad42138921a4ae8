// The project overview (/project/overview?id=): one call for a project's figures. Each count that
// a link opens is asked of the very list function that page calls, with the page's filter, so the
// figure and the page cannot disagree.
import {
  type DataOf,
  type endpoints,
  type Lang,
  localName,
  OPEN_FEEDBACK_STATES,
  OPEN_QUERY_STATES,
  type PlanState,
  projectStateOf,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projectPlans, sites } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { sampleTransports } from '../../db/schema-portal.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import type { SessionCtx } from '../../lib/route.js';
import { assertProjectInScope, type SiteScope } from '../../lib/scope.js';
import { pageStaffQueries } from '../clarification/repository.js';
import { pageFeedback } from '../lab/feedback/repository.js';
import { pagePlans, tasksOf } from '../progress/repository.js';
import { dayIn } from '../progress/service.js';
import { pageProjectReports } from '../project-reports/repository.js';
import { projectById } from './repository.js';

type Overview = DataOf<typeof endpoints.project.overview>;

/** Counts of one table per site of the project (rows without a site are left out). */
async function perSite(
  db: Executor,
  table: typeof labSubjects | typeof sampleTransports,
  where: ReturnType<typeof and>,
) {
  const rows = await db
    .select({ siteId: table.siteId, n: count() })
    .from(table)
    .where(where)
    .groupBy(table.siteId);
  return new Map(rows.map((r) => [r.siteId, Number(r.n)]));
}

/** Sites (the caller's only, for a site-limited scope) with enrolment, samples and shipments. */
async function siteFigures(db: Executor, projectId: number, allowed: ReadonlySet<number> | undefined) {
  const rows = await db
    .select({ siteId: sites.id, centerNo: sites.centerNo, name: sites.name })
    .from(sites)
    .where(eq(sites.projectId, projectId))
    .orderBy(asc(sites.centerNo));
  const ofProject = (table: typeof labSubjects | typeof sampleTransports) => eq(table.projectId, projectId);
  const approved = await perSite(
    db,
    labSubjects,
    and(ofProject(labSubjects), eq(labSubjects.status, 'approved')),
  );
  const pending = await perSite(
    db,
    labSubjects,
    and(ofProject(labSubjects), eq(labSubjects.status, 'submitted')),
  );
  const transit = await perSite(
    db,
    sampleTransports,
    and(ofProject(sampleTransports), eq(sampleTransports.status, 'picked_up')),
  );
  const samples = await db
    .select({ siteId: specimenBarcodes.siteId, n: count(), last: max(specimenBarcodes.signedAt) })
    .from(specimenBarcodes)
    .where(
      and(
        eq(specimenBarcodes.projectId, projectId),
        isNull(specimenBarcodes.parentId),
        sql`${specimenBarcodes.signedAt} IS NOT NULL`,
      ),
    )
    .groupBy(specimenBarcodes.siteId);
  const signed = new Map(samples.map((r) => [r.siteId, r]));
  return rows
    .filter((row) => allowed === undefined || allowed.has(row.siteId))
    .map((row) => {
      const last = signed.get(row.siteId)?.last ?? null;
      return {
        ...row,
        subjects: approved.get(row.siteId) ?? 0,
        subjectsPending: pending.get(row.siteId) ?? 0,
        samples: Number(signed.get(row.siteId)?.n ?? 0),
        inTransit: transit.get(row.siteId) ?? 0,
        lastReceivedAt: last === null ? null : new Date(last).toISOString(),
      };
    });
}

/** The latest approved progress plan (else the latest of any state) with its stages and overdue tasks. */
async function progressFigures(db: Executor, scope: SiteScope, projectId: number, today: string, lang: Lang) {
  const approved = await pagePlans(db, scope, { page: 1, size: 1, projectId, status: 'approved' }, lang);
  const plan =
    approved.rows[0] ?? (await pagePlans(db, scope, { page: 1, size: 1, projectId }, lang)).rows[0];
  if (!plan) return null;
  const tasks = await tasksOf(db, plan.id, today);
  const stages: Array<{ stage: string; total: number; done: number; overdue: number }> = [];
  for (const task of tasks) {
    let stage = stages.find((s) => s.stage === task.stage);
    if (!stage) {
      stage = { stage: task.stage, total: 0, done: 0, overdue: 0 };
      stages.push(stage);
    }
    stage.total += 1;
    if (task.status === 'done') stage.done += 1;
    if (task.overdue) stage.overdue += 1;
  }
  const overdue = tasks
    .filter((task) => task.overdue)
    .sort((a, b) => a.plannedDue.localeCompare(b.plannedDue) || a.sort - b.sort)
    .map(({ id, stage, name, ownerName, plannedDue }) => ({ id, stage, name, ownerName, plannedDue }));
  return { planId: plan.id, name: plan.name, status: plan.status, stages, overdue };
}

/** The overview of a project in the caller's scope (404 when it is not theirs). */
export async function projectOverview(ctx: SessionCtx, projectId: number): Promise<Overview> {
  const project = await projectById(ctx.db, projectId);
  const scope = await ctx.scope();
  assertProjectInScope(scope, projectId);
  const one = { page: 1, size: 1, projectId };
  const plans = await ctx.db
    .select({
      id: projectPlans.id,
      planNo: projectPlans.planNo,
      revision: projectPlans.revision,
      name: projectPlans.name,
      status: projectPlans.status,
    })
    .from(projectPlans)
    .where(eq(projectPlans.projectId, projectId))
    .orderBy(asc(projectPlans.planNo), desc(projectPlans.revision));
  return {
    project: {
      id: project.id,
      projectNo: project.projectNo,
      name: localName(project, ctx.lang),
      protocolNo: project.protocolNo,
      sponsor: project.sponsor,
      status: projectStateOf(project.status),
      managerName: project.managerName,
      startDate: project.startDate,
      endDate: project.endDate,
    },
    sites: await siteFigures(ctx.db, projectId, scope.sitesByProject.get(projectId)),
    plans: plans.map((plan) => ({ ...plan, status: plan.status as PlanState })),
    progress: await progressFigures(ctx.db, scope, projectId, dayIn(ctx.now, ctx.timeZone), ctx.lang),
    openQueries: (
      await pageStaffQueries(ctx.db, scope, ctx.principal.userId, { ...one, status: [...OPEN_QUERY_STATES] })
    ).total,
    openFeedback: (await pageFeedback(ctx.db, scope, { projectId, status: [...OPEN_FEEDBACK_STATES] }, one))
      .total,
    pendingReports: (await pageProjectReports(ctx.db, scope, { ...one, status: 'pending' })).total,
  };
}
