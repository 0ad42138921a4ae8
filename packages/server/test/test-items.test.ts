import { endpoints, ResultCode } from '@trialab/api-contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sampleTypes, testItems } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const api = endpoints.testItems;

interface Row {
  id: number;
  code: string;
  name: string;
  enabled: boolean;
  version: number;
  unit: string | null;
  referenceRange: string | null;
  sampleTypeName: string | null;
  fileIds: number[];
}

describe.each(FEATURE_ENGINES)('test items on %s', (engine) => {
  let env: TestEnv;
  let lab: Session;
  let finance: Session;
  let external: Session;
  let sampleTypeId: number;
  let fileId: number;
  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);

  beforeAll(async () => {
    env = await startEnv(engine);
    lab = await login(env, '13800000001');
    finance = await login(env, '13800000005');
    external = await login(env, '13900000001');
    const [type] = await env.handle.db.select().from(sampleTypes).limit(1);
    if (!type) throw new Error('no sample type seeded');
    sampleTypeId = type.id;
    fileId = await storeFile(env, {
      name: 'SOP-GLU.pdf',
      mime: 'application/pdf',
      content: Buffer.from('%PDF'),
      uploadedBy: lab.login.user.id,
    });
  });
  afterAll(() => env.close());

  const body = {
    code: 'GLU',
    name: '空腹血糖',
    enName: 'Fasting glucose',
    unit: 'mmol/L',
    referenceRange: '3.9-6.1',
    resultType: 'numeric',
    decimals: 2,
    tatHours: 24,
  } as const;

  it('creates, reads and pages test items with filters', async () => {
    const created = await as(lab, api.create, { body: { ...body, sampleTypeId, fileIds: [fileId] } });
    expect(envelope(created)).toMatchObject({ code: 200, data: { id: expect.any(Number), version: 1 } });
    const id = (envelope(created).data as { id: number }).id;

    const got = envelope(await as(lab, api.get, { params: { id } })).data as Row;
    expect(got).toMatchObject({ code: 'GLU', enabled: true, unit: 'mmol/L', fileIds: [fileId] });
    expect(got.sampleTypeName).toEqual(expect.any(String));

    const page = envelope(await as(lab, api.paging, { body: { page: 1, size: 10, keyword: '血糖' } }));
    expect(page.total).toBe(1);
    expect((page.data as Row[])[0]?.code).toBe('GLU');
    const all = envelope(await as(lab, api.paging, { body: { page: 1, size: 2 } }));
    expect(all.total).toBe(6); // five seeded + GLU
    expect(all.data as Row[]).toHaveLength(2);
    const bySampleType = envelope(await as(lab, api.paging, { body: { sampleTypeId } }));
    expect((bySampleType.data as Row[]).map((r) => r.code)).toContain('GLU');

    const filesOf = envelope(await as(lab, api.dataFiles, { query: { testItemId: id } }));
    expect(filesOf.data).toEqual([
      expect.objectContaining({ id: fileId, name: 'SOP-GLU.pdf', testItemId: id, testItemCode: 'GLU' }),
    ]);
    expect(envelope(await as(lab, api.dataFiles)).data).toHaveLength(1);
  });

  it('refuses a duplicate code, bad references and malformed input without changing anything', async () => {
    const duplicate = await as(lab, api.create, { body });
    expect(duplicate.statusCode).toBe(409);
    expect(envelope(duplicate).msg).toBe('Code already exists');

    const badType = await as(lab, api.create, { body: { ...body, code: 'GLU2', sampleTypeId: 999999 } });
    expect(badType.statusCode).toBe(400);
    expect(envelope(badType).msg).toBe('No such sample type');
    const badFile = await as(lab, api.create, { body: { ...body, code: 'GLU3', fileIds: [999999] } });
    expect(envelope(badFile)).toMatchObject({
      code: 400,
      msg: 'The file does not exist or you may not attach it: 999999',
    });
    const badCode = await call(
      env.app,
      api.create,
      { session: lab, body: { ...body, code: '#bad' }, lang: 'zh_CN' },
      env.clock.now,
    );
    expect(badCode.statusCode).toBe(400);
    expect(envelope(badCode).msg).toContain('项目编码须为1至32位');
    const badDecimals = await as(lab, api.create, { body: { ...body, code: 'GLU4', decimals: 11 } });
    expect(badDecimals.statusCode).toBe(400);
    const rows = await env.handle.db.select().from(testItems).where(eq(testItems.code, 'GLU2'));
    expect(rows).toHaveLength(0);
  });

  it('edits with the version read and refuses a stale edit', async () => {
    const [row] = await env.handle.db.select().from(testItems).where(eq(testItems.code, 'GLU'));
    if (!row) throw new Error('GLU missing');
    const edit = (version: number, referenceRange: string) =>
      as(lab, api.update, { body: { ...body, id: row.id, version, referenceRange, fileIds: [] } });
    const ok = await edit(row.version, '3.9-6.0');
    expect(envelope(ok)).toMatchObject({ code: 200, data: { version: row.version + 1 } });
    const stale = await edit(row.version, '4.0-6.0');
    expect(stale.statusCode).toBe(409);
    expect(envelope(stale).code).toBe(ResultCode.STALE_VERSION);
    const got = envelope(await as(lab, api.get, { params: { id: row.id } })).data as Row;
    expect(got).toMatchObject({ referenceRange: '3.9-6.0', fileIds: [] });
    const [audit] = await env.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'testItems.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.oldValue).toMatchObject({ referenceRange: '3.9-6.1' });
  });

  it('disables and enables; enabling an enabled item answers HTTP 400 with body code "400" (SPEC)', async () => {
    const [row] = await env.handle.db.select().from(testItems).where(eq(testItems.code, 'GLU'));
    if (!row) throw new Error('GLU missing');
    const disabled = await as(lab, api.disable, { params: { id: row.id } });
    expect(envelope(disabled).code).toBe(200);
    const again = await as(lab, api.disable, { params: { id: row.id } });
    expect(again.statusCode).toBe(400);
    expect(envelope(again)).toMatchObject({ code: 400, msg: 'The test item is already disabled' });
    const listed = envelope(await as(lab, api.paging, { body: { enabled: false } })).data as Row[];
    expect(listed.map((r) => r.code)).toEqual(['GLU']);

    const enabled = await as(lab, api.enable, { params: { id: row.id } });
    expect(envelope(enabled).code).toBe(200);
    const noop = await as(lab, api.enable, { params: { id: row.id } });
    expect(noop.statusCode).toBe(400);
    expect(noop.json()).toEqual({ code: '400', msg: 'The test item is already enabled', data: null });
    const [after] = await env.handle.db.select().from(testItems).where(eq(testItems.id, row.id));
    expect(after?.enabled).toBe(true);
    expect(after?.version).toBe(row.version + 2);

    const missing = await as(lab, api.enable, { params: { id: 999999 } });
    expect(missing.statusCode).toBe(404);
    const badId = await as(lab, api.enable, { params: { id: 'abc' } });
    expect(badId.statusCode).toBe(400);
  });

  it('refuses users without the laboratory permissions, external customers included', async () => {
    for (const session of [finance, external]) {
      const paging = await as(session, api.paging, { body: {} });
      expect(paging.statusCode).toBe(403);
      const create = await as(session, api.create, { body: { ...body, code: 'NOPE' } });
      expect(create.statusCode).toBe(403);
      const enable = await as(session, api.enable, { params: { id: 1 } });
      expect(enable.statusCode).toBe(403);
    }
    const anonymous = await call(env.app, api.paging, { body: {} }, env.clock.now);
    expect(anonymous.statusCode).toBe(401);
  });
});
