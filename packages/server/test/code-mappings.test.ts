import { type CodeMappingRow, endpoints, ResultCode } from '@trialab/api-contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMappings as mappingsTable } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const { codeMappings, user } = endpoints;

type Target = { id: number; code: string; name: string; enabled: boolean };
type PreviewRow = { line: number; action: string; errors: Array<{ problem: string; message: string }> };

/** A mapping sheet: header row, then rows (project no., kind, source, code, name, lab code). */
async function sheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('编码映射');
  ws.addRow(['项目编号', '类别', '来源', '外部编码', '外部名称', '实验室编码']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(FEATURE_ENGINES)('code mappings on %s', (engine) => {
  let env: TestEnv;
  let platform: Session;
  let lab: Session;
  let projectId: number;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const rows = async (body: object = {}) =>
    (await as(platform, codeMappings.paging, { body: { size: 50, ...body } })).data as CodeMappingRow[];
  const targets = async (kind: string, project?: number) =>
    (await as(platform, codeMappings.targets, { body: { kind, projectId: project } })).data as Target[];
  const resolve = async (project: number | null, kind: string, source: string, externalCode: string) =>
    (await as(platform, codeMappings.resolve, { body: { projectId: project, kind, source, externalCode } }))
      .data as CodeMappingRow | null;

  beforeAll(async () => {
    env = await startEnv(engine);
    platform = await login(env, '13800000007');
    lab = await login(env, '13800000001');
    const [seeded] = await rows({ source: '华康制药' });
    if (!seeded?.projectId) throw new Error('no seeded mapping');
    projectId = seeded.projectId;
  });
  afterAll(() => env.close());

  it('lists the demo mappings with their lab records, filtered by kind, project, source and code', async () => {
    expect(await rows()).toHaveLength(16);
    const visits = await rows({ kind: 'visit', projectId });
    expect(visits.map((r) => [r.externalCode, r.targetName, r.projectNo])).toEqual([
      ['EOT', '随访 V4', 'KM-2026-001'],
      ['V1', '基线 V1', 'KM-2026-001'],
      ['V2', '第4周 V2', 'KM-2026-001'],
    ]);
    expect((await rows({ projectId: null })).map((r) => r.targetCode)).toEqual(['PLA', 'SER']);
    expect((await rows({ code: 'hepatic' })).map((r) => r.externalCode)).toEqual(['HK-CHEM02']);
    expect((await rows({ code: 'RH-LIP' }))[0]).toMatchObject({ enabled: false, targetCode: 'LIPID' });
    // Every project may be a scope, not only those the administrator is granted.
    const projects = (await as(platform, codeMappings.projects)).data as Array<{ projectNo: string }>;
    expect(projects.map((p) => p.projectNo)).toEqual(['KM-2026-001', 'KM-2026-002', 'KM-2026-003']);
  });

  it('creates a mapping; the same code again in the scope is refused and changes nothing', async () => {
    const [cbc] = (await targets('testItem')).filter((t) => t.code === 'CBC');
    if (!cbc) throw new Error('no CBC');
    const body = {
      projectId: null,
      kind: 'testItem',
      source: 'EDC',
      externalCode: 'CBC-ALL',
      externalName: 'Blood count',
      targetId: cbc.id,
    } as const;
    expect(await as(platform, codeMappings.create, { body })).toMatchObject({
      code: 200,
      data: { version: 1 },
    });
    const before = await rows();
    const again = await as(platform, codeMappings.create, {
      lang: 'en_US',
      body: { ...body, externalName: 'x' },
    });
    expect(again.code).toBe(ResultCode.DUPLICATE);
    expect(await rows()).toEqual(before);
    // The same code in a project's scope is another mapping.
    expect((await as(platform, codeMappings.create, { body: { ...body, projectId } })).code).toBe(200);
  });

  it('refuses an unknown lab record, an unknown project, and a visit outside the project, in the user language', async () => {
    const before = await rows();
    const body = {
      projectId,
      kind: 'testItem',
      source: 'EDC',
      externalCode: 'NEW',
      targetId: 999_999,
    } as const;
    const unknown = await as(platform, codeMappings.create, { lang: 'en_US', body });
    expect(unknown).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: 'The lab record the code maps to does not exist',
    });
    const [cbc] = (await targets('testItem')).filter((t) => t.code === 'CBC');
    const noProject = await as(platform, codeMappings.create, {
      lang: 'zh_CN',
      body: { ...body, projectId: 999_999, targetId: cbc?.id ?? 0 },
    });
    expect(noProject).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: '项目不存在' });
    const [otherVisit] = (await rows({ kind: 'visit' })).filter((r) => r.projectId !== projectId);
    const wrongProject = await as(platform, codeMappings.create, {
      body: { ...body, kind: 'visit', targetId: otherVisit?.targetId ?? 0 },
    });
    expect(wrongProject.code).toBe(ResultCode.BAD_REQUEST);
    expect(await rows()).toEqual(before);
  });

  it("resolves a code to the project's own mapping first, then the all-projects one", async () => {
    expect((await resolve(projectId, 'testItem', 'EDC', 'CBC-ALL'))?.projectId).toBe(projectId);
    const [mine] = await rows({ projectId, code: 'CBC-ALL' });
    if (!mine) throw new Error('no project mapping');
    expect((await as(platform, codeMappings.delete, { params: { id: mine.id } })).data).toBe(true);
    expect((await resolve(projectId, 'testItem', 'EDC', 'CBC-ALL'))?.projectId).toBeNull();
    expect(await resolve(projectId, 'testItem', 'EDC', 'NOPE')).toBeNull();
    // A disabled mapping does not resolve.
    const [old] = await rows({ code: 'RH-LIP' });
    expect(await resolve(old?.projectId ?? null, 'testItem', '瑞和医药', 'RH-LIP')).toBeNull();
    // The delete is in the audit trail with what the mapping was.
    const log = await as(platform, user.operateLogPaging, { body: { page: 1, size: 5 } });
    expect(JSON.stringify(log.data)).toContain('codeMappings.delete');
  });

  it('edits at the version read: a stale version is refused', async () => {
    const [v1] = await rows({ projectId, kind: 'visit', code: 'V1' });
    if (!v1) throw new Error('no V1');
    const body = {
      projectId,
      kind: v1.kind,
      source: v1.source,
      externalCode: v1.externalCode,
      externalName: 'Day 1',
      targetId: v1.targetId,
      enabled: true,
    };
    const edited = await as(platform, codeMappings.update, {
      params: { id: v1.id },
      body: { ...body, version: v1.version },
    });
    expect(edited).toMatchObject({ code: 200, data: { version: v1.version + 1 } });
    const stale = await as(platform, codeMappings.update, {
      params: { id: v1.id },
      body: { ...body, version: v1.version },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
  });

  it('imports from xlsx: a preview with row errors that writes nothing, then confirms the valid rows', async () => {
    const content = await sheet([
      ['KM-2026-001', '检测项目', '华康制药', 'HK-HBA', 'HbA1c', 'HBA1C'],
      ['KM-2026-001', '检测项目', '华康制药', 'HK-HEM01', 'Hematology (renamed)', 'CBC'],
      ['KM-2026-009', '检测项目', '华康制药', 'X1', '', 'CBC'],
      ['', '访视', 'EDC', 'V9', '', '基线 V1'],
      ['KM-2026-001', 'Test item', '华康制药', 'HK-HBA', '', 'HBA1C'],
      ['', 'Sample type', '中心实验室', 'URINE', 'Urine', 'NOPE'],
    ]);
    const fileId = await storeFile(env, {
      name: 'mappings.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content,
      uploadedBy: platform.login.user.id,
    });
    const before = await env.handle.db.select().from(mappingsTable);
    const preview = await as(platform, codeMappings.importPreview, { lang: 'en_US', body: { fileId } });
    const data = preview.data as { rows: PreviewRow[]; valid: number; invalid: number };
    expect(data.rows.map((r) => [r.line, r.action, r.errors.map((e) => e.problem)])).toEqual([
      [2, 'insert', []],
      [3, 'update', []],
      [4, 'skip', ['unknownProject']],
      [5, 'skip', ['needsProject']],
      [6, 'skip', ['repeatedCode']],
      [7, 'skip', ['unknownTarget']],
    ]);
    expect(data.rows[2]?.errors[0]?.message).toBe('Project KM-2026-009 does not exist');
    expect(data).toMatchObject({ valid: 2, invalid: 4 });
    expect(await env.handle.db.select().from(mappingsTable)).toEqual(before);

    const done = await as(platform, codeMappings.importConfirm, { body: { fileId } });
    expect(done).toMatchObject({ code: 200, data: { inserted: 1, updated: 1, skipped: 4 } });
    expect((await rows({ code: 'HK-HBA' }))[0]).toMatchObject({ targetCode: 'HBA1C', projectId });
    expect((await rows({ code: 'HK-HEM01' }))[0]?.externalName).toBe('Hematology (renamed)');

    const allBad = await storeFile(env, {
      name: 'bad.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: await sheet([['', '药物', 'EDC', 'X', '', 'X']]),
      uploadedBy: platform.login.user.id,
    });
    expect((await as(platform, codeMappings.importConfirm, { body: { fileId: allBad } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
  });

  it('exports the filtered mappings in the import layout; only the administrator may use the table', async () => {
    const response = await call(
      env.app,
      codeMappings.export,
      { session: platform, lang: 'en_US', body: { kind: 'visit', projectId } },
      env.clock.now,
    );
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0];
    expect(ws?.getRow(1).getCell(4).value).toBe('External code');
    expect(ws?.getRow(2).values).toEqual([
      undefined,
      'KM-2026-001',
      'Visit',
      'EDC',
      'EOT',
      'End of treatment',
      '随访 V4',
      '随访 V4',
      'Enabled',
    ]);
    expect((await as(lab, codeMappings.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
    expect(
      (
        await as(lab, codeMappings.resolve, {
          body: { projectId: null, kind: 'visit', source: 'EDC', externalCode: 'V1' },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
  });

  it('exports in Traditional Chinese for a zh-HK reader, and that file imports again unchanged', async () => {
    const response = await call(
      env.app,
      codeMappings.export,
      { session: platform, lang: 'zh_CN', acceptLanguage: 'zh-HK', body: { kind: 'visit', projectId } },
      env.clock.now,
    );
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0];
    expect(ws?.name).toBe('編碼映射');
    expect(ws?.getRow(1).getCell(4).value).toBe('外部編碼');
    expect(ws?.getRow(2).getCell(2).value).toBe('訪視');
    expect(ws?.getRow(2).getCell(8).value).toBe('啟用');
    const fileId = await storeFile(env, {
      name: 'mappings-hk.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: response.rawPayload,
      uploadedBy: platform.login.user.id,
    });
    const preview = await as(platform, codeMappings.importPreview, {
      lang: 'zh_HK',
      body: { fileId },
    });
    const data = preview.data as { rows: PreviewRow[]; valid: number; invalid: number };
    expect(data.rows.map((r) => r.errors)).toEqual(data.rows.map(() => []));
    expect(data).toMatchObject({ valid: 3, invalid: 0 });
  });
});
