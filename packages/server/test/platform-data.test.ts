import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dictData, users } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const { dept, dict } = endpoints;

type Dept = {
  id: number;
  parentId: number | null;
  name: string;
  code: string | null;
  status: number;
  memberCount: number;
  version: number;
};
type PreviewRow = {
  line: number;
  dictNo: number | null;
  value: string;
  action: string;
  errors: Array<{ problem: string; message: string }>;
};

/** An import sheet: header row, then these rows (dictNo, value, label, enLabel, sort). */
async function sheet(rows: Array<Array<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('字典');
  ws.addRow(['字典编号', '字典值', '中文名称', '英文名称', '排序']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(FEATURE_ENGINES)('departments and dictionaries on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let platform: Session;
  let lab: Session;
  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const tree = async () => envelope(await as(admin, dept.tree)).data as Dept[];
  const byCode = async (code: string) => {
    const found = (await tree()).find((d) => d.code === code);
    if (!found) throw new Error(`no department ${code}`);
    return found;
  };

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    platform = await login(env, '13800000007');
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  it('answers the demo tree with member counts', async () => {
    const all = await tree();
    expect(all.length).toBeGreaterThanOrEqual(10);
    const top = await byCode('LAB');
    const testing = await byCode('LAB-TST');
    expect(testing.parentId).toBe(top.id);
    const members = await env.handle.db.select().from(users).where(eq(users.deptId, testing.id));
    expect(members.length).toBeGreaterThan(0);
    expect(testing.memberCount).toBe(members.length);
    expect((await byCode('LAB-TST-HIS')).status).toBe(0);
  });

  it('creates and moves departments without cycles and with names unique among siblings', async () => {
    const top = await byCode('LAB');
    const created = envelope(
      await as(platform, dept.create, {
        body: {
          name: '细胞组',
          parentId: top.id,
          code: 'LAB-CELL',
          leader: '郑组长',
          phone: '021-1',
          sort: 5,
        },
      }),
    );
    expect(created.code).toBe(200);
    const id = (created.data as { id: number }).id;
    const taken = await as(platform, dept.create, { body: { name: '细胞组 ', parentId: top.id } });
    expect(envelope(taken)).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: 'The parent department already has a department named "细胞组"',
    });
    // The same name under another parent is fine.
    const elsewhere = await as(platform, dept.create, {
      body: { name: '细胞组', parentId: (await byCode('PM')).id },
    });
    expect(envelope(elsewhere).code).toBe(200);
    const codeTaken = await as(platform, dept.create, { body: { name: '其他组', code: 'LAB-CELL' } });
    expect(envelope(codeTaken).code).toBe(ResultCode.DUPLICATE);

    const cell = (await tree()).find((d) => d.id === id) as Dept;
    const child = envelope(await as(platform, dept.create, { body: { name: '细胞一组', parentId: id } }))
      .data as { id: number };
    const cycle = await as(platform, dept.update, {
      body: { id, version: cell.version, name: '细胞组', parentId: child.id },
      lang: 'zh_CN',
    });
    expect(envelope(cycle)).toMatchObject({ code: 400, msg: '不能把部门移到它自己或它的下级部门之下' });
    const moved = await as(platform, dept.update, {
      body: {
        id,
        version: cell.version,
        name: '细胞组',
        parentId: (await byCode('LAB-TST')).id,
        code: 'LAB-CELL',
      },
    });
    expect(envelope(moved).code).toBe(200);
    const after = (await tree()).find((d) => d.id === id) as Dept;
    expect(after).toMatchObject({ parentId: (await byCode('LAB-TST')).id, status: 1, code: 'LAB-CELL' });
    const audit = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dept.update'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it('disables a department only when it has no enabled members or sub-departments', async () => {
    const testing = await byCode('LAB-TST');
    const members = await as(platform, dept.updateStatus, {
      body: { id: testing.id, status: 0, version: testing.version },
    });
    expect(envelope(members).code).toBe(400);
    expect(envelope(members).msg).toMatch(/enabled sub-departments|enabled members/);

    const molecular = await byCode('LAB-TST-MOL');
    const disabled = await as(platform, dept.updateStatus, {
      body: { id: molecular.id, status: 0, version: molecular.version },
    });
    expect(envelope(disabled).code).toBe(200);
    // A department under a disabled one cannot be created, nor the parent's child enabled again
    // once the parent is disabled.
    const under = await as(platform, dept.create, { body: { name: 'PCR', parentId: molecular.id } });
    expect(envelope(under)).toMatchObject({
      code: 400,
      msg: 'The parent department is disabled: enable it first',
    });

    // A department with an enabled member: the member's account must go first.
    const it = await byCode('IT');
    const [member] = await env.handle.db.select({ id: users.id }).from(users).where(eq(users.deptId, it.id));
    expect(member).toBeDefined();
    const busy = await as(platform, dept.updateStatus, {
      body: { id: it.id, status: 0, version: it.version },
    });
    expect(envelope(busy)).toMatchObject({ code: 400 });
    expect(envelope(busy).msg).toContain('enabled members');
    // An edit without a status keeps it.
    const edited = await as(platform, dept.update, {
      body: { id: it.id, version: it.version, name: it.name, code: 'IT', sort: 7 },
    });
    expect(envelope(edited).code).toBe(200);
    expect((await byCode('IT')).status).toBe(1);
  });

  it('refuses department changes to users without the permission', async () => {
    expect(envelope(await as(lab, dept.tree)).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await as(lab, dept.create, { body: { name: 'x' } })).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await as(lab, dict.importPreview, { body: { fileId: 1 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect(envelope(await as(lab, dict.typeList, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
  });

  it('lists dictionaries, edits an item and moves the revision on', async () => {
    const version = async () =>
      envelope(await call(env.app, dict.sysVersion, {}, env.clock.now)).data as string;
    const types = envelope(await as(platform, dict.typeList, { body: { keyword: '1011' } })).data as Array<{
      dictNo: number;
      itemCount: number;
      enabledCount: number;
    }>;
    expect(types).toHaveLength(1);
    expect(types[0]).toMatchObject({ dictNo: 1011 });
    expect(types[0]?.itemCount).toBeGreaterThan(1);
    const all = envelope(await as(platform, dict.typeList, { body: {} })).data as unknown[];
    expect(all.length).toBeGreaterThanOrEqual(23);

    const before = await version();
    expect(before).toMatch(/^\d+\.\d+\.\d+.*\+dict\.\d+$/);
    const [item] = await env.handle.db.select().from(dictData).where(eq(dictData.dictNo, 1019));
    if (!item) throw new Error('no item');
    const edited = await as(platform, dict.update, {
      body: {
        id: item.id,
        version: item.version,
        value: item.value,
        label: '其他备注',
        enLabel: 'Other',
        sort: 3,
        status: 0,
      },
    });
    expect(envelope(edited).code).toBe(200);
    const after = await version();
    expect(after).not.toBe(before);
    const enabled = envelope(await as(lab, dict.types, { body: { types: [1019] } })).data as Record<
      string,
      Array<{ id: number }>
    >;
    expect(enabled['1019']?.some((i) => i.id === item.id)).toBe(false);

    const duplicate = await as(platform, dict.batchInsert, {
      body: { dictNo: 1019, items: [{ value: item.value, label: 'x', enLabel: 'x' }] },
    });
    expect(envelope(duplicate).code).toBe(ResultCode.DUPLICATE);
    expect(await version()).toBe(after);
  });

  it('previews an xlsx import with row errors, writing nothing, then writes the valid rows', async () => {
    const content = await sheet([
      [1011, 'teal', '青色', 'Teal', 12],
      [1011, 'teal', '青色2', 'Teal 2', 13],
      [9999, 'x', '未知', 'Unknown', ''],
      [1011, 'amber', '', 'Amber', 'first'],
      [1011, '1', '红色（新）', 'Red (new)', ''],
    ]);
    const fileId = await storeFile(env, {
      name: 'dict.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content,
      uploadedBy: platform.login.user.id,
    });
    const rowsBefore = await env.handle.db.select().from(dictData);
    const versionBefore = envelope(await call(env.app, dict.sysVersion, {}, env.clock.now)).data;
    const preview = envelope(await as(platform, dict.importPreview, { body: { fileId } }));
    expect(preview.code).toBe(200);
    const data = preview.data as { rows: PreviewRow[]; valid: number; invalid: number };
    expect(data.rows.map((r) => [r.line, r.action, r.errors.map((e) => e.problem)])).toEqual([
      [2, 'insert', []],
      [3, 'skip', ['repeatedValue']],
      [4, 'skip', ['unknownType']],
      [5, 'skip', ['missingLabel', 'badSort']],
      [6, expect.stringMatching(/insert|update/), []],
    ]);
    expect(data.rows[1]?.errors[0]?.message).toBe('The same value as row 2');
    expect(data.rows[2]?.errors[0]?.message).toBe('Dictionary 9999 does not exist');
    expect(data).toMatchObject({ valid: 2, invalid: 3 });
    expect(await env.handle.db.select().from(dictData)).toEqual(rowsBefore);

    const zh = envelope(await as(platform, dict.importPreview, { body: { fileId }, lang: 'zh_CN' })).data as {
      rows: PreviewRow[];
    };
    expect(zh.rows[3]?.errors.map((e) => e.message)).toEqual(['缺少中文名称', '排序须为 0 至 9999 的整数']);

    const notMine = await as(admin, dict.importConfirm, { body: { fileId } });
    expect(envelope(notMine).code).toBe(400);

    const confirmed = envelope(await as(platform, dict.importConfirm, { body: { fileId } }));
    expect(confirmed.code).toBe(200);
    expect((confirmed.data as { skipped: number }).skipped).toBe(3);
    const teal = await env.handle.db
      .select()
      .from(dictData)
      .where(and(eq(dictData.dictNo, 1011), eq(dictData.value, 'teal')));
    expect(teal).toMatchObject([{ label: '青色', enLabel: 'Teal', sort: 12, status: 1 }]);
    expect(envelope(await call(env.app, dict.sysVersion, {}, env.clock.now)).data).not.toBe(versionBefore);

    const allBad = await storeFile(env, {
      name: 'bad.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: await sheet([[8888, 'x', 'x', 'x', 1]]),
      uploadedBy: platform.login.user.id,
    });
    const nothing = await as(platform, dict.importConfirm, { body: { fileId: allBad } });
    expect(envelope(nothing)).toMatchObject({
      code: 400,
      msg: 'No row of the file can be imported: fix the errors shown in the preview and upload it again',
    });
    const unreadable = await storeFile(env, {
      name: 'x.xlsx',
      mime: 'application/zip',
      content: Buffer.from('abc'),
      uploadedBy: platform.login.user.id,
    });
    expect(envelope(await as(platform, dict.importPreview, { body: { fileId: unreadable } })).code).toBe(400);
  });

  it('answers the import template', async () => {
    const response = await as(platform, dict.importTemplate);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('Dictionary no.');
  });
});
