import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, userProjects } from '../src/db/schema.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const { project } = endpoints;

type PreviewRow = {
  line: number;
  action: string;
  errors: Array<{ problem: string; message: string }>;
} & Record<string, unknown>;
type Preview = { rows: PreviewRow[]; valid: number; invalid: number };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet as a user fills the template: a header row, then the rows. */
async function sheet(rows: Array<Array<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('sheet');
  ws.addRow(['header']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The cells of a downloaded workbook's first sheet, row by row (first cell at index 0). */
async function cells(payload: unknown): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe.each(FEATURE_ENGINES)('project record imports, exports and user lists on %s', (engine) => {
  let env: TestEnv;
  let pm: Session;
  let lab: Session;
  let site: Session;
  let km1: number;
  let km3: number;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const raw = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const upload = async (session: Session, rows: Array<Array<string | number>>) =>
    storeFile(env, {
      name: 'rows.xlsx',
      mime: XLSX,
      content: await sheet(rows),
      uploadedBy: session.login.user.id,
    });
  const projectId = async (projectNo: string) =>
    (
      await env.handle.db.select({ id: projects.id }).from(projects).where(eq(projects.projectNo, projectNo))
    )[0]?.id ?? 0;

  beforeAll(async () => {
    env = await startEnv(engine);
    pm = await login(env, '13800000003');
    lab = await login(env, '13800000001');
    site = await login(env, '13900000001');
    km1 = await projectId('KM-2026-001');
    km3 = await projectId('KM-2026-003');
    // The demo grants the manager every project: without KM-2026-003 it is out of their scope.
    await env.handle.db
      .delete(userProjects)
      .where(and(eq(userProjects.userId, pm.login.user.id), eq(userProjects.projectId, km3)));
  });
  afterAll(() => env.close());

  it('gives each template in the caller language, headers and an example row', async () => {
    const en = await raw(pm, project.importTemplate, { lang: 'en_US', params: { type: 'center' } });
    expect(en.statusCode).toBe(200);
    expect(await cells(en.rawPayload)).toEqual([
      ['Site number', 'Research centre (code or name)', 'Site name (optional)'],
      ['01', 'RC-0001', ''],
    ]);
    const zh = await raw(pm, project.importTemplate, { lang: 'zh_CN', params: { type: 'contact' } });
    expect((await cells(zh.rawPayload))[0]).toEqual(['姓名', '角色', '电话（可选）', '邮箱（可选）']);
  });

  it('previews sites: a centre by code or name, row errors with line, column and message', async () => {
    const fileId = await upload(pm, [
      ['03', 'RC-0003', ''],
      ['04', '四川大学华西医院', '华西（本部）'],
      ['05', 'RC-9999', ''],
      ['03', 'RC-0005', ''],
      ['01', 'RC-0001', ''],
      ['', 'RC-0006', ''],
    ]);
    const preview = await as(pm, project.centerImport, {
      lang: 'en_US',
      body: { fileId, existing: ['01', '02'] },
    });
    const data = preview.data as Preview;
    expect(
      data.rows.map((r) => [r.line, r.action, r.researchCenterId !== null, r.errors.map((e) => e.problem)]),
    ).toEqual([
      [2, 'insert', true, []],
      [3, 'insert', true, []],
      [4, 'skip', false, ['unknownCenter']],
      [5, 'skip', true, ['repeated']],
      [6, 'skip', true, ['inRecord']],
      [7, 'skip', true, ['missing']],
    ]);
    expect(data.rows[1]).toMatchObject({ researchCenterName: '四川大学华西医院', name: '华西（本部）' });
    expect(data.rows.map((r) => r.errors[0]?.message).slice(2)).toEqual([
      'The research centre "RC-9999" does not exist or is disabled',
      'The same Site number as row 2',
      'The Site number "01" is already in the record',
      'Site number is missing',
    ]);
    expect(data).toMatchObject({ valid: 2, invalid: 4 });
  });

  it('previews groups and contacts: lengths, bad e-mail and phone, repeats; messages in Chinese', async () => {
    const groups = await upload(pm, [
      ['A', '试验组'],
      ['C', ''],
      ['TOO-LONG-GROUP-CODE', '长编码组'],
      ['a', '重复组'],
    ]);
    const g = (await as(pm, project.groupImport, { lang: 'zh_CN', body: { fileId: groups } }))
      .data as Preview;
    expect(g.rows.map((r) => [r.action, r.errors.map((e) => e.message)])).toEqual([
      ['insert', []],
      ['skip', ['缺少组别名称']],
      ['skip', ['组别编码超过 16 个字符']],
      ['skip', ['组别编码与第 2 行重复']],
    ]);
    const contacts = await upload(pm, [
      ['钱立', 'CRA', '13900001111', 'qian@example.com'],
      ['孙婷', 'PM', '12345', 'sun-at-example'],
      ['钱立', 'CRA', '', ''],
      ['钱立', '稽查', '010-66668888', ''],
    ]);
    const c = await as(pm, project.contactImport, {
      lang: 'en_US',
      body: { fileId: contacts, existing: [{ name: '周敏', role: 'CRA' }] },
    });
    expect((c.data as Preview).rows.map((r) => [r.action, r.errors.map((e) => e.problem)])).toEqual([
      ['insert', []],
      ['skip', ['badPhone', 'badEmail']],
      ['skip', ['repeated']],
      ['insert', []],
    ]);
  });

  it('refuses an unreadable file, an empty sheet and another user upload as a whole', async () => {
    const junk = await storeFile(env, {
      name: 'notes.xlsx',
      mime: XLSX,
      content: Buffer.from('not a workbook'),
      uploadedBy: pm.login.user.id,
    });
    const unreadable = await as(pm, project.groupImport, { lang: 'en_US', body: { fileId: junk } });
    expect(unreadable).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: 'The file cannot be read: use the import template (xlsx)',
    });
    const empty = await upload(pm, []);
    expect((await as(pm, project.groupImport, { lang: 'zh_CN', body: { fileId: empty } })).msg).toBe(
      '文件中没有数据行',
    );
    const theirs = await upload(lab, [['A', '试验组']]);
    expect((await as(pm, project.groupImport, { body: { fileId: theirs } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
    expect((await as(lab, project.groupImport, { body: { fileId: theirs } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });

  it('exports a record section in the import layout; only within the caller projects', async () => {
    const sites = await raw(pm, project.export, {
      lang: 'en_US',
      params: { id: km1 },
      query: { infoType: 'center' },
    });
    expect(sites.statusCode).toBe(200);
    const rows = await cells(sites.rawPayload);
    expect(rows[0]).toEqual(['Site number', 'Research centre (code or name)', 'Site name (optional)']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['01', '02']);
    const contacts = await raw(pm, project.export, {
      lang: 'zh_CN',
      params: { id: km1 },
      query: { infoType: 'contact' },
    });
    expect((await cells(contacts.rawPayload))[0]).toEqual(['姓名', '角色', '电话（可选）', '邮箱（可选）']);
    const hidden = await as(pm, project.export, { params: { id: km3 }, query: { infoType: 'group' } });
    expect(hidden.code).toBe(ResultCode.FORBIDDEN);
    const bad = await as(pm, project.export, { params: { id: km1 }, query: { infoType: 'visits' } });
    expect(bad.code).toBe(ResultCode.BAD_REQUEST);
  });

  it('lists the research users, external users and receivers of a project, and exports the users', async () => {
    const research = await as(pm, project.pageResearchUser, { body: { projectId: km1, keyword: '张' } });
    expect(
      (research.data as Array<{ username: string; jobNumber: string | null }>).map((u) => u.username),
    ).toEqual(['张项目']);
    const everyone = await as(pm, project.pageResearchUser, { body: { projectId: km1, size: 50 } });
    const names = (everyone.data as Array<{ username: string }>).map((u) => u.username);
    expect(names).toContain('吴新人');
    expect(names).not.toContain('陈中心');
    expect(everyone.total).toBe(names.length);

    const external = await as(pm, project.externalUsers, { body: { projectId: km1, keyword: '陈中心' } });
    expect(external.data).toEqual([
      expect.objectContaining({ username: '陈中心', centerNo: '01', siteName: '北京协和医院', status: 1 }),
    ]);
    const receivers = await as(pm, project.pageReceiver, { body: { projectId: km1 } });
    const first = (receivers.data as Array<Record<string, unknown>>)[0];
    expect(first).toMatchObject({
      centerNo: '01',
      name: '陈中心',
      phone: '13900000001',
      area: '北京市/东城区',
    });
    expect(first?.orders).toBeGreaterThan(1);
    const byPhone = await as(pm, project.pageReceiver, { body: { projectId: km1, keyword: '13900000001' } });
    expect(byPhone.total).toBe(1);
    expect((await as(pm, project.pageReceiver, { body: { projectId: km1, keyword: '无此人' } })).total).toBe(
      0,
    );

    const book = await raw(pm, project.researchUserExport, { lang: 'en_US', params: { projectId: km1 } });
    const rows = await cells(book.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['Job number', 'Name', 'Mobile']);
    expect(rows.length - 1).toBe(names.length);
    const externalBook = await raw(pm, project.externalUserExport, {
      body: { projectId: km1, siteId: undefined },
    });
    expect((await cells(externalBook.rawPayload)).some((r) => r.includes('陈中心'))).toBe(true);

    expect((await as(pm, project.pageResearchUser, { body: { projectId: km3 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await as(site, project.externalUsers, { body: { projectId: km1 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await as(pm, project.pageReceiver, { body: { projectId: 999_999 } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
  });

  it('looks projects up only within the caller scope: by number, with sites, today, addresses', async () => {
    expect(
      (await as(site, project.authedByProjectNo, { query: { projectNo: 'KM-2026-001' } })).data,
    ).toMatchObject({
      id: km1,
      projectNo: 'KM-2026-001',
    });
    for (const projectNo of ['KM-2026-002', 'KM-2026-404'])
      expect(await as(site, project.authedByProjectNo, { query: { projectNo } })).toMatchObject({
        code: 200,
        data: null,
      });

    const mine = (await as(site, project.allWithSites)).data as Array<{
      projectNo: string;
      sites: Array<{ centerNo: string }>;
    }>;
    expect(mine.map((p) => [p.projectNo, p.sites.map((s) => s.centerNo)])).toEqual([['KM-2026-001', ['01']]]);
    const pms = (await as(pm, project.allWithSites)).data as typeof mine;
    expect(pms.find((p) => p.projectNo === 'KM-2026-001')?.sites.map((s) => s.centerNo)).toEqual([
      '01',
      '02',
    ]);

    const [barcode] = await env.handle.db
      .select({ id: specimenBarcodes.id })
      .from(specimenBarcodes)
      .where(eq(specimenBarcodes.projectId, km1))
      .limit(1);
    await env.handle.db
      .update(specimenBarcodes)
      .set({ signedAt: new Date(env.clock.now) })
      .where(eq(specimenBarcodes.id, barcode?.id ?? 0));
    const today = (await as(site, project.dailyProjectNos)).data as Array<{
      projectNo: string;
      samples: number;
    }>;
    expect(today.map((p) => p.projectNo)).toEqual(['KM-2026-001']);
    expect(today[0]?.samples).toBeGreaterThanOrEqual(1);

    const addresses = (await as(pm, project.address, { body: { projectId: km1 } })).data as Array<{
      centerNo: string;
      centerName: string | null;
    }>;
    expect(addresses.map((a) => [a.centerNo, a.centerName])).toEqual([
      ['01', '北京协和医院'],
      ['02', '上海交通大学医学院附属瑞金医院'],
    ]);
    const siteOnly = (await as(site, project.address, { body: { projectId: km1 } })).data as typeof addresses;
    expect(siteOnly.map((a) => a.centerNo)).toEqual(['01']);
    expect((await as(site, project.address, { body: { projectId: km3 } })).code).toBe(ResultCode.FORBIDDEN);
  });

  it('gives a quotation the project with the visits and samples of its online plan', async () => {
    const admin = await login(env, '13800000000');
    const info = await as(admin, project.quotationInfo, { query: { projectId: km1 } });
    const data = info.data as {
      sponsor: string;
      sites: number;
      plan: { revision: number } | null;
      visits: Array<{ name: string; samples: Array<{ sampleTypeName: string; count: number }> }>;
    };
    expect(data).toMatchObject({ sponsor: '华康制药', sites: 2, plan: { revision: 1 } });
    expect(data.visits).toHaveLength(5);
    expect(data.visits.some((v) => v.samples.length > 0)).toBe(true);
    expect((await as(pm, project.quotationInfo, { query: { projectId: km1 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});
