import { endpoints, REPORT_CODES, ResultCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { reportExports } from '../src/db/schema-report-manage.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { REPORTS } from '../src/modules/report-manage/catalogue.js';
import { reportPage } from '../src/modules/report-manage/engine.js';
import { settledExports } from '../src/modules/report-manage/exports.js';
import { scopeOf } from '../src/services/scope.js';
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

const { reportManage: api } = endpoints;
type Row = Record<string, unknown>;
type Lang = 'en_US' | 'zh_CN' | 'zh_HK';

/** The report engine and its exports (docs/reports.md). */
describe.each(FEATURE_ENGINES)('reports (/bi/manage) on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let pm: Session;
  let finance: Session;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { lang: 'en_US', ...options, session }, env.clock.now);
  const answer = async (session: Session, endpoint: Parameters<typeof call>[1], body: unknown, lang?: Lang) =>
    envelope(await as(session, endpoint, { body, ...(lang ? { lang } : {}) }));
  const ok = async <T>(
    session: Session,
    endpoint: Parameters<typeof call>[1],
    body: unknown,
    lang?: Lang,
  ) => {
    const got = await answer(session, endpoint, body, lang);
    if (got.code !== 200) throw new Error(`${endpoint.id}: ${got.code} ${got.msg}`);
    return got as { data: T; total?: number };
  };
  /** The export once it has ended (the job runs after the request answered). */
  const ended = async (session: Session, id: number) => {
    for (;;) {
      await settledExports();
      const jobs = await ok<Array<{ id: number; state: string }>>(session, api.resultReport, {});
      const job = jobs.data.find((j) => j.id === id);
      if (job && job.state !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const data = (session: Session, code: string, filters: Record<string, unknown> = {}, size = 50) =>
    ok<Row[]>(session, api.tableData, { code, page: 1, size, filters });

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    pm = await login(env, '13800000003');
    finance = await login(env, '13800000005');
  });
  afterAll(async () => {
    await settledExports();
    await env.close();
  });

  it('declares every report of the contract, and tells its head in the reader’s language', async () => {
    expect([...REPORTS.keys()].sort()).toEqual([...REPORT_CODES].sort());
    const en = await ok<{ title: string; columns: Array<{ key: string; title: string }> }>(
      pm,
      api.tableHead,
      { code: 'lab-query-barcode' },
    );
    expect(en.data.title).toBe('Barcode search');
    expect(en.data.columns.find((c) => c.key === 'barcode')?.title).toBe('Barcode');
    const hk = await ok<{ title: string }>(pm, api.tableHead, { code: 'lab-query-barcode' }, 'zh_HK');
    expect(hk.data.title).toBe('條碼查詢');
    const cn = await ok<{ title: string }>(pm, api.tableHead, { code: 'lab-query-barcode' }, 'zh_CN');
    expect(cn.data.title).toBe('条码查询');
  });

  it('refuses a report to whoever lacks its permission, and an unknown filter or a bad date', async () => {
    const refused = await answer(finance, api.tableData, { code: 'lab-query-barcode', page: 1, size: 10 });
    expect(refused.code).toBe(ResultCode.FORBIDDEN);
    expect(refused.msg).toContain('report-manage:lab-query-barcode:view');
    const unknown = await answer(pm, api.tableData, {
      code: 'lab-query-barcode',
      page: 1,
      size: 10,
      filters: { everything: 'yes' },
    });
    expect(unknown).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: 'The report has no filter everything',
    });
    const date = await answer(pm, api.tableData, {
      code: 'lab-query-barcode',
      page: 1,
      size: 10,
      filters: { createdAt: ['yesterday', ''] },
    });
    expect(date).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: 'Dates are written YYYY-MM-DD' });
  });

  it('applies the row scope in SQL: a project manager sees their projects only, whatever the filter', async () => {
    const db = env.handle.db;
    const other = await projectOutsideScope(env, 'RM-OUT-001');
    const [creator] = await db.select().from(users).where(eq(users.mobile, '13800000000'));
    await db.insert(specimenBarcodes).values({
      code: 'RMOUT0001',
      projectId: other,
      status: 'registered',
      createdBy: creator?.id ?? 0,
      createdAt: new Date(env.clock.now),
    });
    const all = await data(admin, 'lab-query-barcode', {}, 500);
    const mine = await data(pm, 'lab-query-barcode', {}, 500);
    expect(mine.total).toBeGreaterThan(0);
    expect(all.total).toBe((mine.total ?? 0) + 1);
    expect(mine.data.map((r) => r.projectNo)).not.toContain('RM-OUT-001');
    // Asking for a project outside the scope by its id answers nothing, never that project's rows.
    expect((await data(pm, 'lab-query-barcode', { projectId: other })).total).toBe(0);
    expect((await data(pm, 'lab-query-barcode', { barcode: 'RMOUT0001' })).total).toBe(0);
    expect((await data(admin, 'lab-query-barcode', { projectId: other })).total).toBe(1);
    expect((await data(pm, 'lab-barcode-stat', { projectId: other })).total).toBe(0);
  });

  it("keeps a site user to their own sites (the engine's scope for an external user)", async () => {
    const db = env.handle.db;
    const [site] = await db.select().from(users).where(eq(users.mobile, '13900000001'));
    if (!site) throw new Error('no demo site user');
    const scope = await scopeOf(db, site, []);
    expect(scope.siteIds?.size).toBeGreaterThan(0);
    const report = REPORTS.get('lab-query-barcode');
    if (!report) throw new Error('no report');
    const page = await reportPage(db, report, scope, {
      values: {},
      page: 1,
      size: 500,
      lang: 'en_US',
      zone: 'Asia/Shanghai',
    });
    const all = await data(admin, 'lab-query-barcode', {}, 500);
    expect(page.total).toBeLessThan(all.total ?? 0);
    expect(page.rows.every((r) => r.projectNo === 'KM-2026-001' && r.centerNo === '01')).toBe(true);
    // A filter naming another site cannot widen it.
    const widened = await reportPage(db, report, scope, {
      values: { siteId: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      page: 1,
      size: 500,
      lang: 'en_US',
      zone: 'Asia/Shanghai',
    });
    expect(widened.rows.every((r) => r.centerNo === '01' && r.projectNo === 'KM-2026-001')).toBe(true);
  });

  it('counts barcodes by state, project, site and period, agreeing with the list', async () => {
    const list = await data(admin, 'lab-query-barcode', {}, 1);
    const stat = await data(admin, 'lab-barcode-stat', { period: 'year' }, 500);
    const sum = (key: string) => stat.data.reduce((n, r) => n + Number(r[key]), 0);
    expect(sum('total')).toBe(list.total);
    expect(sum('registered') + sum('signed') + sum('disabled')).toBe(list.total);
    const signed = await data(admin, 'lab-query-barcode', { status: 'signed' }, 1);
    expect(sum('signed')).toBe(signed.total);
    for (const r of stat.data) expect(r.period).toMatch(/^\d{4}$/);
  });

  it('lists results across projects, and library movements in and out from the custody events', async () => {
    const results = await data(admin, 'lab-result-report', {}, 20);
    expect(results.total).toBeGreaterThan(0);
    expect(results.data[0]).toHaveProperty('testItem');
    const moved = await data(admin, 'sample-sample-in-detail', {}, 20);
    expect(moved.total).toBeGreaterThan(0);
    expect(moved.data.every((r) => ['placed', 'returned', 'imported'].includes(String(r.action)))).toBe(true);
    const out = await data(admin, 'sample-sample-out-detail', {}, 20);
    expect(out.data.every((r) => ['sent out', 'destroyed'].includes(String(r.action)))).toBe(true);
  });

  it("keeps each user's chosen columns, and refuses a column the report lacks", async () => {
    await ok(pm, api.userHead, { code: 'lab-query-barcode', columns: ['barcode', 'status'] });
    const head = await ok<{ chosen: string[] }>(pm, api.tableHead, { code: 'lab-query-barcode' });
    expect(head.data.chosen).toEqual(['barcode', 'status']);
    const other = await ok<{ chosen: string[] }>(admin, api.tableHead, { code: 'lab-query-barcode' });
    expect(other.data.chosen).toEqual([]);
    const refused = await answer(pm, api.userHead, { code: 'lab-query-barcode', columns: ['secret'] });
    expect(refused).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: 'The report has no column secret' });
  });

  it('exports as a job: a snapshot streamed to xlsx, formulas written as text, audited, one at a time', async () => {
    const db = env.handle.db;
    const [specimen] = await db.select().from(specimenBarcodes).orderBy(specimenBarcodes.id).limit(1);
    if (!specimen) throw new Error('no specimen');
    await db
      .update(specimenBarcodes)
      .set({ visit: '=HYPERLINK("http://x","y")' })
      .where(eq(specimenBarcodes.id, specimen.id));
    const started = await ok<{ id: number; state: string }>(admin, api.excel, {
      code: 'lab-query-barcode',
      filters: { barcode: specimen.code },
      format: 'xlsx',
      columns: ['barcode', 'visit', 'createdAt'],
    });
    expect(started.data.state).toBe('running');
    expect(await ended(admin, started.data.id)).toMatchObject({ state: 'done', written: 1, total: 1 });
    const file = await as(admin, api.resultReportDownload, { body: { id: started.data.id } });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Barcode');
    expect(String(sheet?.getRow(1).getCell(3).value)).toMatch(/^Registered \(/);
    const codes: unknown[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) codes.push(row.getCell(1).value);
    });
    expect(codes).toContain(specimen.code);
    const mine = sheet?.getRow(codes.indexOf(specimen.code) + 2);
    expect(mine?.getCell(2).value).toBe('\'=HYPERLINK("http://x","y")');
    // Another user cannot download it.
    expect(envelope(await as(pm, api.resultReportDownload, { body: { id: started.data.id } })).code).toBe(
      ResultCode.NOT_FOUND,
    );

    // While one runs, a second is refused; the running one can be cancelled, and only once.
    const [user] = await db.select().from(users).where(eq(users.mobile, '13800000000'));
    const [running] = await db
      .insert(reportExports)
      .values({
        userId: user?.id ?? 0,
        code: 'lab-barcode-stat',
        format: 'csv',
        filters: {},
        columns: [],
        state: 'running',
        fileName: 'busy.csv',
        createdAt: new Date(env.clock.now),
      })
      .returning();
    const second = await answer(admin, api.excel, { code: 'lab-query-barcode', filters: {}, format: 'csv' });
    expect(second.code).toBe(ResultCode.BAD_REQUEST);
    expect(second.msg).toContain('busy.csv');
    const cancelled = await ok<{ state: string }>(admin, api.resultReportCancel, { id: running?.id });
    expect(cancelled.data.state).toBe('cancelled');
    const again = await answer(admin, api.resultReportCancel, { id: running?.id });
    expect(again.code).toBe(ResultCode.BAD_REQUEST);

    // A CSV export: the same rows, a BOM, text formulas.
    const csv = await ok<{ id: number }>(admin, api.excel, {
      code: 'lab-query-barcode',
      filters: { barcode: specimen.code },
      format: 'csv',
      columns: ['barcode', 'visit'],
    });
    expect(await ended(admin, csv.data.id)).toMatchObject({ state: 'done' });
    const text = (await as(admin, api.resultReportDownload, { body: { id: csv.data.id } })).body;
    expect(text.startsWith('\uFEFFBarcode,Visit\r\n')).toBe(true);
    expect(text).toContain(`${specimen.code},"'=HYPERLINK(""http://x"",""y"")"`);

    // Every step is in the audit trail: started, finished, downloaded, cancelled.
    const log = await ok<Array<{ action: string }>>(admin, endpoints.user.operateLogPaging, {
      page: 1,
      size: 50,
    });
    const actions = log.data.map((r) => r.action);
    for (const action of [
      'reportManage.excel',
      'reportExport.exportFinished',
      'reportManage.resultReportDownload',
      'reportManage.resultReportCancel',
    ])
      expect(actions, action).toContain(action);
  });
});
