import { endpoints, OPEN_FEEDBACK_STATES, OPEN_QUERY_STATES, ResultCode } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const { project, labQuery, labFeedback, projectReports } = endpoints;

interface Overview {
  project: { id: number; projectNo: string; status: string };
  sites: Array<{ siteId: number; centerNo: string; subjects: number; samples: number; inTransit: number }>;
  plans: Array<{ planNo: string; revision: number; status: string }>;
  progress: {
    stages: Array<{ stage: string; total: number; done: number; overdue: number }>;
    overdue: Array<{ name: string; plannedDue: string }>;
  } | null;
  openQueries: number;
  openFeedback: number;
  pendingReports: number;
}

describe.each(FEATURE_ENGINES)('the project overview on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let pm: Session;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const projectId = async (session: Session, projectNo: string) => {
    const page = await as(session, project.page, { body: { page: 1, size: 10, projectNo } });
    const row = (page.data as Array<{ id: number; projectNo: string }>).find(
      (p) => p.projectNo === projectNo,
    );
    if (!row) throw new Error(`no project ${projectNo}`);
    return row.id;
  };
  const overviewOf = async (session: Session, id: number) =>
    (await as(session, project.overview, { params: { id } })).data as Overview;

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    pm = await login(env, '13800000003');
  });
  afterAll(() => env.close());

  it('tells the demo project’s story: sites with subjects and samples, plans, overdue tasks, work waiting', async () => {
    const id = await projectId(admin, 'KM-2026-001');
    const view = await overviewOf(admin, id);
    expect(view.project).toMatchObject({ id, projectNo: 'KM-2026-001', status: 'ongoing' });
    expect(view.sites.length).toBeGreaterThan(1);
    expect(view.sites.reduce((n, s) => n + s.subjects, 0)).toBeGreaterThan(0);
    expect(view.sites.reduce((n, s) => n + s.samples, 0)).toBeGreaterThan(0);
    expect(view.plans.some((p) => p.status === 'online')).toBe(true);
    expect(view.progress?.stages.length).toBeGreaterThan(0);
    expect(view.progress?.overdue.length).toBeGreaterThan(0);
    const stagesOverdue = view.progress?.stages.reduce((n, s) => n + s.overdue, 0);
    expect(stagesOverdue).toBe(view.progress?.overdue.length);
    expect(view.openQueries + view.openFeedback + view.pendingReports).toBeGreaterThan(0);
  });

  it('counts what each linked page shows, for every demo project and user', async () => {
    for (const session of [admin, pm])
      for (const projectNo of ['KM-2026-001', 'KM-2026-002']) {
        const id = await projectId(session, projectNo);
        const view = await overviewOf(session, id);
        const page = { page: 1, size: 10, projectId: id };
        const queries = await as(session, labQuery.paging, {
          body: { ...page, status: [...OPEN_QUERY_STATES] },
        });
        expect(view.openQueries, `${projectNo} queries`).toBe(queries.total);
        const feedback = await as(session, labFeedback.projectPaging, {
          body: { ...page, status: [...OPEN_FEEDBACK_STATES] },
        });
        expect(view.openFeedback, `${projectNo} feedback`).toBe(feedback.total);
        const reports = await as(session, projectReports.paging, { body: { ...page, status: 'pending' } });
        expect(view.pendingReports, `${projectNo} reports`).toBe(reports.total);
        // The feedback filter keeps to the project: another project's rows do not count.
        const all = await as(session, labFeedback.projectPaging, {
          body: { page: 1, size: 10, status: [...OPEN_FEEDBACK_STATES] },
        });
        expect(feedback.total).toBeLessThanOrEqual(all.total ?? 0);
      }
  });

  it('refuses a project outside the caller’s scope, one that does not exist and a malformed id', async () => {
    const other = await projectOutsideScope(env, 'OV-SCOPE-1');
    expect((await as(admin, project.overview, { params: { id: other } })).code).toBe(200);
    // Another project answers as the scope check does everywhere (403, as the record export).
    expect((await as(pm, project.overview, { params: { id: other } })).code).toBe(ResultCode.FORBIDDEN);
    expect((await as(admin, project.overview, { params: { id: 999_999 } })).code).toBe(ResultCode.NOT_FOUND);
    const malformed = await call(
      env.app,
      project.overview,
      { params: { id: 'abc' }, session: admin },
      env.clock.now,
    );
    expect(malformed.statusCode).toBe(400);
    // A site user holds no project-record permission.
    const site = await login(env, '13900000001');
    expect((await as(site, project.overview, { params: { id: other } })).code).toBe(ResultCode.FORBIDDEN);
  });
});
