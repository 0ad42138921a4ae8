import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { sampleTransports } from '../src/db/schema-portal.js';
import { rejectionReads, reportDownloads } from '../src/db/schema-portal-reports.js';
import { DEMO_CHARGEBACK_NO, DEMO_REJECTION_ORDER } from '../src/seed/portal-reports-demo.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  dayIn,
  envelope,
  FILTER_ZONES,
  login,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const api = endpoints.portalReport;
const staffApi = endpoints.chargebackStaff;

interface ReportRow {
  id: number;
  reportNo: string;
  revision: number;
  revisionReason: string | null;
  subjectNo: string;
  barcode: string;
  downloadedAt: string | null;
  releasedAt: string;
}
interface Chargeback {
  id: number;
  noticeNo: string;
  status: string;
  version: number;
  disputeReason: string | null;
  siteId: number;
  events?: Array<{ action: string; toState: string; reason: string | null }>;
}

describe.each(FEATURE_ENGINES)('portal reports on %s', (engine) => {
  let env: TestEnv;
  /** 陈中心: site 01 of KM-2026-001, ordinary site role. */
  let site: Session;
  /** 何研究: the same site, also granted the unblinding results. */
  let colleague: Session;
  /** 林中心: sites of KM-2026-002 only. */
  let other: Session;
  /** 李实验: lab technician (express area: raises chargebacks). */
  let lab: Session;
  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const data = async <T>(promise: ReturnType<typeof as>) => {
    const response = await promise;
    const body = envelope(response);
    if (body.code !== 200) throw new Error(`${response.statusCode} ${body.code} ${body.msg}`);
    return body as { data: T; total?: number };
  };
  const searchAll = (session: Session, body: Record<string, unknown> = {}) =>
    data<ReportRow[]>(as(session, api.paging, { body: { size: 50, ...body } }));

  beforeAll(async () => {
    env = await startEnv(engine);
    [site, colleague, other, lab] = await Promise.all([
      login(env, '13900000001'),
      login(env, '13900000003'),
      login(env, '13900000002'),
      login(env, '13800000001'),
    ]);
  });
  afterAll(() => env.close());

  it('lists only the released reports of my sites, with filters and revision marks', async () => {
    // The demo's own (seed/site-reports-demo.ts): what 陈中心 finds on /web/quick after `npm start`.
    const all = await searchAll(site);
    expect(all.data.map((r) => [r.reportNo, r.revision])).toEqual([
      ['RPT-DEMO-0002', 1],
      ['RPT-DEMO-0001', 0],
    ]);
    expect(all.total).toBe(2);
    expect(all.data[0]?.revisionReason).toContain('6.5');
    expect(all.data[0]).not.toHaveProperty('subjectName');
    const byBarcode = await searchAll(site, { barcode: 'demo-0001' });
    expect(byBarcode.data.map((r) => r.reportNo)).toEqual(['RPT-DEMO-0001']);
    expect((await searchAll(site, { reportNo: 'RPT-DEMO-0002', subjectNo: 'S-001-0103' })).total).toBe(1);
    expect((await searchAll(site, { releasedFrom: '2000-01-01', releasedTo: '2000-01-02' })).total).toBe(0);
    const today = dayIn(env.clock.now, env.app.deps.config.labTimeZone); // no tz header: the lab's day
    expect((await searchAll(site, { releasedTo: today })).total).toBe(2);
    expect((await searchAll(other)).total).toBe(0);
    // The dates are days in the user's zone (the tz header), not UTC days.
    const first = dayIn(all.data[0]?.releasedAt ?? '', FILTER_ZONES[0]);
    for (const tz of FILTER_ZONES) {
      const body = { size: 50, releasedFrom: first, releasedTo: first };
      const inZone = await data<ReportRow[]>(as(site, api.paging, { body, tz }));
      const expected = all.data.filter((r) => dayIn(r.releasedAt, tz) === first).map((r) => r.reportNo);
      expect([tz, inZone.data.map((r) => r.reportNo)]).toEqual([tz, expected]);
    }
    const bad = await as(site, api.paging, { body: { releasedFrom: '2026/01/01' } });
    expect(bad.statusCode).toBe(400);
  });

  it('opens a report with its released versions, and refuses another site by id', async () => {
    const [latest] = (await searchAll(site, { reportNo: 'RPT-DEMO-0002' })).data;
    if (!latest) throw new Error('no report');
    const detail = await data<{
      versions: Array<{ id: number; revision: number; status: string }>;
      results: Array<{ code: string; value: string; flag: string | null }>;
      signatures: Array<{ action: string }>;
    }>(as(site, api.get, { params: { id: latest.id } }));
    expect(detail.data.versions.map((v) => [v.revision, v.status])).toEqual([
      [0, 'superseded'],
      [1, 'released'],
    ]);
    expect(detail.data.results.find((r) => r.code === 'HBA1C')).toMatchObject({ value: '6.5', flag: 'H' });
    expect(detail.data.signatures.map((s) => s.action)).toEqual(['review', 'release']);
    const superseded = detail.data.versions[0]?.id ?? 0;
    expect((await as(site, api.get, { params: { id: superseded } })).statusCode).toBe(200);

    for (const id of [latest.id, superseded]) {
      expect((await as(other, api.get, { params: { id } })).statusCode).toBe(404);
      expect((await as(other, api.pdf, { params: { id } })).statusCode).toBe(404);
    }
    expect((await as(site, api.get, { params: { id: 999_999 } })).statusCode).toBe(404);
    expect((await as(site, api.get, { params: { id: 'abc' } })).statusCode).toBe(400);
  });

  it('downloads the PDF, records the download and lists it under my reports', async () => {
    const [report] = (await searchAll(site, { reportNo: 'RPT-DEMO-0001' })).data;
    if (!report) throw new Error('no report');
    expect(report.downloadedAt).toBeNull();
    expect((await searchAll(site, { downloaded: true })).total).toBe(0);
    const response = await as(site, api.pdf, { params: { id: report.id } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await as(site, api.pdf, { params: { id: report.id } });
    const [row] = await env.handle.db
      .select()
      .from(reportDownloads)
      .where(eq(reportDownloads.reportId, report.id));
    expect(row?.count).toBe(2);
    const mine = await searchAll(site, { downloaded: true });
    expect(mine.data.map((r) => r.reportNo)).toEqual(['RPT-DEMO-0001']);
    expect(mine.data[0]?.downloadedAt).not.toBeNull();
    expect((await searchAll(colleague, { downloaded: true })).total).toBe(0);
    expect((await searchAll(site, { downloaded: false })).data.map((r) => r.reportNo)).toEqual([
      'RPT-DEMO-0002',
    ]);
    const audited = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portalReport.pdf'), eq(auditLog.entityId, String(report.id))));
    expect(audited).toHaveLength(2);
  });

  it('lists the results of released reports, filters them and exports the same rows as xlsx', async () => {
    const all = await data<
      Array<{ testItemCode: string; value: string; flag: string | null; reportNo: string }>
    >(as(site, api.results, { body: { size: 50 } }));
    // Superseded versions are left out: 2 results of the revision + 3 of the first report.
    expect(all.total).toBe(5);
    expect(all.data.some((r) => r.value === '65')).toBe(false);
    expect(all.data[0]).not.toHaveProperty('subjectName');
    const abnormal = await data<Array<{ testItemCode: string; flag: string }>>(
      as(site, api.results, { body: { abnormal: true } }),
    );
    expect(abnormal.data.map((r) => [r.testItemCode, r.flag]).sort()).toEqual([
      ['HBA1C', 'H'],
      ['LFT', 'H'],
    ]);
    expect((await data<unknown[]>(as(site, api.results, { body: { page: 2, size: 2 } }))).data).toHaveLength(
      2,
    );
    expect((await data<unknown[]>(as(other, api.results, { body: {} }))).total).toBe(0);

    const response = await as(site, api.exportResults, {
      body: { abnormal: true },
      lang: 'zh_CN',
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('报告编号');
    // No tz header: times in the lab zone, named in the header (lib/time-zone.ts).
    expect(sheet?.getRow(1).getCell(12).value).toBe('发布时间（Asia/Shanghai，UTC+08:00）');
    expect(sheet?.rowCount).toBe(3);
    expect((await as(site, api.exportResults, { body: { size: 10_001 } })).statusCode).toBe(400);
  });

  it('shows the unblinding results only with their permission and audits every view', async () => {
    const count = async () =>
      (await env.handle.db.select().from(auditLog).where(eq(auditLog.action, 'portalReport.unblinding')))
        .length;
    const before = await count();
    const refused = await as(site, api.unblinding, { body: {} });
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).msg).toContain('web:personal-report:page');
    expect((await as(other, api.unblinding, { body: {} })).statusCode).toBe(403);
    expect(await count()).toBe(before);

    const projectId = 1;
    const page = await data<Array<{ subjectName: string; gender: string; subjectNo: string }>>(
      as(colleague, api.unblinding, { body: { barcode: 'BC-DEMO-0002' } }),
    );
    expect(page.total).toBe(2);
    expect(page.data[0]).toMatchObject({
      subjectNo: 'S-001-0103',
      subjectName: '示例受试者甲',
      gender: 'Female',
    });
    await data(as(colleague, api.unblinding, { body: { projectId } }));
    expect(await count()).toBe(before + 2);
    const [last] = await env.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'portalReport.unblinding'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(last?.username).toBe('何研究');
    expect(last?.newValue).toMatchObject({ filter: { projectId } });
  });

  it('lists rejection notifications from the receipt exceptions and marks them read per user', async () => {
    const list = async (session: Session, body: Record<string, unknown> = {}) =>
      data<Array<{ id: number; orderNo: string; reasonLabel: string; readAt: string | null }>>(
        as(session, api.rejections, { body }),
      );
    const unread = await list(site, { read: false });
    expect(unread.data).toHaveLength(1);
    expect(unread.data[0]).toMatchObject({
      orderNo: DEMO_REJECTION_ORDER,
      reasonLabel: 'Haemolysis',
      readAt: null,
    });
    const chinese = await data<Array<{ reasonLabel: string }>>(
      as(site, api.rejections, { body: {}, lang: 'zh_CN' }),
    );
    expect(chinese.data[0]?.reasonLabel).toBe('溶血');
    expect((await list(other)).total).toBe(0);
    const id = unread.data[0]?.id ?? 0;

    expect((await as(other, api.markRead, { body: { ids: [id] } })).statusCode).toBe(404);
    expect((await as(site, api.markRead, { body: { ids: [] } })).statusCode).toBe(400);
    expect(await env.handle.db.select().from(rejectionReads)).toHaveLength(0);
    expect(
      (await data<{ marked: number }>(as(site, api.markRead, { body: { ids: [id] } }))).data.marked,
    ).toBe(1);
    expect(
      (await data<{ marked: number }>(as(site, api.markRead, { body: { ids: [id] } }))).data.marked,
    ).toBe(0);
    expect((await list(site, { read: false })).total).toBe(0);
    expect((await list(site, { read: true })).data[0]?.readAt).not.toBeNull();
    // Read marks are per user: the colleague still sees it unread.
    expect((await list(colleague, { read: false })).total).toBe(1);
    expect((await list(site, { keyword: 'SF1000000099' })).total).toBe(1);
  });

  it('runs the chargeback workflow: raise, acknowledge, dispute with a reason, withdraw', async () => {
    const list = async (session: Session, body: Record<string, unknown> = {}) =>
      data<Chargeback[]>(as(session, api.chargebacks, { body }));
    const seeded = (await list(site)).data.find((c) => c.noticeNo === DEMO_CHARGEBACK_NO);
    if (!seeded) throw new Error('no demo chargeback');
    expect(seeded.status).toBe('issued');

    // Raising needs the staff permission and a site in the staff scope.
    const raise = {
      projectId: 1,
      siteId: seeded.siteId,
      reason: '复检费',
      amount: '88.5',
      barcode: 'BC-DEMO-0001',
    };
    expect((await as(site, staffApi.create, { body: raise })).statusCode).toBe(403);
    expect((await as(lab, staffApi.create, { body: { ...raise, amount: '1.234' } })).statusCode).toBe(400);
    expect((await as(lab, staffApi.create, { body: { ...raise, amount: '-5' } })).statusCode).toBe(400);
    expect((await as(lab, staffApi.create, { body: { ...raise, reason: 'x'.repeat(256) } })).statusCode).toBe(
      400,
    );
    expect((await as(lab, staffApi.create, { body: { ...raise, siteId: 999_999 } })).statusCode).toBe(400);
    const created = await data<{ id: number; noticeNo: string; version: number }>(
      as(lab, staffApi.create, { body: raise }),
    );
    expect(created.data.noticeNo).toMatch(/^CB\d{8}\d{5}$/);
    const fresh = await data<Chargeback>(as(site, api.chargeback, { params: { id: created.data.id } }));
    expect(fresh.data).toMatchObject({ status: 'issued', amount: '88.50', barcode: 'BC-DEMO-0001' });
    expect(fresh.data.events?.map((e) => e.action)).toEqual(['create']);

    // Another site neither sees nor answers it.
    expect((await list(other)).data.some((c) => c.id === created.data.id)).toBe(false);
    expect((await as(other, api.chargeback, { params: { id: created.data.id } })).statusCode).toBe(404);
    const respond = (session: Session, id: number, body: Record<string, unknown>) =>
      as(session, api.respond, { params: { id }, body });
    expect((await respond(other, created.data.id, { version: 1, action: 'acknowledge' })).statusCode).toBe(
      404,
    );

    // Acknowledge the seeded one; a second answer is refused by the workflow, a stale version too.
    expect(
      (await respond(site, seeded.id, { version: seeded.version + 1, action: 'acknowledge' })).statusCode,
    ).toBe(409);
    const ack = await data<{ status: string; version: number }>(
      respond(site, seeded.id, { version: seeded.version, action: 'acknowledge' }),
    );
    expect(ack.data).toEqual({ status: 'acknowledged', version: seeded.version + 1 });
    const again = envelope(
      await respond(colleague, seeded.id, { version: ack.data.version, action: 'dispute', reason: '不同意' }),
    );
    expect(again.code).toBe(ResultCode.INVALID_STATE);

    // Dispute: a reason is required and at most 255 characters.
    const noReason = await respond(colleague, created.data.id, { version: 1, action: 'dispute' });
    expect(noReason.statusCode).toBe(400);
    expect(envelope(noReason).msg).toContain('reason of the dispute');
    const tooLong = await respond(colleague, created.data.id, {
      version: 1,
      action: 'dispute',
      reason: 'x'.repeat(256),
    });
    expect(tooLong.statusCode).toBe(400);
    const disputed = await data<{ status: string; version: number }>(
      respond(colleague, created.data.id, {
        version: 1,
        action: 'dispute',
        reason: '该样本溶血系运输途中造成',
      }),
    );
    expect(disputed.data.status).toBe('disputed');
    const afterDispute = await data<Chargeback>(
      as(site, api.chargeback, { params: { id: created.data.id } }),
    );
    expect(afterDispute.data.disputeReason).toBe('该样本溶血系运输途中造成');
    expect(afterDispute.data.events?.map((e) => [e.action, e.toState])).toEqual([
      ['create', 'issued'],
      ['dispute', 'disputed'],
    ]);

    // Staff withdraw the disputed notice (reason required); the site cannot.
    expect(
      (
        await as(site, staffApi.withdraw, {
          params: { id: created.data.id },
          body: { version: 2, reason: '撤回' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(lab, staffApi.withdraw, {
          params: { id: created.data.id },
          body: { version: 2, reason: '' },
        })
      ).statusCode,
    ).toBe(400);
    const withdrawn = await data<{ status: string }>(
      as(lab, staffApi.withdraw, {
        params: { id: created.data.id },
        body: { version: 2, reason: '经核实免收' },
      }),
    );
    expect(withdrawn.data.status).toBe('withdrawn');
    const open = await list(site, { status: ['issued'] });
    expect(open.data.some((c) => c.id === created.data.id || c.id === seeded.id)).toBe(false);
    const audited = await env.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'chargebackNotice.dispute'));
    expect(audited).toHaveLength(1);
  });

  it('lets staff follow the notices of their projects: list, filter, detail with the site answers', async () => {
    const raise = { projectId: 1, siteId: 0, reason: '样本重复寄送处理费', amount: '30' };
    const sites = await data<Chargeback[]>(as(site, api.chargebacks, { body: {} }));
    raise.siteId = sites.data[0]?.siteId ?? 0;
    const created = await data<{ id: number; noticeNo: string }>(as(lab, staffApi.create, { body: raise }));
    await data(
      as(site, api.respond, {
        params: { id: created.data.id },
        body: { version: 1, action: 'dispute', reason: '本中心未重复寄送' },
      }),
    );

    const listed = await data<Chargeback[]>(
      as(lab, staffApi.paging, { body: { noticeNo: created.data.noticeNo } }),
    );
    expect(listed.data.map((c) => [c.noticeNo, c.status, c.disputeReason])).toEqual([
      [created.data.noticeNo, 'disputed', '本中心未重复寄送'],
    ]);
    const disputed = await data<Chargeback[]>(as(lab, staffApi.paging, { body: { status: ['disputed'] } }));
    expect(disputed.data.every((c) => c.status === 'disputed')).toBe(true);
    expect(disputed.data.some((c) => c.id === created.data.id)).toBe(true);
    const detail = await data<Chargeback>(as(lab, staffApi.get, { params: { id: created.data.id } }));
    expect(detail.data.events?.map((e) => [e.action, e.toState, e.reason])).toEqual([
      ['create', 'issued', null],
      ['dispute', 'disputed', '本中心未重复寄送'],
    ]);

    // Site users and staff without the permission are refused; a missing id answers 404.
    expect((await as(site, staffApi.paging, { body: {} })).statusCode).toBe(403);
    expect((await as(site, staffApi.get, { params: { id: created.data.id } })).statusCode).toBe(403);
    expect((await as(lab, staffApi.get, { params: { id: 999_999 } })).statusCode).toBe(404);
    expect((await as(lab, staffApi.paging, { body: { status: ['nonsense'] } })).statusCode).toBe(400);
  });

  it('lists inspection forms of my sites’ signed-off shipments with per-sample verdicts', async () => {
    const page = await data<Array<{ id: number; orderNo: string; status: string }>>(
      as(site, api.inspections, { body: {} }),
    );
    expect(page.data.map((r) => r.orderNo)).toEqual([DEMO_REJECTION_ORDER]);
    const id = page.data[0]?.id ?? 0;
    const detail = await data<{ samples: Array<{ state: string; exceptionReason: string | null }> }>(
      as(site, api.inspection, { params: { id } }),
    );
    expect(detail.data.samples.map((s) => s.state)).toEqual(['received', 'exception']);
    expect((await as(other, api.inspection, { params: { id } })).statusCode).toBe(404);
    // Another project's site user sees their own sites' forms only, never this one.
    const others = await data<Array<{ orderNo: string }>>(as(other, api.inspections, { body: {} }));
    expect(others.data.map((r) => r.orderNo)).not.toContain(DEMO_REJECTION_ORDER);
    // Shipments still in transit have no inspection form.
    const [transit] = await env.handle.db
      .select({ id: sampleTransports.id })
      .from(sampleTransports)
      .where(eq(sampleTransports.orderNo, 'ST-DEMO-RCV-001'));
    expect((await as(site, api.inspection, { params: { id: transit?.id ?? 0 } })).statusCode).toBe(404);
  });
});
