import { endpoints, ResultCode } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { sampleTypes, temperatures, sampleTransport, system } = endpoints;

interface Temperature {
  id: number;
  code: string;
  range: string;
  enabled: boolean;
  forTransport: boolean;
  version: number;
}
interface SampleType {
  id: number;
  code: string;
  name: string;
  storageTemperatureName: string | null;
  enabled: boolean;
  version: number;
}

describe.each(FEATURE_ENGINES)('reference data on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let lab: Session;
  let site: Session;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000007');
    lab = await login(env, '13800000001');
    site = await login(env, '13900000001');
  });
  afterAll(() => env.close());

  it('lists the seeded conditions with their ranges and uses', async () => {
    const page = await as(admin, temperatures.paging, { body: { page: 1, size: 20 } });
    const rows = page.data as Temperature[];
    expect(rows.map((r) => [r.code, r.range])).toEqual([
      ['RT', '15~25℃'],
      ['2-8C', '2~8℃'],
      ['-20C', '-25~-15℃'],
      ['-80C', '≤-60℃'],
      ['LN2', '≤-150℃'],
    ]);
    const storage = await as(admin, temperatures.paging, { body: { use: 'transport' } });
    expect((storage.data as Temperature[]).map((r) => r.code)).not.toContain('LN2');
  });

  it('creates a condition, refuses a bad range in the user language, and a duplicate code', async () => {
    const body = {
      code: 'DI',
      name: '干冰',
      enName: 'Dry ice',
      minCelsius: null,
      maxCelsius: -70,
      forTransport: true,
      forStorage: false,
    };
    const created = await as(admin, temperatures.create, { body });
    expect(created.code).toBe(200);
    const upside = await as(admin, temperatures.create, {
      lang: 'en_US',
      body: { ...body, code: 'X1', name: 'x', minCelsius: 8, maxCelsius: 2 },
    });
    expect(upside.code).toBe(ResultCode.BAD_REQUEST);
    expect(upside.msg).toContain('The highest temperature cannot be below the lowest');
    const noUse = await as(admin, temperatures.create, {
      lang: 'zh_CN',
      body: { ...body, code: 'X2', name: 'y', forTransport: false },
    });
    expect(noUse.msg).toContain('请至少选择运输或储存之一');
    const duplicate = await as(admin, temperatures.create, { body: { ...body, name: '另一个' } });
    expect(duplicate.code).toBe(ResultCode.DUPLICATE);
    const page = await as(admin, temperatures.paging, { body: { keyword: 'DI' } });
    expect((page.data as Temperature[])[0]?.range).toBe('≤-70℃');
  });

  it('disables a condition: new bookings cannot use it, the list of conditions no longer offers it', async () => {
    const [dryIce] = (await as(admin, temperatures.paging, { body: { keyword: 'DI' } }))
      .data as Temperature[];
    if (!dryIce) throw new Error('no dry ice');
    const offered = async () =>
      ((await as(site, sampleTransport.temperatures)).data as Array<{ id: number }>).map((t) => t.id);
    expect(await offered()).toContain(dryIce.id);
    const off = await as(admin, temperatures.setStatus, {
      params: { id: dryIce.id },
      body: { enabled: false, version: dryIce.version },
    });
    expect(off).toMatchObject({ code: 200, data: { version: dryIce.version + 1 } });
    expect(await offered()).not.toContain(dryIce.id);
    // A second click changes nothing and is not an error; a stale version is refused.
    const again = await as(admin, temperatures.setStatus, {
      params: { id: dryIce.id },
      body: { enabled: false, version: dryIce.version },
    });
    expect(again).toMatchObject({ code: 200, data: { version: dryIce.version + 1 } });
    const stale = await as(admin, temperatures.setStatus, {
      params: { id: dryIce.id },
      body: { enabled: true, version: dryIce.version },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
  });

  it('creates and edits a sample type with a storage default; a transport-only condition is refused', async () => {
    const conditions = (await as(admin, temperatures.paging, { body: { size: 20 } })).data as Temperature[];
    const deepFrozen = conditions.find((c) => c.code === '-80C');
    const dryIce = conditions.find((c) => c.code === 'DI');
    if (!deepFrozen || !dryIce) throw new Error('conditions missing');
    const body = {
      code: 'CSF',
      name: '脑脊液',
      enName: 'Cerebrospinal fluid',
      category: 'bodyFluid',
      container: 'CRYO-0.5',
      sort: 9,
    } as const;
    const refused = await as(admin, sampleTypes.create, {
      lang: 'zh_CN',
      body: { ...body, storageTemperatureId: dryIce.id },
    });
    expect(refused.code).toBe(ResultCode.BAD_REQUEST);
    expect(refused.msg).toBe('储存温度须为已启用且可用于储存的温度条件');
    const created = await as(admin, sampleTypes.create, {
      body: { ...body, storageTemperatureId: deepFrozen.id },
    });
    expect(created.code).toBe(200);
    const { id, version } = created.data as { id: number; version: number };
    // The container is chosen from the container dictionary (1024), not typed.
    const typed = await as(admin, sampleTypes.update, {
      lang: 'zh_CN',
      params: { id },
      body: { ...body, container: '无菌管 5 mL', storageTemperatureId: deepFrozen.id, version },
    });
    expect(typed).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: '容器“无菌管 5 mL”不是已启用的样本容器（字典 1024）',
    });
    const edited = await as(admin, sampleTypes.update, {
      params: { id },
      body: { ...body, container: 'CRYO-1.8', storageTemperatureId: deepFrozen.id, version },
    });
    expect(edited).toMatchObject({ code: 200, data: { version: version + 1 } });
    const [row] = (await as(admin, sampleTypes.paging, { body: { keyword: 'CSF' } })).data as SampleType[];
    expect(row).toMatchObject({
      container: 'CRYO-1.8',
      storageTemperatureName: 'Deep frozen',
      enabled: true,
    });
    const [chinese] = (await as(admin, sampleTypes.paging, { body: { keyword: 'CSF' }, lang: 'zh_CN' }))
      .data as SampleType[];
    expect(chinese).toMatchObject({ name: '脑脊液', storageTemperatureName: '深低温' });
    expect(
      ((await as(lab, system.sampleTypeAll, { body: {} })).data as SampleType[]).map((t) => t.name),
    ).toContain('脑脊液');

    await as(admin, sampleTypes.setStatus, {
      params: { id },
      body: { enabled: false, version: version + 1 },
    });
    expect(
      ((await as(lab, system.sampleTypeAll, { body: {} })).data as SampleType[]).map((t) => t.name),
    ).not.toContain('脑脊液');
  });

  it('is the platform administrator’s: lab staff and site users are refused', async () => {
    for (const session of [lab, site]) {
      expect((await as(session, temperatures.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
      expect(
        (
          await as(session, sampleTypes.create, {
            body: { code: 'Z', name: 'z', enName: 'z', category: 'other' },
          })
        ).code,
      ).toBe(ResultCode.FORBIDDEN);
    }
  });
});
