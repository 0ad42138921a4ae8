import { endpoints, type PlanKitRow, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, sampleTypes, temperatures, testItems } from '../src/db/schema.js';
import { consumableKits } from '../src/db/schema-portal.js';
import { ENGINES } from './engines.js';
import { call, DEMO_PASSWORD, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { plan, consumable, project } = endpoints;

interface OfferedKit {
  id: number;
  name: string;
  supplyStatus: string | null;
  items: Array<{ consumableName: string; quantityPerKit: number }>;
}

describe.each(ENGINES)('plan kits, cold chain, expected vs received on %s', (engine) => {
  let env: TestEnv;
  let manager: Session; // 张项目, project staff
  let admin: Session; // 超级管理员, reviews plans
  let siteUser: Session; // 陈中心, KM-2026-001 site 01
  let projectId: number;
  let siteId: number;
  let refs: { ser: number; cold: number; deep: number; cbc: number };
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const kitItems = [
    {
      consumableName: '血清分离胶管',
      size: '5ml',
      vendor: '示例医疗器械有限公司',
      unit: '支',
      quantityPerKit: 2,
    },
    { consumableName: '一次性采血针', unit: '个', quantityPerKit: 1, scopeOfUse: '采血' },
  ];
  const serum = (kitId: number | null) => ({
    sampleTypeId: refs.ser,
    container: '促凝管',
    volume: 5,
    unit: 'mL',
    count: 2,
    transportTemperatureId: refs.cold,
    storageTemperatureId: refs.deep,
    testItemIds: [refs.cbc],
    kitId,
  });
  const offered = async () =>
    (
      (await as(siteUser, consumable.planKits, { params: { id: projectId }, body: { siteId } }))
        .data as OfferedKit[]
    ).map((k) => k.name);
  /** Submit, approve (signed by the admin) and put a version online. */
  const publish = async (id: number, version: number) => {
    let v = version;
    expect((await as(manager, plan.submit, { params: { id }, body: { version: v++ } })).code).toBe(200);
    const signature = { password: DEMO_PASSWORD };
    expect((await as(admin, plan.approve, { params: { id }, body: { version: v++, signature } })).code).toBe(
      200,
    );
    expect((await as(manager, plan.goOnline, { params: { id }, body: { version: v++ } })).code).toBe(200);
    return v;
  };

  beforeAll(async () => {
    env = await startEnv(engine);
    manager = await login(env, '13800000003');
    admin = await login(env, '13800000000');
    siteUser = await login(env, '13900000001');
    const db = env.handle.db;
    const code = async (table: typeof sampleTypes | typeof temperatures | typeof testItems, c: string) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.code, c)))[0]?.id ?? 0;
    refs = {
      ser: await code(sampleTypes, 'SER'),
      cold: await code(temperatures, '2-8C'),
      deep: await code(temperatures, '-80C'),
      cbc: await code(testItems, 'CBC'),
    };
    const [row] = await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-001'));
    projectId = row?.id ?? 0;
    const sites = (await as(siteUser, project.sitesByProject, { body: { projectId, page: 1, size: 10 } }))
      .data as Array<{ id: number }>;
    siteId = sites[0]?.id ?? 0;
  });
  afterAll(() => env.close());

  it('offers the kits of the online demo plan to the site', async () => {
    expect(await offered()).toEqual(['基线采血套件', '尿液采集套件']);
  });

  it('keeps kits with the plan version: edited while draft, offered to the sites once online, withdrawn by a revision', async () => {
    const created = await as(manager, plan.create, {
      body: { projectId, planNo: 'KM-2026-001-PLAN-K', name: '随访采血方案', visits: [] },
    });
    const { id } = created.data as { id: number };
    const kit = { planId: id, name: '随访采血套件', deliveryModel: 'kit', items: kitItems };
    // The delivery model must be a value of dictionary 1016.
    const badModel = await as(manager, plan.kitSave, { body: { ...kit, deliveryModel: 'drone' } });
    expect(badModel.code).toBe(ResultCode.BAD_REQUEST);
    const saved = await as(manager, plan.kitSave, { body: kit });
    expect(saved.code).toBe(200);
    const kitId = (saved.data as { id: number }).id;
    const twice = await as(manager, plan.kitSave, { body: kit });
    expect(twice.code).toBe(ResultCode.BAD_REQUEST);
    expect(twice.msg).toContain('随访采血套件');
    // A sample may name only a kit of its own version.
    const [demoKit] = await env.handle.db
      .select()
      .from(consumableKits)
      .where(eq(consumableKits.projectId, projectId));
    const foreign = await as(manager, plan.syncDraft, {
      body: {
        planId: id,
        version: 1,
        name: '随访采血方案',
        visits: [{ name: 'F1', samples: [serum(demoKit?.id ?? 0)] }],
      },
    });
    expect(foreign.code).toBe(ResultCode.BAD_REQUEST);
    const synced = await as(manager, plan.syncDraft, {
      body: {
        planId: id,
        version: 1,
        name: '随访采血方案',
        visits: [{ name: 'F1', samples: [serum(kitId)] }],
      },
    });
    expect(synced.data).toEqual({ version: 2 });
    const kits = (await as(manager, plan.kitList, { params: { id } })).data as PlanKitRow[];
    expect(kits).toMatchObject([
      {
        name: '随访采血套件',
        deliveryModel: 'kit',
        visits: ['F1'],
        items: [{ size: '5ml' }, { size: null }],
      },
    ]);
    // A kit a sample names stays.
    const inUse = await as(manager, plan.kitDelete, { params: { id: kitId } });
    expect(inUse.code).toBe(ResultCode.BAD_REQUEST);
    expect(inUse.msg).toContain('F1');
    // Not offered before the version is online.
    expect(await offered()).not.toContain('随访采血套件');

    await publish(id, 2);
    const refused = await as(manager, plan.kitSave, {
      body: { ...kit, id: kitId, version: kits[0]?.version ?? 1, name: '改名' },
    });
    expect(refused.code).toBe(ResultCode.INVALID_STATE);
    const site = (
      (await as(siteUser, consumable.planKits, { params: { id: projectId }, body: { siteId } }))
        .data as OfferedKit[]
    ).find((k) => k.name === '随访采血套件');
    expect(site).toMatchObject({
      supplyStatus: 'pending',
      items: [
        { consumableName: '血清分离胶管', quantityPerKit: 2 },
        { consumableName: '一次性采血针', quantityPerKit: 1 },
      ],
    });

    // A revision without the kit: once online the kit is no longer offered, its row stays.
    const revised = await as(manager, plan.revise, { params: { id }, body: {} });
    const rev = revised.data as { id: number; version: number };
    const copies = (await as(manager, plan.kitList, { params: { id: rev.id } })).data as PlanKitRow[];
    expect(copies.map((k) => [k.name, k.visits])).toEqual([['随访采血套件', ['F1']]]);
    const noKit = await as(manager, plan.syncDraft, {
      body: {
        planId: rev.id,
        version: rev.version,
        name: '随访采血方案',
        visits: [{ name: 'F1', samples: [serum(null)] }],
      },
    });
    expect(noKit.code).toBe(200);
    expect((await as(manager, plan.kitDelete, { params: { id: copies[0]?.id ?? 0 } })).data).toBe(true);
    await publish(rev.id, rev.version + 1);
    expect(await offered()).toEqual(['基线采血套件', '尿液采集套件']);
    const [kept] = await env.handle.db
      .select({ offered: consumableKits.offered, planNo: consumableKits.planNo })
      .from(consumableKits)
      .where(and(eq(consumableKits.projectId, projectId), eq(consumableKits.name, '随访采血套件')));
    expect(kept).toEqual({ offered: false, planNo: 'KM-2026-001-PLAN-K' });
    const audited = await env.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'projectPlanKit'));
    expect(audited.map((a) => a.action)).toEqual(['plan.kitSave', 'plan.kitDelete']);
  });
});
