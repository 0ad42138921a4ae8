import { endpoints, ResultCode } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { address, personal } = endpoints;

const valid = {
  label: 'company',
  name: '陈中心',
  phone: '010-65295114',
  area: '北京市/东城区',
  company: '示例医院',
  detail: '帅府园1号',
  email: 'site01@hospital.example',
  isDefault: false,
};

describe.each(FEATURE_ENGINES)('address book and personal centre on %s', (engine) => {
  let env: TestEnv;
  let site: Session;
  let other: Session;
  beforeAll(async () => {
    env = await startEnv(engine);
    site = await login(env, '13900000001');
    other = await login(env, '13900000002');
  });
  afterAll(() => env.close());

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now).then(envelope);

  it('creates, lists (own only, default first), edits with the version and removes addresses', async () => {
    const created = await as(site, address.create, { body: valid });
    expect(created.code).toBe(200);
    const row = created.data as { id: number; version: number; phone: string };
    expect(row.phone).toBe('010-65295114');

    const list = await as(site, address.page, { body: { page: 1, size: 10 } });
    expect(list.total).toBe(2); // the seeded default plus this one
    expect((list.data as Array<{ isDefault: boolean }>)[0]?.isDefault).toBe(true);
    const othersList = await as(other, address.page, { body: { page: 1, size: 10, keyword: '帅府园' } });
    expect(othersList.total).toBe(0);

    const edited = await as(site, address.update, {
      body: { ...valid, id: row.id, version: row.version, detail: '帅府园1号 2层', isDefault: true },
    });
    expect(edited.code).toBe(200);
    expect(edited.data).toMatchObject({ detail: '帅府园1号 2层', isDefault: true, version: 2 });
    const defaults = (await as(site, address.receiveAddress, { query: {} })).data as Array<{
      id: number;
      isDefault: boolean;
    }>;
    expect(defaults.filter((a) => a.isDefault).map((a) => a.id)).toEqual([row.id]);

    const stale = await as(site, address.update, { body: { ...valid, id: row.id, version: 1 } });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);

    // Another user's address is not found, for edit and delete alike.
    expect((await as(other, address.update, { body: { ...valid, id: row.id, version: 2 } })).code).toBe(404);
    expect((await as(other, address.delete, { params: { id: row.id } })).code).toBe(404);

    expect((await as(site, address.delete, { params: { id: row.id } })).data).toBe(true);
    expect((await as(site, address.page, { body: { page: 1, size: 10 } })).total).toBe(1);
  });

  it('refuses bad phones, names, e-mails and over-long details with the field named, changing nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ phone: '12345' }, /body\.phone: Enter a mobile number or a landline/],
      [{ phone: '13912345678', name: 'Chen3' }, /body\.name: Names may contain only letters/],
      [{ email: 'not-mail' }, /body\.email/],
      [{ detail: 'x'.repeat(256) }, /body\.detail/],
      [{ detail: '' }, /body\.detail/],
    ];
    for (const [patch, message] of cases) {
      const answer = await as(site, address.create, { body: { ...valid, ...patch } });
      expect(answer.code).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    const cn = await call(
      env.app,
      address.create,
      { session: site, lang: 'zh_CN', body: { ...valid, phone: '1' } },
      env.clock.now,
    );
    expect(envelope(cn).msg).toContain('请输入正确的手机号或固定电话');
    expect((await as(site, address.page, { body: { page: 1, size: 10 } })).total).toBe(1);
    // Landline with area code and a mobile are both fine.
    expect((await as(site, address.create, { body: { ...valid, phone: '13912345678' } })).code).toBe(200);
  });

  it('shows and edits the own profile (gender male, female, other) with stale edits refused', async () => {
    const profile = (await as(site, personal.profile)).data as {
      version: number;
      mobile: string;
      roleNames: string[];
    };
    expect(profile.mobile).toBe('13900000001');
    expect(profile.roleNames).toEqual(['中心用户']);
    const saved = await as(site, personal.updateProfile, {
      body: { username: '陈中心', email: 'site01-new@hospital.example', gender: 3, version: profile.version },
    });
    expect(saved.data).toMatchObject({ gender: 3, email: 'site01-new@hospital.example' });
    const stale = await as(site, personal.updateProfile, {
      body: { username: '陈中心', email: null, gender: 1, version: profile.version },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
    const badGender = await as(site, personal.updateProfile, {
      body: { username: 'x', gender: 4, version: 2 },
    });
    expect(badGender.code).toBe(400);
    // Another account's e-mail is refused as a duplicate.
    const dup = await as(site, personal.updateProfile, {
      body: { username: '陈中心', email: 'site02@hospital.example', gender: 1, version: 2 },
    });
    expect(dup.code).toBe(ResultCode.DUPLICATE);
  });
});
