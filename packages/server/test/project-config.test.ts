import {
  endpoints,
  type ProjectItemLogRow,
  type ProjectTestItemRow,
  ResultCode,
  type VoidedBarcodeRow,
} from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema.js';
import { labSubjects } from '../src/db/schema-lab.js';
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

const { voidedBarcodes, projectTestItems, projectItemLog, sampleCode, report } = endpoints;

describe.each(FEATURE_ENGINES)('project configuration on %s', (engine) => {
  let env: TestEnv;
  let pm: Session;
  let lab: Session;
  let reviewer: Session;
  let admin: Session;
  let outside: number;
  const project = new Map<string, number>();
  const item = new Map<string, number>();
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const voided = async (body: object = {}) =>
    (await as(pm, voidedBarcodes.paging, { body: { size: 50, ...body } })).data as VoidedBarcodeRow[];
  const ranges = async (projectId: number) =>
    (await as(pm, projectTestItems.list, { body: { projectId } })).data as ProjectTestItemRow[];

  beforeAll(async () => {
    env = await startEnv(engine);
    pm = await login(env, '13800000003');
    lab = await login(env, '13800000001');
    reviewer = await login(env, '13800000002');
    admin = await login(env, '13800000000');
    outside = await projectOutsideScope(env, 'KM-TEST-CONFIG');
    const db = env.handle.db;
    for (const p of await db.select().from(s.projects)) project.set(p.projectNo, p.id);
    for (const t of await db.select().from(s.testItems)) item.set(t.code, t.id);
  });
  afterAll(() => env.close());

  it('lists the demo voided barcodes with who and why; voids a pasted list once', async () => {
    const p1 = project.get('KM-2026-001') as number;
    const demo = await voided({ projectId: p1 });
    // Three tube codes voided at the project's set-up, and the misprinted kit label the label desk
    // voided (seed/supply-barcodes-demo.ts), newest first.
    expect(demo.map((r) => r.code)).toEqual(['KM001-V0093', 'KM001-V0092', 'T000000009Y', 'KM001-V0091']);
    expect(demo[0]).toMatchObject({
      projectNo: 'KM-2026-001',
      voidedBy: '张项目',
      reasonCode: 'withdrawn',
      reason: '受试者退出研究',
    });

    // The reason is a code of dictionary 1025, with words; `other` needs the words.
    const base = { projectId: p1, codes: ['PC-0001\nPC-0002', 'PC-0002'] };
    const unknown = await as(pm, voidedBarcodes.void, { body: { ...base, reasonCode: 'lost', reason: '' } });
    expect(unknown).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: 'Void reason "lost" is not an enabled barcode void reason (dictionary 1025)',
    });
    const bare = await as(pm, voidedBarcodes.void, {
      body: { ...base, reasonCode: 'other', reason: ' ' },
      lang: 'zh_CN',
    });
    expect(bare).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: '作废原因为“其他”时须填写说明' });
    const body = { ...base, reasonCode: 'duplicate', reason: '标签重复' };
    expect(await as(pm, voidedBarcodes.void, { body })).toMatchObject({ code: 200, data: { count: 2 } });
    const again = await as(pm, voidedBarcodes.void, {
      body: { ...body, codes: ['PC-0002', 'PC-0003'] },
      lang: 'en_US',
    });
    expect(again.code).toBe(ResultCode.DUPLICATE);
    expect(again.msg).toContain('PC-0002');
    const listed = await voided({ keyword: 'PC-' });
    expect(listed.map((r) => [r.code, r.reasonCode, r.reason])).toEqual([
      ['PC-0002', 'duplicate', '标签重复'],
      ['PC-0001', 'duplicate', '标签重复'],
    ]);
  });

  it("refuses a project outside the caller's scope and callers without the permission", async () => {
    const out = await as(pm, voidedBarcodes.void, {
      body: { projectId: outside, codes: ['X'], reasonCode: 'misprint', reason: 'r' },
    });
    expect(out.code).toBe(ResultCode.FORBIDDEN);
    expect((await as(reviewer, voidedBarcodes.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
    expect((await as(reviewer, projectItemLog.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
  });

  it('refuses a voided barcode at registration; un-voided with a reason it registers', async () => {
    const p1 = project.get('KM-2026-001') as number;
    const register = (codes: string[]) =>
      as(lab, sampleCode.register, { body: { projectId: p1, codes }, lang: 'en_US' });
    const refused = await register(['PC-0001', 'PC-0009']);
    expect(refused.code).toBe(ResultCode.INVALID_STATE);
    expect(refused.msg).toContain('voided');
    expect(refused.msg).toContain('PC-0001');
    const [row] = await voided({ keyword: 'PC-0001' });
    const restored = await as(pm, voidedBarcodes.restore, { body: { ids: [row?.id], reason: '误作废' } });
    expect(restored).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await as(pm, voidedBarcodes.restore, { body: { ids: [row?.id], reason: 'x' } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    expect((await register(['PC-0001', 'PC-0009'])).code).toBe(200);
  });

  it("keeps a project's reference ranges: checked, one per sex and age band, versioned", async () => {
    const p2 = project.get('KM-2026-002') as number;
    const hba1c = item.get('HBA1C') as number;
    expect((await ranges(p2)).map((r) => [r.code, r.low, r.high, r.defaultRange])).toEqual([
      ['RFT', 50, 110, '57-111'],
    ]);
    const items = (await as(pm, projectTestItems.items, { body: {} })).data as Array<{ code: string }>;
    expect(items.map((i) => i.code)).toContain('HBA1C');
    const base = { projectId: p2, testItemId: hba1c, unit: '%' };
    const bad = await as(pm, projectTestItems.save, { body: { ...base, low: 7, high: 4 } });
    expect(bad.code).toBe(ResultCode.BAD_REQUEST);
    const created = await as(pm, projectTestItems.save, { body: { ...base, low: 4, high: 6.5, sex: 'F' } });
    expect(created).toMatchObject({ code: 200, data: { version: 1 } });
    const { id } = created.data as { id: number };
    expect((await as(pm, projectTestItems.save, { body: { ...base, low: 3, high: 6, sex: 'F' } })).code).toBe(
      ResultCode.DUPLICATE,
    );
    const edited = await as(pm, projectTestItems.save, {
      body: { ...base, id, version: 1, low: 4, high: 6.2, sex: 'F' },
    });
    expect(edited).toMatchObject({ code: 200, data: { version: 2 } });
    const stale = await as(pm, projectTestItems.save, {
      body: { ...base, id, version: 1, low: 4, high: 6, sex: 'F' },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
    expect((await ranges(p2)).find((r) => r.id === id)).toMatchObject({ high: 6.2, sex: 'F', code: 'HBA1C' });
    expect(await as(pm, projectTestItems.remove, { params: { id } })).toMatchObject({ code: 200 });
    expect((await ranges(p2)).map((r) => r.code)).toEqual(['RFT']);
    expect((await as(pm, projectTestItems.list, { body: { projectId: outside } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });

  it("prints the project's range for the subject's sex on a result, the item's own elsewhere", async () => {
    const [subject] = await env.handle.db
      .select()
      .from(labSubjects)
      .where(eq(labSubjects.subjectNo, 'S-001-0201'));
    if (!subject) throw new Error('no demo subject');
    const results = [
      { testItemId: item.get('RFT') as number, value: '108' },
      { testItemId: item.get('LFT') as number, value: '30' },
    ];
    const created = await as(lab, report.create, {
      body: { subjectId: subject.id, barcode: 'PC-RANGE-01', results },
    });
    expect(created.code).toBe(200);
    const got = await as(lab, report.get, { params: { id: (created.data as { id: number }).id } });
    const rows = (
      got.data as {
        results: Array<{ code: string; referenceRange: string; unit: string; flag: string | null }>;
      }
    ).results;
    // Male subject of KM-2026-001: creatinine 59-104 (the item's own is 57-111, where 108 is normal).
    expect(rows.map((r) => [r.code, r.referenceRange, r.unit, r.flag])).toEqual([
      ['LFT', '7-40', 'U/L', null],
      ['RFT', '59-104', 'μmol/L', 'H'],
    ]);
  });

  it('shows the configuration history by project, with old and new values, and exports it', async () => {
    const p1 = project.get('KM-2026-001') as number;
    const page = await as(pm, projectItemLog.paging, { body: { projectId: p1, size: 50 } });
    const rows = page.data as ProjectItemLogRow[];
    expect(rows[0]).toMatchObject({ action: 'voidedBarcodes.restore', reason: '误作废', username: '张项目' });
    expect(rows[0]?.oldValue).toMatchObject({ projectId: p1, codes: ['PC-0001'] });
    expect(rows.filter((r) => r.action === 'projectTestItems.create')).toHaveLength(3);
    expect(rows.every((r) => r.entity === 'voidedBarcode' || r.entity === 'projectTestItem')).toBe(true);
    const p2 = project.get('KM-2026-002') as number;
    const hba1c = () => item.get('HBA1C') as number;
    const other = (
      await as(pm, projectItemLog.paging, { body: { projectId: p2, action: 'projectTestItems.update' } })
    ).data as ProjectItemLogRow[];
    expect(other).toHaveLength(1);
    expect(other[0]?.oldValue).toMatchObject({ high: 6.5 });
    expect(other[0]?.newValue).toMatchObject({ high: 6.2 });
    // Named as the page names them: the project by number and name, the range by its analyte.
    expect(other[0]?.refs[`project:${p2}`]).toMatch(/^KM-2026-002 /);
    expect(Object.entries(other[0]?.refs ?? {})).toContainEqual([`testItem:${hba1c()}`, expect.any(String)]);
    // A dictionary-coded value (the void reason, dictionary 1025) comes with its words in the
    // reader's language.
    const english = (
      await call(
        env.app,
        projectItemLog.paging,
        {
          session: pm,
          body: { projectId: p1, action: 'voidedBarcodes.void', size: 50 },
          lang: 'en_US',
        },
        env.clock.now,
      )
    ).json() as { data: ProjectItemLogRow[] };
    const withdrawn = english.data.find((r) => JSON.stringify(r.newValue).includes('"withdrawn"'));
    expect(withdrawn?.refs['dict:1025:withdrawn']).toBe('Subject withdrawn');
    const chinese = (
      await as(pm, projectItemLog.paging, {
        body: { projectId: p1, action: 'voidedBarcodes.void', size: 50 },
        lang: 'zh_CN',
      })
    ).data as ProjectItemLogRow[];
    expect(chinese.find((r) => r.id === withdrawn?.id)?.refs['dict:1025:withdrawn']).toBe('受试者退出');
    const options = (await as(pm, projectItemLog.options)).data as { actions: string[]; usernames: string[] };
    expect(options.actions).toEqual(
      expect.arrayContaining(['projectTestItems.update', 'voidedBarcodes.restore']),
    );
    expect(options.actions.every((a) => /^(projectTestItems|voidedBarcodes)\./.test(a))).toBe(true);
    expect(options.usernames).toContain('张项目');
    // A project outside the manager's: its history is not shown to them (nothing, not an error).
    const voidOutside = {
      projectId: outside,
      codes: ['OUT-0001'],
      reasonCode: 'duplicate',
      reason: '标签重复',
    };
    expect((await as(admin, voidedBarcodes.void, { body: voidOutside })).code).toBe(200);
    expect((await as(admin, projectItemLog.paging, { body: { projectId: outside } })).total).toBe(1);
    expect((await as(pm, projectItemLog.paging, { body: { projectId: outside } })).total).toBe(0);

    const response = await call(
      env.app,
      projectItemLog.export,
      { session: pm, lang: 'en_US', body: { projectId: p2 } },
      env.clock.now,
    );
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0];
    expect(ws?.rowCount).toBe(1 + 4);
    // In words: the action, the object, the record and each field.
    expect(ws?.getRow(2).getCell(4).value).toBe('Project reference range · delete');
    expect(ws?.getRow(2).getCell(5).value).toBe('Project reference range');
    expect(String(ws?.getRow(2).getCell(7).value)).toMatch(/^Project: KM-2026-002 /m);
  });
});
