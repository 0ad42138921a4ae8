import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, researchCenters, sites } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { researchCenter } = endpoints;

interface Center {
  id: number;
  code: string;
  name: string;
  city: string | null;
  enabled: boolean;
  projectCount: number;
  version: number;
}
interface Detail extends Center {
  contacts: Array<{ id: number; name: string; role: string; phone: string | null; version: number }>;
  projects: Array<{ projectNo: string; projectName: string; centerNo: string; projectStatus: string }>;
}

describe.each(FEATURE_ENGINES)('research centres on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let lab: Session;
  let site: Session;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const find = async (code: string) => {
    const page = await as(admin, researchCenter.paging, { body: { code } });
    const row = (page.data as Center[]).find((c) => c.code === code);
    if (!row) throw new Error(`no centre ${code}`);
    return row;
  };
  const detail = async (id: number) =>
    (await as(admin, researchCenter.get, { params: { id } })).data as Detail;

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000007');
    lab = await login(env, '13800000001');
    site = await login(env, '13900000001');
  });
  afterAll(() => env.close());

  it('lists the demo centres with filters; every demo site belongs to one', async () => {
    const all = await as(admin, researchCenter.paging, { body: { page: 1, size: 20 } });
    expect(all.total).toBe(8);
    const shanghai = await as(admin, researchCenter.paging, { body: { city: '上海' } });
    expect((shanghai.data as Center[]).map((c) => c.code)).toEqual(['RC-0002', 'RC-0006']);
    const disabled = await as(admin, researchCenter.paging, { body: { enabled: false } });
    expect((disabled.data as Center[]).map((c) => c.name)).toEqual(['中南大学湘雅医院']);
    const byName = await as(admin, researchCenter.paging, { body: { name: 'West China' } });
    expect((byName.data as Center[]).map((c) => [c.code, c.projectCount])).toEqual([['RC-0004', 1]]);
    const unlinked = await env.handle.db.select({ id: sites.id, center: sites.researchCenterId }).from(sites);
    expect(unlinked.filter((s) => s.center === null)).toEqual([]);
  });

  it('shows a centre with its contacts and the projects it takes part in, with their centre numbers', async () => {
    const union = await detail((await find('RC-0001')).id);
    expect(union.contacts.map((c) => [c.name, c.role])).toEqual([
      ['张立群', 'pi'],
      ['刘婷', 'coordinator'],
      ['赵明', 'pharmacist'],
    ]);
    expect(union.projects).toEqual([
      {
        projectId: expect.any(Number),
        projectNo: 'KM-2026-001',
        projectName: 'Oncology biomarker study', // the project's English name: the test reads in en_US
        centerNo: '01',
        projectStatus: 'ongoing',
      },
    ]);
  });

  it('registers a centre; a taken code or name is refused naming the holder, and nothing is added', async () => {
    const body = { code: 'RC-0100', name: '山东大学齐鲁医院', city: '济南市', province: '山东省' };
    const created = await as(admin, researchCenter.create, { body });
    expect(created.code).toBe(200);
    const sameCode = await as(admin, researchCenter.create, {
      lang: 'en_US',
      body: { ...body, name: '青岛大学附属医院' },
    });
    expect(sameCode.code).toBe(ResultCode.DUPLICATE);
    expect(sameCode.msg).toBe('The research centre code RC-0100 is already used by "山东大学齐鲁医院"');
    const sameName = await as(admin, researchCenter.create, {
      lang: 'zh_CN',
      body: { ...body, code: 'RC-0101' },
    });
    expect(sameName.code).toBe(ResultCode.DUPLICATE);
    expect(sameName.msg).toBe('研究中心“山东大学齐鲁医院”已存在（编码 RC-0100）');
    const rows = await env.handle.db.select().from(researchCenters).where(eq(researchCenters.city, '济南市'));
    expect(rows).toHaveLength(1);
    const exists = (field: 'code' | 'name', value: string, id?: number) =>
      as(admin, researchCenter.checkExist, { body: { field, value, ...(id ? { id } : {}) } }).then(
        (e) => e.data,
      );
    expect(await exists('code', 'RC-0100')).toBe(true);
    expect(await exists('code', 'RC-0100', (created.data as { id: number }).id)).toBe(false);
    expect(await exists('name', '青岛大学附属医院')).toBe(false);
  });

  it('edits at the version read, keeping a code, refusing another centre’s and a stale version', async () => {
    const qilu = await find('RC-0100');
    const body = {
      version: qilu.version,
      code: 'RC-0100',
      name: '山东大学齐鲁医院',
      city: '济南市',
      phone: '0531-82169114',
    };
    const edited = await as(admin, researchCenter.update, { params: { id: qilu.id }, body });
    expect(edited).toMatchObject({ code: 200, data: { version: qilu.version + 1 } });
    const stale = await as(admin, researchCenter.update, { params: { id: qilu.id }, body });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
    const taken = await as(admin, researchCenter.update, {
      params: { id: qilu.id },
      body: { ...body, version: qilu.version + 1, code: 'RC-0001' },
    });
    expect(taken.code).toBe(ResultCode.DUPLICATE);
    expect((await find('RC-0100')).version).toBe(qilu.version + 1);
    const audit = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'researchCenter.update'), eq(auditLog.entityId, String(qilu.id))));
    expect(audit).toHaveLength(1);
  });

  it('disables and enables a centre; a second click changes nothing', async () => {
    const qilu = await find('RC-0100');
    const off = await as(admin, researchCenter.setStatus, {
      params: { id: qilu.id },
      body: { enabled: false, version: qilu.version },
    });
    expect(off).toMatchObject({ code: 200, data: { version: qilu.version + 1 } });
    const again = await as(admin, researchCenter.setStatus, {
      params: { id: qilu.id },
      body: { enabled: false, version: qilu.version },
    });
    expect(again).toMatchObject({ code: 200, data: { version: qilu.version + 1 } });
    expect((await find('RC-0100')).enabled).toBe(false);
    const on = await as(admin, researchCenter.setStatus, {
      params: { id: qilu.id },
      body: { enabled: true, version: qilu.version + 1 },
    });
    expect(on.code).toBe(200);
    expect((await find('RC-0100')).enabled).toBe(true);
  });

  it('adds, edits and removes contacts', async () => {
    const qilu = await find('RC-0100');
    const added = await as(admin, researchCenter.addContact, {
      params: { id: qilu.id },
      body: { name: '高峰', role: 'pi', phone: '13605310001', email: 'gao.feng@qiluhospital.example.cn' },
    });
    expect(added.code).toBe(200);
    const contact = added.data as { id: number; version: number };
    const badMail = await as(admin, researchCenter.addContact, {
      lang: 'en_US',
      params: { id: qilu.id },
      body: { name: '林', role: 'coordinator', email: 'not-a-mail' },
    });
    expect(badMail.code).toBe(ResultCode.BAD_REQUEST);
    expect(badMail.msg).toContain('Invalid e-mail address');
    const edited = await as(admin, researchCenter.updateContact, {
      params: { id: contact.id },
      body: { version: contact.version, name: '高峰', role: 'coordinator', phone: null, email: null },
    });
    expect(edited.code).toBe(200);
    expect((await detail(qilu.id)).contacts).toEqual([
      {
        id: contact.id,
        name: '高峰',
        role: 'coordinator',
        phone: null,
        email: null,
        version: contact.version + 1,
      },
    ]);
    const removed = await as(admin, researchCenter.removeContact, { params: { id: contact.id } });
    expect(removed.code).toBe(200);
    expect((await detail(qilu.id)).contacts).toEqual([]);
    const gone = await as(admin, researchCenter.removeContact, { params: { id: contact.id } });
    expect(gone.code).toBe(ResultCode.NOT_FOUND);
  });

  it('refuses a trial-site user and staff without the permission, changing nothing', async () => {
    const union = await find('RC-0001');
    for (const session of [site, lab]) {
      expect((await as(session, researchCenter.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
      expect((await as(session, researchCenter.get, { params: { id: union.id } })).code).toBe(
        ResultCode.FORBIDDEN,
      );
      const renamed = await as(session, researchCenter.update, {
        params: { id: union.id },
        body: { version: union.version, code: 'RC-0001', name: '改名' },
      });
      expect(renamed.code).toBe(ResultCode.FORBIDDEN);
    }
    expect((await find('RC-0001')).name).toBe('北京协和医院');
  });
});
