import { createHash } from 'node:crypto';
import { endpoints, PROJECT_REPORT_SIGNATURE_MEANING, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, sites, userProjects, users } from '../src/db/schema.js';
import { labReports, labSignatures, labSubjects } from '../src/db/schema-lab.js';
import { initialsOf } from '../src/lib/initials.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  DEMO_PASSWORD,
  envelope,
  login,
  type Session,
  startEnv,
  type TestEnv,
  uploadFile,
} from './helpers.js';
import { pdfText } from './pdf-text.js';

const { projectReports, manualReports, portalReport, report, system, todo } = endpoints;

interface Row {
  id: number;
  kind: 'lab' | 'manual';
  labReportId: number | null;
  reportNo: string;
  projectId: number;
  siteId: number;
  subjectNo: string;
  title: string | null;
  status: 'pending' | 'approved' | 'returned';
  reason: string | null;
  createdByName: string | null;
  reviewedByName: string | null;
  version: number;
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

describe.each(FEATURE_ENGINES)('project report review and manual reports on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let pm: Session;
  let lab: Session;
  let site: Session;
  let otherSite: Session;
  let km1 = 0;
  let km3 = 0;
  let km3Site = 0;
  let pmId = 0;
  const signature = { password: DEMO_PASSWORD };
  /** The KM-2026-003 lab report the second test approves for its site. */
  let approvedLabId = 0;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const raw = (session: Session, endpoint: Parameters<typeof call>[1], id: number) =>
    call(env.app, endpoint, { session, params: { id } }, env.clock.now);
  const list = async (session: Session, body: Record<string, unknown> = {}) =>
    (await as(session, projectReports.paging, { body: { size: 50, ...body } })).data as Row[];
  const visibleToSite = async () =>
    ((await as(site, portalReport.paging, { body: { size: 50 } })).data as Array<{ id: number }>).map(
      (r) => r.id,
    );

  beforeAll(async () => {
    env = await startEnv(engine);
    const db = env.handle.db;
    const idOf = async (no: string) =>
      (await db.select({ id: projects.id }).from(projects).where(eq(projects.projectNo, no)))[0]?.id ?? 0;
    km1 = await idOf('KM-2026-001');
    km3 = await idOf('KM-2026-003');
    km3Site = (await db.select({ id: sites.id }).from(sites).where(eq(sites.projectId, km3)))[0]?.id ?? 0;
    // 陈中心 (site 01 of KM-2026-001) is also granted the KM-2026-003 site whose reports are reviewed.
    const [chen] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, '13900000001'));
    await db.insert(userProjects).values({ userId: chen?.id ?? 0, projectId: km3, siteId: km3Site });
    admin = await login(env, '13800000000');
    pm = await login(env, '13800000003');
    const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000003'));
    pmId = manager?.id ?? 0;
    lab = await login(env, '13800000001');
    site = await login(env, '13900000001');
    otherSite = await login(env, '13900000002');
  });
  afterAll(() => env.close());

  it('opens on the demo: KM-2026-003 reviews its reports, two lab reports and a manual one wait', async () => {
    const pending = await list(pm, { status: 'pending' });
    expect(pending.map((r) => r.kind).sort()).toEqual(['lab', 'lab', 'manual']);
    expect(pending.every((r) => r.projectId === km3)).toBe(true);
    const returned = await list(pm, { status: 'returned' });
    expect(returned).toHaveLength(1);
    expect(returned[0]?.reason).toBeTruthy();
    // The lab sees the returned report among its returns, with the project manager's reason.
    const labReport = (await as(lab, report.get, { params: { id: returned[0]?.labReportId ?? 0 } })).data as {
      status: string;
      returnReason: string | null;
    };
    expect(labReport).toMatchObject({ status: 'returned', returnReason: returned[0]?.reason });
    const manual = (await as(pm, manualReports.paging, { body: {} })).data as Row[];
    expect(manual.map((r) => r.status).sort()).toEqual(['approved', 'pending']);
    expect((await as(pm, projectReports.setting, { params: { id: km3 } })).data).toEqual({
      projectId: km3,
      reportReview: true,
      siteSubjectName: false,
    });
    expect((await as(pm, projectReports.setting, { params: { id: km1 } })).data).toMatchObject({
      reportReview: false,
    });
    // The project manager's to-do: the lab reports awaiting review (the manual one is the manager's own).
    const kinds = (await as(pm, todo.counts)).data as Array<{
      workflow: string;
      route: string;
      count: number;
    }>;
    expect(kinds.find((k) => k.workflow === 'projectReport')).toMatchObject({
      route: '/project/report-review',
      count: 2,
    });
  });

  it('hides a report awaiting review from the site (list, detail, PDF) until approved', async () => {
    const [waiting] = (await list(pm, { status: 'pending', kind: 'lab' })).filter(
      (r) => r.siteId === km3Site,
    );
    const labId = waiting?.labReportId ?? 0;
    approvedLabId = labId;
    expect(await visibleToSite()).not.toContain(labId);
    // The lab's report list says why a released report has not reached the site.
    const labRow = async () =>
      (
        (await as(lab, report.paging, { body: { page: 1, size: 100 } })).data as Array<{
          id: number;
          projectReview: string | null;
        }>
      ).find((r) => r.id === labId);
    expect(await labRow()).toMatchObject({ projectReview: 'pending' });
    expect((await as(site, portalReport.get, { params: { id: labId } })).code).toBe(ResultCode.NOT_FOUND);
    expect((await raw(site, portalReport.pdf, labId)).statusCode).toBe(404);

    // Not by the one who released it, not without the permission, not unsigned, not twice.
    expect(
      (
        await as(lab, projectReports.approve, {
          params: { id: waiting?.id ?? 0 },
          body: { version: 1, signature },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    const stale = await as(pm, projectReports.approve, {
      params: { id: waiting?.id ?? 0 },
      body: { version: 9, signature },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
    const unsigned = await as(pm, projectReports.approve, {
      params: { id: waiting?.id ?? 0 },
      body: { version: 1 },
    });
    expect(unsigned.code).toBe(ResultCode.BAD_REQUEST);
    const wrong = await as(pm, projectReports.approve, {
      params: { id: waiting?.id ?? 0 },
      body: { version: 1, signature: { password: 'not-the-password' } },
    });
    expect(wrong.code).toBe(ResultCode.BAD_REQUEST);
    const approved = await as(pm, projectReports.approve, {
      params: { id: waiting?.id ?? 0 },
      body: { version: 1, signature },
    });
    expect(approved).toMatchObject({ code: 200, data: { version: 2 } });
    const again = await as(pm, projectReports.approve, {
      params: { id: waiting?.id ?? 0 },
      body: { version: 2, signature },
    });
    expect(again.code).toBe(ResultCode.INVALID_STATE);
    expect(again.msg).toContain('(Approved)');

    expect(await visibleToSite()).toContain(labId);
    expect(await labRow()).toMatchObject({ projectReview: 'approved' });
    // The approval is an e-signature on the report, with its meaning, printed on both PDF copies.
    const signed = (await as(site, portalReport.get, { params: { id: labId } })).data as {
      subjectNo: string;
      subject: string;
      signatures: Array<{ action: string; meaning: string; signerName: string }>;
    };
    expect(signed.signatures.at(-1)).toMatchObject({
      action: 'projectApprove',
      meaning: PROJECT_REPORT_SIGNATURE_MEANING.en_US,
      signerName: '张项目',
    });
    // The site sees the subject by number and initials (list, detail and PDF); the lab its full name.
    const [subject] = await env.handle.db
      .select({ name: labSubjects.name })
      .from(labReports)
      .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId))
      .where(eq(labReports.id, labId));
    const name = subject?.name ?? '';
    const initials = initialsOf(name);
    expect(initials).toMatch(/^[A-Z]{2,4}$/);
    expect(signed.subject).toBe(initials);
    const sitePdf = await pdfText((await raw(site, portalReport.pdf, labId)).rawPayload);
    expect(sitePdf).toContain(`${signed.subjectNo} ${initials}`);
    expect(sitePdf.some((line) => line.includes(name))).toBe(false);
    expect(sitePdf).toContain('Approved by the project');
    expect(sitePdf.join(' ')).toContain(`Meaning: ${PROJECT_REPORT_SIGNATURE_MEANING.en_US}`);
    const labPdf = await pdfText((await raw(lab, report.pdf, labId)).rawPayload);
    expect(labPdf).toContain(`${signed.subjectNo} ${name}`);
    expect(labPdf).toContain('Approved by the project');
    // A project that allows it shows its sites the full name.
    await as(pm, projectReports.saveSetting, {
      body: { projectId: km3, reportReview: true, siteSubjectName: true },
    });
    const named = (await as(site, portalReport.get, { params: { id: labId } })).data as { subject: string };
    expect(named.subject).toBe(name);
    expect(await pdfText((await raw(site, portalReport.pdf, labId)).rawPayload)).toContain(
      `${signed.subjectNo} ${name}`,
    );
    await as(pm, projectReports.saveSetting, {
      body: { projectId: km3, reportReview: true, siteSubjectName: false },
    });
    const [entry] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'projectReport.approve'), eq(auditLog.entityId, String(waiting?.id))));
    expect(entry?.newValue).toMatchObject({ status: 'approved' });
  });

  it('keeps the version the site saw while its correction awaits the review', async () => {
    const prior = approvedLabId;
    const detail = (await as(lab, report.get, { params: { id: prior } })).data as {
      version: number;
      results: Array<{ testItemId: number; value: string }>;
    };
    const body = {
      version: detail.version,
      reason: '复核发现录入错误，更正',
      results: detail.results.map((r) => ({ testItemId: r.testItemId, value: r.value })),
    };
    const asked = await as(lab, report.revise, { params: { id: prior }, body });
    expect(asked.code).toBe(200);
    const revisionId = (asked.data as { id: number }).id;
    const approvedRevision = await as(admin, report.reviewRevision, {
      params: { id: revisionId },
      body: { action: 'approveRevision', version: 1, signature: { password: DEMO_PASSWORD } },
    });
    expect(approvedRevision.code).toBe(200);
    // The site keeps the prior version; the lab cannot start another correction meanwhile.
    const during = await visibleToSite();
    expect(during).toContain(prior);
    expect(during).not.toContain(revisionId);
    expect((await as(lab, report.revise, { params: { id: prior }, body })).code).toBe(
      ResultCode.INVALID_STATE,
    );

    const [review] = (await list(pm, { status: 'pending' })).filter((r) => r.labReportId === revisionId);
    expect(review).toMatchObject({ revision: 1 });
    // Whoever wrote the correction may not approve it: here the project manager made it.
    const [correction] = await env.handle.db
      .select({ createdBy: labReports.createdBy })
      .from(labReports)
      .where(eq(labReports.id, revisionId));
    await env.handle.db.update(labReports).set({ createdBy: pmId }).where(eq(labReports.id, revisionId));
    const byWriter = await as(pm, projectReports.approve, {
      params: { id: review?.id ?? 0 },
      body: { version: 1, signature },
      lang: 'zh_CN',
    });
    expect(byWriter.code).toBe(ResultCode.FORBIDDEN);
    expect(byWriter.msg).toContain('职责分离');
    await env.handle.db
      .update(labReports)
      .set({ createdBy: correction?.createdBy ?? 0 })
      .where(eq(labReports.id, revisionId));
    expect(
      (
        await as(pm, projectReports.approve, {
          params: { id: review?.id ?? 0 },
          body: { version: 1, signature },
        })
      ).code,
    ).toBe(200);
    const after = await visibleToSite();
    expect(after).toContain(revisionId);
    expect(after).not.toContain(prior);
  });

  it('turns the review on for a project: a release waits, a return sends it back to the lab', async () => {
    expect(
      (await as(lab, projectReports.saveSetting, { body: { projectId: km1, reportReview: true } })).code,
    ).toBe(ResultCode.FORBIDDEN);
    expect(
      (await as(pm, projectReports.saveSetting, { body: { projectId: km1, reportReview: true } })).data,
    ).toEqual({ reportReview: true, siteSubjectName: false });

    // A reviewed demo report of KM-2026-001 released by the super account (not its enterer).
    const [reviewed] = await env.handle.db
      .select({ id: labReports.id, version: labReports.version })
      .from(labReports)
      .where(and(eq(labReports.projectId, km1), eq(labReports.status, 'reviewed')))
      .limit(1);
    const released = await as(admin, report.release, {
      params: { id: reviewed?.id ?? 0 },
      body: { version: reviewed?.version ?? 0, signature: { password: DEMO_PASSWORD } },
    });
    expect(released.code).toBe(200);
    const [review] = (await list(pm, { status: 'pending', projectId: km1 })).filter(
      (r) => r.labReportId === reviewed?.id,
    );
    expect(review).toMatchObject({ kind: 'lab', createdByName: '超级管理员' });
    // Under review, the lab cannot revise it: the project manager returns it instead.
    const detail = (await as(lab, report.get, { params: { id: reviewed?.id ?? 0 } })).data as {
      version: number;
      results: Array<{ testItemId: number; value: string }>;
    };
    const revise = await as(lab, report.revise, {
      params: { id: reviewed?.id ?? 0 },
      body: { version: detail.version, reason: '更正', results: detail.results },
    });
    expect(revise.code).toBe(ResultCode.INVALID_STATE);

    const noReason = await as(pm, projectReports.return, {
      params: { id: review?.id ?? 0 },
      body: { version: 1 },
    });
    expect(noReason.code).toBe(ResultCode.BAD_REQUEST);
    const returned = await as(pm, projectReports.return, {
      params: { id: review?.id ?? 0 },
      body: { version: 1, reason: '受试者编号与入组记录不符' },
    });
    expect(returned.code).toBe(200);
    const back = (await as(lab, report.get, { params: { id: reviewed?.id ?? 0 } })).data as {
      status: string;
      returnReason: string;
      version: number;
    };
    expect(back).toMatchObject({ status: 'returned', returnReason: '受试者编号与入组记录不符' });
    // The enterer corrects it through the lab's own path (edit from returned).
    const edit = await as(lab, report.update, {
      body: {
        id: reviewed?.id,
        version: back.version,
        results: detail.results.map((r) => ({ testItemId: r.testItemId, value: r.value })),
      },
    });
    expect(edit.code).toBe(200);
    await as(pm, projectReports.saveSetting, { body: { projectId: km1, reportReview: false } });
  });

  it('takes a manual report: a PDF only, hidden from the site until approved, deleted until then', async () => {
    const body = {
      projectId: km3,
      siteId: km3Site,
      subjectNo: 'S-003-0003',
      visit: '基线 V1',
      title: '外送基因检测报告',
      reportDate: '2026-01-05',
    };
    // The upload itself checks a .pdf name against its bytes; other files must not pass as reports.
    const text = await uploadFile(env, admin, 'notes.txt', Buffer.from('not a pdf at all'));
    const notPdf = await as(admin, manualReports.create, { body: { ...body, fileId: text } });
    expect(notPdf.code).toBe(ResultCode.FILE_TYPE_NOT_ALLOWED);
    const fileId = await uploadFile(env, admin, 'gene.pdf', PDF);
    const future = await as(admin, manualReports.create, {
      body: { ...body, fileId, reportDate: '2999-01-01' },
    });
    expect(future.code).toBe(ResultCode.BAD_REQUEST);
    // Subject and visit are the site's subjects and the plan's visits, offered and checked.
    const choices = (await as(admin, manualReports.choices, { body: { projectId: km3, siteId: km3Site } }))
      .data as { subjects: string[]; visits: string[] };
    expect(choices.subjects).toEqual(['S-003-0001', 'S-003-0002', 'S-003-0003', 'S-003-0004']);
    expect(choices.visits).toEqual(['筛选期 V0', '基线 V1', '第4周 V2', '第12周 V3', '随访 V4']);
    const unknownSubject = await as(admin, manualReports.create, {
      lang: 'zh_CN',
      body: { ...body, fileId, subjectNo: 'S-003-0009' },
    });
    expect(unknownSubject).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: '受试者“S-003-0009”不是该中心的受试者',
    });
    const unknownVisit = await as(admin, manualReports.create, { body: { ...body, fileId, visit: 'V9' } });
    expect(unknownVisit).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: 'Visit "V9" is not a visit of the project\'s plan',
    });
    const wrongSite = await as(admin, manualReports.create, { body: { ...body, fileId, projectId: km1 } });
    expect(wrongSite.code).toBe(ResultCode.BAD_REQUEST);
    const created = (await as(admin, manualReports.create, { body: { ...body, fileId } })).data as {
      id: number;
      reportNo: string;
    };
    expect(created.reportNo).toMatch(/^MR\d{13}$/);

    // Before approval nobody outside fetches the file; the uploader cannot approve it.
    expect((await raw(site, system.fileDownload, fileId)).statusCode).not.toBe(200);
    expect((await raw(site, portalReport.manualPdf, created.id)).statusCode).toBe(404);
    expect(
      (
        await as(admin, projectReports.approve, {
          params: { id: created.id },
          body: { version: 1, signature },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    expect((await raw(pm, manualReports.pdf, created.id)).statusCode).toBe(200);
    expect(
      (await as(pm, projectReports.approve, { params: { id: created.id }, body: { version: 1, signature } }))
        .code,
    ).toBe(200);
    // Signed: the uploaded PDF's SHA-256 with the meaning.
    const [manualSignature] = await env.handle.db
      .select()
      .from(labSignatures)
      .where(and(eq(labSignatures.entity, 'projectReport'), eq(labSignatures.entityId, created.id)));
    expect(manualSignature).toMatchObject({
      action: 'projectApprove',
      meaning: PROJECT_REPORT_SIGNATURE_MEANING.en_US,
      contentHash: createHash('sha256').update(PDF).digest('hex'),
    });
    // Approved: in its site's report list as a manual report, with its own PDF path.
    const portalRows = (await as(site, portalReport.paging, { body: { size: 50 } })).data as Array<{
      kind: string;
      id: number;
      title: string | null;
    }>;
    expect(portalRows.find((r) => r.kind === 'manual' && r.id === created.id)?.title).toBe(
      '外送基因检测报告',
    );
    // The demo's approved manual report is there too, the one awaiting review is not.
    expect(portalRows.filter((r) => r.kind === 'manual')).toHaveLength(2);
    const byNo = (await as(site, portalReport.paging, { body: { reportNo: created.reportNo } }))
      .data as unknown[];
    expect(byNo).toHaveLength(1);
    expect((await as(site, portalReport.paging, { body: { barcode: 'KM3' } })).data).not.toContainEqual(
      expect.objectContaining({ kind: 'manual' }),
    );
    expect((await raw(site, portalReport.manualPdf, created.id)).statusCode).toBe(200);
    expect((await raw(otherSite, portalReport.manualPdf, created.id)).statusCode).toBe(404);
    // Approved: its site reads the file, another site's user still cannot; no longer deleted.
    expect((await raw(site, system.fileDownload, fileId)).statusCode).toBe(200);
    expect((await raw(otherSite, system.fileDownload, fileId)).statusCode).not.toBe(200);
    const removeApproved = await as(admin, manualReports.remove, { params: { id: created.id } });
    expect(removeApproved.code).toBe(ResultCode.INVALID_STATE);

    const second = (await as(admin, manualReports.create, { body: { ...body, fileId } })).data as {
      id: number;
    };
    expect((await as(admin, manualReports.remove, { params: { id: second.id } })).code).toBe(200);
    expect((await as(admin, manualReports.remove, { params: { id: second.id } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    // A lab review row is not a manual report.
    const [labRow] = await list(pm, { kind: 'lab' });
    expect((await as(admin, manualReports.remove, { params: { id: labRow?.id ?? 0 } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
  });
});
