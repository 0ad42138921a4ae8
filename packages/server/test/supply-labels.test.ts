import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, sites } from '../src/db/schema.js';
import { supplyBarcodes as codesTable } from '../src/db/schema-supply-barcodes.js';
import { labelPrintJobs } from '../src/db/schema-supply-labels.js';
import { DEMO_LAB_PROFILE } from '../src/documents/lab-profile.js';
import { DEMO_REPRINT_REASON } from '../src/seed/supply-labels-demo.js';
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
import { pdfPages } from './pdf-text.js';

const { labels, supplyBarcodes } = endpoints;

interface Template {
  id: number;
  code: string;
  version: number;
  name: string;
  enName: string | null;
  kind: string;
  symbology: string;
  fields: string[];
  cjk: boolean;
}
const printer = (over: Record<string, unknown> = {}) => ({
  name: 'desk',
  dpi: 203,
  widthMm: 50,
  heightMm: 25,
  offsetXDots: 0,
  offsetYDots: 0,
  darkness: 15,
  cjkFont: false,
  ...over,
});

/**
 * Label templates and print jobs: versions, fields that carry no personal data, ZPL
 * per symbology and CJK font, reprints from the frozen snapshot (a later template edit changes
 * nothing), refusals, and the audit of every print.
 */
describe.each(FEATURE_ENGINES)('labels on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let km1: number;
  let site1: number;

  const as = async (endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) =>
    envelope(await call(env.app, endpoint, { ...options, session: keeper }, env.clock.now));
  const ok = async <T>(endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const body = await as(endpoint, options);
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as T;
  };
  const templates = async () => new Map((await ok<Template[]>(labels.templates)).map((t) => [t.code, t]));
  const reserve = async (kind: 'tube' | 'kit', count: number) => {
    const range = await ok<{ id: number }>(supplyBarcodes.reserve, {
      body: { projectId: km1, siteId: site1, kind, count },
    });
    const codes = await ok<Array<{ code: string }>>(supplyBarcodes.page, {
      body: { rangeId: range.id, size: 100 },
    });
    return codes.map((c) => c.code);
  };

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    const [project] = await env.handle.db
      .select()
      .from(projects)
      .where(eq(projects.projectNo, 'KM-2026-001'));
    km1 = project?.id ?? 0;
    const [site] = await env.handle.db
      .select()
      .from(sites)
      .where(and(eq(sites.projectId, km1), eq(sites.centerNo, '01')));
    site1 = site?.id ?? 0;
  });
  afterAll(() => env.close());

  it('lists each template’s current version and saves an edit as the next one', async () => {
    const current = await templates();
    expect(current.get('TUBE-DM')).toMatchObject({ version: 2, symbology: 'datamatrix' });
    expect(current.get('KIT-128')).toMatchObject({ version: 1, symbology: 'code128', cjk: true });
    // Each demo template has an English name beside its Chinese one.
    expect(current.get('TUBE-DM')).toMatchObject({
      name: '采样管标签 40×20（含访视）',
      enName: 'Tube label 40×20 (with visit)',
    });
    const saved = await ok<Template>(labels.saveTemplate, {
      body: {
        code: 'REQ-128',
        name: '申请单',
        enName: 'Requisition',
        kind: 'requisition',
        widthMm: 60,
        heightMm: 30,
        fields: ['code'],
        cjk: true,
      },
    });
    // Code 128 by default for requisitions; Chinese only on kit boxes.
    expect(saved).toMatchObject({
      version: 2,
      symbology: 'code128',
      cjk: false,
      name: '申请单',
      enName: 'Requisition',
    });
    // A blank English name is none; one over 64 characters is refused.
    const blank = await ok<Template>(labels.saveTemplate, {
      body: {
        code: 'REQ-128',
        name: '申请单',
        enName: '  ',
        kind: 'requisition',
        widthMm: 60,
        heightMm: 30,
        fields: ['code'],
      },
    });
    expect(blank).toMatchObject({ version: 3, enName: null });
    const long = await as(labels.saveTemplate, {
      body: {
        code: 'REQ-128',
        name: '申请单',
        enName: 'x'.repeat(65),
        kind: 'requisition',
        widthMm: 60,
        heightMm: 30,
        fields: ['code'],
      },
    });
    expect(long.code).toBe(ResultCode.BAD_REQUEST);
    const personal = await as(labels.saveTemplate, {
      body: {
        code: 'X',
        name: 'x',
        kind: 'tube',
        widthMm: 40,
        heightMm: 20,
        fields: ['code', 'subjectName'],
      },
    });
    expect(personal.code).toBe(ResultCode.BAD_REQUEST);
  });

  it('prints tube labels as DataMatrix with readable text, one format per code, and marks the codes printed', async () => {
    const codes = await reserve('tube', 3);
    const tube = (await templates()).get('TUBE-DM');
    const job = await ok<{ jobId: number; labels: number; zpl: string }>(labels.print, {
      body: { codes, templateId: tube?.id, printer: printer({ dpi: 300 }) },
    });
    expect(job.labels).toBe(3);
    const formats = job.zpl.split('\n');
    expect(formats).toHaveLength(3);
    for (const [i, code] of codes.entries()) {
      expect(formats[i]).toMatch(/^\^XA\^CI28~SD15\^PW472\^LL236/);
      expect(formats[i]).toContain(`^BXN,`);
      expect(formats[i]).toContain(`,200^FH^FD${code}^FS`);
      expect(formats[i]).toContain('KM-2026-001');
      expect(formats[i]?.endsWith('^XZ')).toBe(true);
    }
    // The visit is Chinese-free in English; the tube template prints no Chinese.
    expect(job.zpl).not.toMatch(/[\u4e00-\u9fff]/);
    const states = await env.handle.db
      .select()
      .from(codesTable)
      .where(eq(codesTable.code, codes[0] ?? ''));
    expect(states[0]?.state).toBe('printed');
    const [audit] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'labels.print'), eq(auditLog.entityId, String(job.jobId))));
    expect(audit?.newValue).toMatchObject({ printer: 'desk', labels: 3, template: 'TUBE-DM v2' });
    expect(audit?.userId).toBe(keeper.login.user.id);
  });

  it('prints Chinese on kit-box labels only with a printer that has the font', async () => {
    const codes = await reserve('kit', 1);
    const kit = (await templates()).get('KIT-128');
    const withFont = await ok<{ zpl: string }>(labels.print, {
      body: { codes, templateId: kit?.id, printer: printer({ cjkFont: true }) },
    });
    expect(withFont.zpl).toContain('^CW1,E:SIMSUN.TTF');
    expect(withFont.zpl).toContain('^BCN,');
    expect(withFont.zpl).toMatch(/北京协和医院/);
    const without = await ok<{ zpl: string }>(labels.print, {
      body: { codes, templateId: kit?.id, printer: printer() },
    });
    expect(without.zpl).not.toMatch(/[\u4e00-\u9fff]/);
    expect(without.zpl).toContain(codes[0]);
  });

  it('reprints from the snapshot, unchanged by a later template edit, and only with a reason', async () => {
    const codes = await reserve('tube', 2);
    const tube = (await templates()).get('TUBE-DM');
    const first = await ok<{ jobId: number; zpl: string }>(labels.print, {
      body: { codes, templateId: tube?.id, printer: printer() },
    });
    await ok(labels.saveTemplate, {
      body: { code: 'TUBE-DM', name: 'Bigger', kind: 'tube', widthMm: 60, heightMm: 30, fields: ['code'] },
    });
    expect((await templates()).get('TUBE-DM')?.version).toBe(3);
    const again = await ok<{ jobId: number; zpl: string }>(labels.reprint, {
      params: { id: first.jobId },
      body: { reason: 'labels smudged', printer: printer() },
    });
    expect(again.zpl).toBe(first.zpl);
    expect(again.jobId).not.toBe(first.jobId);
    const noReason = await as(labels.reprint, {
      params: { id: first.jobId },
      body: { reason: ' ', printer: printer() },
    });
    expect(noReason.code).toBe(ResultCode.BAD_REQUEST);
    const jobs = await ok<
      Array<{ id: number; reprintOf: number | null; reason: string | null; templateVersion: number }>
    >(labels.jobs, { body: {} });
    expect(jobs[0]).toMatchObject({
      id: again.jobId,
      reprintOf: first.jobId,
      reason: 'labels smudged',
      templateVersion: 2,
    });
  });

  it('refuses labels of voided or used codes and prints a test label of the profile', async () => {
    const [code] = await reserve('tube', 1);
    if (!code) throw new Error('no code');
    await ok(supplyBarcodes.void, { body: { codes: [code], reasonCode: 'misprint', reason: 'x' } });
    const tube = (await templates()).get('TUBE-DM');
    const refused = await as(labels.print, {
      body: { codes: [code], templateId: tube?.id, printer: printer() },
    });
    expect(refused.code).toBe(ResultCode.INVALID_STATE);
    expect(refused.msg).toContain(code);
    const test = await ok<{ zpl: string }>(labels.testLabel, {
      body: { printer: printer({ dpi: 600, darkness: 22 }) },
    });
    expect(test.zpl).toMatch(/^\^XA.*~SD22.*\^GB1181,591,3.*desk 600dpi 50x25mm D22.*\^XZ$/);
  });

  it('demo: the printed codes have their print jobs and a reprint with its reason', async () => {
    const jobs = await ok<
      Array<{
        id: number;
        templateCode: string;
        labels: number;
        reprintOf: number | null;
        reason: string | null;
      }>
    >(labels.jobs, { body: { page: 1, size: 100 } });
    const demo = jobs.filter((j) => j.id <= Math.min(...jobs.map((x) => x.id)) + 2);
    const tube = demo.find((j) => j.templateCode === 'TUBE-DM' && j.reprintOf === null);
    expect(tube?.labels).toBe(12);
    expect(demo.find((j) => j.templateCode === 'KIT-128')?.labels).toBe(4);
    expect(demo.find((j) => j.reprintOf === tube?.id)?.reason).toBe(DEMO_REPRINT_REASON);
  });

  it('lists every version of a template, newest first, and refuses a malformed code', async () => {
    await ok(labels.saveTemplate, {
      body: {
        code: 'REQ-VERS',
        name: 'Req v1',
        kind: 'requisition',
        widthMm: 60,
        heightMm: 30,
        fields: ['code'],
      },
    });
    await ok(labels.saveTemplate, {
      body: {
        code: 'REQ-VERS',
        name: 'Req v2',
        kind: 'requisition',
        widthMm: 60,
        heightMm: 30,
        fields: ['code', 'projectNo'],
      },
    });
    const versions = await ok<Template[]>(labels.templateVersions, { query: { code: 'REQ-VERS' } });
    expect(versions.map((v) => [v.version, v.fields])).toEqual([
      [2, ['code', 'projectNo']],
      [1, ['code']],
    ]);
    expect(await ok<Template[]>(labels.templateVersions, { query: { code: 'NONE-SUCH' } })).toEqual([]);
    expect((await as(labels.templateVersions, { query: { code: 'bad code!' } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
  });

  it('prints a job as an A4 PDF label sheet from its snapshot, audited; another project’s job is not found', async () => {
    const codes = await reserve('tube', 14);
    // The tube template's next version (as the one before: 60×30, the code) with both names.
    await ok(labels.saveTemplate, {
      body: {
        code: 'TUBE-DM',
        name: '采样管标签 60×30',
        enName: 'Tube label 60×30',
        kind: 'tube',
        widthMm: 60,
        heightMm: 30,
        fields: ['code'],
      },
    });
    const tube = (await templates()).get('TUBE-DM');
    const job = await ok<{ jobId: number }>(labels.print, {
      body: { codes, templateId: tube?.id, printer: printer() },
    });
    const response = await call(
      env.app,
      labels.sheet,
      { session: keeper, lang: 'zh_CN', params: { id: job.jobId } },
      env.clock.now,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = new Uint8Array(response.rawPayload);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = (await pdfPages(pdf)).flat().join('\n');
    expect(text).toContain('标签打印页');
    // The template is named in the sheet's language: Chinese here, English for an English reader.
    expect(text).toContain('采样管标签');
    const english = await call(
      env.app,
      labels.sheet,
      { session: keeper, lang: 'en_US', params: { id: job.jobId } },
      env.clock.now,
    );
    const englishText = (await pdfPages(new Uint8Array(english.rawPayload))).flat().join('\n');
    expect(englishText).toContain('Tube label');
    expect(englishText).not.toContain('采样管标签');
    expect(text).toContain(`LJ-${String(job.jobId).padStart(6, '0')}`);
    // Every label's readable code is on the sheet, once.
    for (const code of codes) expect(text.split(code).length - 1, code).toBe(1);
    const [entry] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'labels.sheet'), eq(auditLog.entityId, String(job.jobId))));
    expect(entry?.newValue).toMatchObject({ printer: 'PDF', labels: 14 });
    // A job of a project outside the caller's scope answers as if it did not exist.
    const hidden = await projectOutsideScope(env, `LABEL-SHEET-${engine}`);
    await env.handle.db
      .update(labelPrintJobs)
      .set({ projectIds: [hidden] })
      .where(eq(labelPrintJobs.id, job.jobId));
    const refused = envelope(
      await call(env.app, labels.sheet, { session: keeper, params: { id: job.jobId } }, env.clock.now),
    );
    expect(refused.code).toBe(ResultCode.NOT_FOUND);
    // Without the print permission: refused.
    const site = await login(env, '13900000001');
    expect(
      envelope(await call(env.app, labels.sheet, { session: site, params: { id: job.jobId } }, env.clock.now))
        .code,
    ).toBe(ResultCode.FORBIDDEN);
  });

  it('prints the labels alone for adhesive label stock: no letterhead, job details or page footer', async () => {
    const codes = await reserve('tube', 30);
    const tube = (await templates()).get('TUBE-DM');
    const job = await ok<{ jobId: number }>(labels.print, {
      body: { codes, templateId: tube?.id, printer: printer() },
    });
    const sheet = async (body?: { letterhead: boolean }) => {
      const response = await call(
        env.app,
        labels.sheet,
        { session: keeper, lang: 'en_US', params: { id: job.jobId }, ...(body ? { body } : {}) },
        env.clock.now,
      );
      expect(response.statusCode).toBe(200);
      return (await pdfPages(new Uint8Array(response.rawPayload))).flat().join('\n');
    };
    const jobNo = `LJ-${String(job.jobId).padStart(6, '0')}`;
    // Framed (the default): the lab's letterhead, the title, the job's number and the page footer.
    const framed = await sheet();
    for (const part of [DEMO_LAB_PROFILE.name.en_US, 'Label sheet', jobNo, 'Page 1'])
      expect(framed).toContain(part);
    const bare = await sheet({ letterhead: false });
    for (const part of [DEMO_LAB_PROFILE.name.en_US, DEMO_LAB_PROFILE.email, 'Label sheet', jobNo, 'Page'])
      expect(bare).not.toContain(part);
    for (const code of codes) expect(bare.split(code).length - 1, code).toBe(1);
    const [entry] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'labels.sheet'), eq(auditLog.entityId, String(job.jobId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.newValue).toMatchObject({ printer: 'PDF (labels only)', labels: 30 });
  });
});
