import { endpoints, ResultCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { REPORTS } from '../src/modules/report-manage/catalogue.js';
import { reportPage } from '../src/modules/report-manage/engine.js';
import { scopeOf } from '../src/services/scope.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { reportManage: api } = endpoints;
type Row = Record<string, unknown>;

/** project/project-overview and project/testitem-overview (docs/reports.md "Overviews"). */
describe.each(FEATURE_ENGINES)('report overviews on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let finance: Session;

  const answer = async (session: Session, body: unknown, lang: 'en_US' | 'zh_HK' = 'en_US') =>
    envelope(await call(env.app, api.tableData, { lang, body, session }, env.clock.now));
  const data = async (session: Session, code: string, filters: Record<string, unknown> = {}) => {
    const got = await answer(session, { code, page: 1, size: 100, filters });
    if (got.code !== 200) throw new Error(`${got.code} ${got.msg}`);
    return got.data as Row[];
  };

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    finance = await login(env, '13800000005');
  });
  afterAll(async () => {
    await env.close();
  });

  it('counts per project expected, received, tested and reported, with the turnaround in working days', async () => {
    const rows = await data(admin, 'project-project-overview');
    const km1 = rows.find((r) => r.projectNo === 'KM-2026-001');
    // The demo's four OVW specimens (seed/report-overviews-demo.ts) are the project's only timed results:
    // released TATs 2, 1, 2 working days for CBC and for LFT, CBC's target 1 day and LFT's 2; one open.
    // Overdue: CBC's two late releases and both open results (signed for 2026-11-02, past any target).
    expect(km1).toMatchObject({ tatMedian: 2, withinTarget: '67%', overdue: 4 });
    for (const row of rows) {
      expect(Number(row.reported)).toBeLessThanOrEqual(Number(row.tested));
      for (const key of ['expected', 'received', 'tested', 'reported', 'rejected'])
        expect(Number.isInteger(row[key])).toBe(true);
    }
    expect(Number(km1?.expected)).toBeGreaterThan(0);
    expect(Number(km1?.rejected)).toBeGreaterThan(0);
    const hk = await answer(admin, { code: 'project-project-overview', page: 1, size: 10 }, 'zh_HK');
    expect(hk.code).toBe(200);
  });

  it('gives per test item the median and p90 against the target, and the share within it', async () => {
    const rows = await data(admin, 'project-testitem-overview', {});
    const km1 = rows.filter((r) => r.projectNo === 'KM-2026-001');
    const cbc = km1.find((r) => r.target === 1);
    const lft = km1.find((r) => r.target === 2);
    expect(cbc).toMatchObject({
      tested: 4,
      reported: 3,
      tatMedian: 2,
      tatP90: 2,
      withinTarget: '33%',
      overdue: 3,
    });
    // LFT was reported within its 2 days each time; only the open one is overdue.
    expect(lft).toMatchObject({
      tested: 4,
      reported: 3,
      tatMedian: 2,
      tatP90: 2,
      withinTarget: '100%',
      overdue: 1,
    });
  });

  it('keeps each caller to their scope and refuses whoever lacks the permission', async () => {
    const refused = await answer(finance, { code: 'project-project-overview', page: 1, size: 10 });
    expect(refused.code).toBe(ResultCode.FORBIDDEN);
    expect(refused.msg).toContain('report-manage:project-project-overview:view');
    const db = env.handle.db;
    const [siteUser] = await db.select().from(users).where(eq(users.mobile, '13900000001'));
    if (!siteUser) throw new Error('no demo site user');
    const scope = await scopeOf(db, siteUser, []);
    const asSiteUser = async (code: 'project-project-overview' | 'project-testitem-overview') => {
      const report = REPORTS.get(code);
      if (!report) throw new Error(`no ${code}`);
      // Naming every project cannot widen the scope.
      const page = await reportPage(db, report, scope, {
        values: { projectId: [1, 2, 3, 4, 5] },
        page: 1,
        size: 100,
        lang: 'en_US',
        zone: 'Asia/Shanghai',
      });
      return page.rows;
    };
    // The site user (KM-2026-001 site 01) counts their site only: the timed OVW results are site 02's.
    const mine = await asSiteUser('project-project-overview');
    expect(mine.map((r) => r.projectNo)).toEqual(['KM-2026-001']);
    expect(mine[0]).toMatchObject({ tatMedian: null, withinTarget: null, overdue: 0 });
    const whole = (await data(admin, 'project-project-overview')).find((r) => r.projectNo === 'KM-2026-001');
    expect(Number(mine[0]?.received)).toBeLessThan(Number(whole?.received));
    expect(Number(mine[0]?.expected)).toBeLessThan(Number(whole?.expected));
    expect(await asSiteUser('project-testitem-overview')).toEqual([]);
  });
});
