import { endpoints, type PlanKitRow, ResultCode } from '@trialab/api-contract';
import { and, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  permissions,
  projects,
  rolePermissions,
  roles,
  sampleTypes,
  sites,
  temperatures,
  testItems,
} from '../src/db/schema.js';
import { labSubjects, receiptSamples } from '../src/db/schema-lab.js';
import { consumableKits, sampleTransports } from '../src/db/schema-portal.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { DEMO_COLD_CHAIN_ORDER } from '../src/seed/plan-samples-demo.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  DEMO_PASSWORD,
  envelope,
  login,
  type Session,
  startEnv,
  storeFile,
  type TestEnv,
} from './helpers.js';

const { plan, consumable, project, receipt, clarification } = endpoints;

interface OfferedKit {
  id: number;
  name: string;
  supplyStatus: string | null;
  items: Array<{ consumableName: string; quantityPerKit: number }>;
}

describe.each(FEATURE_ENGINES)('plan kits, cold chain, reconciliation on %s', (engine) => {
  let env: TestEnv;
  let manager: Session; // 张项目, project staff
  let admin: Session; // 超级管理员, reviews plans
  let siteUser: Session; // 陈中心, KM-2026-001 site 01
  let desk: Session; // 李实验, the receipt desk
  let waybill: number;
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
    container: 'SST-5',
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
    desk = await login(env, '13800000001');
    waybill = await storeFile(env, {
      name: 'waybill.jpg',
      mime: 'image/jpeg',
      content: Buffer.from([0xff, 0xd8, 0xff]),
      uploadedBy: desk.login.user.id,
    });
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
    // Each item as written (what the editor edits) with its catalogue consumable's English texts,
    // which English readers see: matched by the name the plan wrote.
    expect(kits[0]?.items).toEqual([
      {
        consumableName: '血清分离胶管',
        size: '5ml',
        vendor: '示例医疗器械有限公司',
        unit: '支',
        quantityPerKit: 2,
        scopeOfUse: null,
        consumableEnName: 'Serum separator tube',
        enSize: '5 mL',
        enVendor: 'Example Medical Devices Co., Ltd.',
        enUnit: 'tube',
        enScopeOfUse: 'Biochemistry',
      },
      {
        consumableName: '一次性采血针',
        size: null,
        vendor: null,
        unit: '个',
        quantityPerKit: 1,
        scopeOfUse: '采血',
        consumableEnName: 'Blood collection needle',
        enSize: '21G',
        enVendor: 'Example Consumables Ltd.',
        enUnit: 'piece',
        enScopeOfUse: 'Blood draw',
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

  interface Line {
    itemId: number;
    sampleTypeName: string;
    state: string;
    temperatureCelsius: number | null;
    temperatureRange: string | null;
    temperatureBreach: boolean;
    queryNo: string | null;
  }
  type Shipment = { id: number; version: number; samples: Line[] };
  const shipment = async (keyword: string) =>
    (await as(desk, receipt.lookup, { query: { keyword } })).data as Shipment;
  const receive = async (s: Shipment, reading: (line: Line) => unknown) =>
    as(desk, receipt.receive, {
      params: { id: s.id },
      body: {
        version: s.version,
        samples: s.samples.map((l) => ({
          itemId: l.itemId,
          quality: 'qualified',
          receivedQuantity: 1,
          temperatureCelsius: reading(l),
        })),
      },
    });

  it("flags a line received outside its plan's transport range and raises a query to the site", async () => {
    const s = await shipment('ST-DEMO-RCV-001'); // KM-2026-001 (online plan): serum and plasma, booked 2-8 °C
    await as(desk, receipt.attachImage, { params: { id: s.id }, body: { fileId: waybill, kind: 'waybill' } });
    // Readings that are not temperatures are refused, nothing is received.
    for (const bad of ['cold', 500, -300]) {
      const refused = await receive(s, () => bad);
      expect(refused.code).toBe(ResultCode.BAD_REQUEST);
      expect(refused.msg).toContain('-200');
    }
    expect((await shipment('ST-DEMO-RCV-001')).samples.map((l) => l.state)).toEqual(['awaiting', 'awaiting']);
    // 5 °C suits the booking, but the plan sends plasma frozen (-25 to -15 °C).
    const received = await receive(s, () => 5);
    expect(received.code).toBe(200);
    const after = await shipment('ST-DEMO-RCV-001');
    const [serumLine, plasmaLine] = after.samples;
    expect(serumLine).toMatchObject({ state: 'received', temperatureCelsius: 5, temperatureBreach: false });
    expect(plasmaLine).toMatchObject({ state: 'exception', temperatureCelsius: 5, temperatureBreach: true });
    expect(plasmaLine?.temperatureRange).toContain('-15');
    expect(serumLine?.queryNo).toBeNull();
    const queries = (
      await as(siteUser, clarification.paging, { body: { keyword: plasmaLine?.queryNo ?? '' } })
    ).data as Array<{ queryNo: string; content: string; status: string; queryType: string }>;
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ queryNo: plasmaLine?.queryNo, status: 'open', queryType: '3' });
    expect(queries[0]?.content).toContain('血浆');
    expect(queries[0]?.content).toContain('5');
    expect(queries[0]?.content).toContain(plasmaLine?.temperatureRange ?? '?');
  });

  it("checks against the booking's condition when the project has no online plan", async () => {
    const s = await shipment('ST-DEMO-RCV-003'); // KM-2026-002 (plan not online): urine, booked ambient
    await as(desk, receipt.attachImage, { params: { id: s.id }, body: { fileId: waybill, kind: 'waybill' } });
    expect((await receive(s, () => 31)).code).toBe(200);
    const [line] = (await shipment('ST-DEMO-RCV-003')).samples;
    expect(line).toMatchObject({ state: 'exception', temperatureBreach: true, temperatureRange: '15~25℃' });
    expect(line?.queryNo).toMatch(/^Q/);
  });

  type Reconciliation = {
    planIds: number[];
    today: string;
    sites: Array<{
      centerNo: string;
      subjects: number;
      expected: number;
      received: number;
      missing: number;
      overdue: number;
    }>;
    visits: Array<{ name: string; label: string }>;
    rows: Array<{
      centerNo: string;
      subjectNo: string;
      visit: string;
      visitName: string;
      sampleTypeName: string;
      state: string;
      expected: number;
      received: number;
      labelled: number;
      missing: number;
      extra: number;
      windowFrom: string | null;
      windowTo: string | null;
      barcodes: Array<{ code: string }>;
    }>;
  };
  const reconciliation = async (
    session: Session,
    body: Record<string, unknown>,
    lang: 'zh_CN' | 'en_US' = 'zh_CN',
  ) =>
    (await as(session, plan.reconciliation, { body: { projectId, ...body }, lang })).data as Reconciliation;

  it("reconciles the demo's online plan with its enrolled subjects: visits that never came, a site without tubes", async () => {
    const answer = await reconciliation(manager, {});
    const row = (subjectNo: string, visit: string, sampleTypeName: string) =>
      answer.rows.find(
        (r) => r.subjectNo === subjectNo && r.visit === visit && r.sampleTypeName === sampleTypeName,
      );
    // Nobody's screening sample came: the rows are there, overdue, with no barcode.
    expect(row('S-001-0201', '筛选期 V0', '全血')).toMatchObject({
      centerNo: '02',
      expected: 1,
      received: 0,
      missing: 1,
      state: 'overdue',
      barcodes: [],
    });
    expect(row('S-001-0201', '基线 V1', '血清')).toMatchObject({
      received: 1,
      missing: 0,
      state: 'complete',
    });
    // Labelled at the site, past its window and not here.
    expect(row('S-001-0202', '第4周 V2', '血清')).toMatchObject({
      received: 0,
      labelled: 1,
      missing: 1,
      state: 'overdue',
      barcodes: [{ code: 'KM1-0202-V2-SER' }],
    });
    expect(row('S-001-0203', '第12周 V3', '血清')).toMatchObject({ expected: 0, received: 1, extra: 1 });
    expect(row('S-001-0201', '随访 V4', '血清')).toMatchObject({ state: 'upcoming' });
    // Rejected subjects are not expected to bring anything.
    expect(answer.rows.some((r) => r.subjectNo === 'S-001-0205')).toBe(false);
    // Site 01: enrolled subjects, no tube labelled yet.
    const site01 = answer.sites.find((x) => x.centerNo === '01');
    expect(site01).toMatchObject({ subjects: 3, received: 0 });
    expect(site01?.missing).toBeGreaterThan(0);
    expect(row('S-001-0101', '筛选期 V0', '全血')).toMatchObject({ state: 'overdue', barcodes: [] });
    expect(answer.sites.find((x) => x.centerNo === '02')?.overdue).toBeGreaterThanOrEqual(4);

    // The views and filters.
    const overdue = await reconciliation(manager, { view: 'overdue' });
    expect(overdue.rows.length).toBeGreaterThan(0);
    expect(overdue.rows.every((r) => r.state === 'overdue')).toBe(true);
    const missing = await reconciliation(manager, { view: 'missing' });
    expect(missing.rows.every((r) => r.missing > 0 && r.state !== 'upcoming')).toBe(true);
    const one = await reconciliation(manager, { subjectNo: '0202', visit: '第4周 V2' });
    expect(one.rows.map((r) => [r.subjectNo, r.sampleTypeName])).toEqual([['S-001-0202', '血清']]);
    // Totals stay the sites' whatever the rows shown.
    expect(one.sites).toEqual(answer.sites);
    // An English reader gets the visits and sample types in English; the filter still takes the key.
    const english = await reconciliation(manager, { subjectNo: '0202', visit: '第4周 V2' }, 'en_US');
    expect(english.rows.map((r) => [r.visit, r.visitName, r.sampleTypeName])).toEqual([
      [
        '第4周 V2',
        expect.not.stringMatching(/[\u4e00-\u9fff]/),
        expect.not.stringMatching(/[\u4e00-\u9fff]/),
      ],
    ]);
    expect(english.visits.map((v) => v.label).every((l) => !/[\u4e00-\u9fff]/.test(l))).toBe(true);
  });

  it("exports the rows the filter shows as xlsx, in the caller's language", async () => {
    const response = await call(
      env.app,
      plan.reconciliationExport,
      { session: manager, body: { projectId, view: 'overdue' }, lang: 'en_US', tz: 'Asia/Shanghai' },
      env.clock.now,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/reconciliation-\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Subject no.', 'Visit', 'Window to', 'Missing', 'State']));
    const lines: string[] = [];
    sheet?.eachRow((r, n) => {
      if (n > 1) lines.push((r.values as unknown[]).slice(1).join('|'));
    });
    expect(lines.length).toBe((await reconciliation(manager, { view: 'overdue' })).rows.length);
    expect(lines.every((l) => l.includes('|Overdue|'))).toBe(true);
    expect(lines.some((l) => l.includes('S-001-0202|') && l.includes('KM1-0202-V2-SER'))).toBe(true);
  });

  it("shows the transport leg: the readings at receipt, the excursion against the plan's range and who recorded it", async () => {
    const [online] = (await reconciliation(manager, {})).planIds;
    const chain = (await as(manager, plan.coldChain, { params: { id: online ?? 0 } })).data as Array<{
      visit: string;
      sampleTypeName: string;
      readings: Array<Record<string, unknown>>;
    }>;
    const serum = (visit: string) => chain.find((r) => r.visit === visit && r.sampleTypeName === '血清');
    expect(serum('第4周 V2')?.readings).toEqual([
      {
        orderNo: DEMO_COLD_CHAIN_ORDER,
        celsius: 13.6,
        excursion: true,
        samples: 2,
        recordedBy: '李实验',
        recordedAt: expect.any(String),
        queryNo: expect.stringMatching(/^Q/),
      },
    ]);
    expect(serum('基线 V1')?.readings).toEqual([]);
    const breached = await env.handle.db
      .select({ breach: receiptSamples.temperatureBreach, queryId: receiptSamples.queryId })
      .from(receiptSamples)
      .innerJoin(sampleTransports, eq(sampleTransports.id, receiptSamples.transportId))
      .where(eq(sampleTransports.orderNo, DEMO_COLD_CHAIN_ORDER));
    expect(breached).toEqual([{ breach: true, queryId: expect.any(Number) }]);
  });

  it("gives the site its own page: its sites' rows and totals, never another site's or project's", async () => {
    // The demo's site role holds the site page (web:reconciliation:*), not the plan pages.
    expect((await as(siteUser, plan.reconciliation, { body: { projectId } })).code).not.toBe(200);
    const answer = (await as(siteUser, plan.siteReconciliation, { body: { projectId } }))
      .data as Reconciliation;
    expect(answer.sites.map((x) => x.centerNo)).toEqual(['01']);
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(answer.rows.every((r) => r.centerNo === '01')).toBe(true);
    const db = env.handle.db;
    const [other] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.projectId, projectId), eq(sites.centerNo, '02')));
    // Naming another site's id is refused, and so is a project the user has no site of.
    const named = await as(siteUser, plan.siteReconciliation, {
      body: { projectId, siteId: other?.id ?? 0 },
    });
    expect(named.code).not.toBe(200);
    expect(JSON.stringify(named.data ?? null)).not.toContain('S-001-02');
    const [foreign] = await db.select({ id: projects.id }).from(projects).where(ne(projects.id, projectId));
    expect(
      (await as(siteUser, plan.siteReconciliation, { body: { projectId: foreign?.id ?? 0 } })).code,
    ).not.toBe(200);
    // The export holds the same rows: site 01's only.
    const response = await call(
      env.app,
      plan.siteReconciliationExport,
      { session: siteUser, body: { projectId, view: 'all' } },
      env.clock.now,
    );
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const text: string[] = [];
    book.worksheets[0]?.eachRow((r, n) => {
      if (n > 1) text.push((r.values as unknown[]).slice(1).join('|'));
    });
    expect(text.length).toBe(
      (
        (await as(siteUser, plan.siteReconciliation, { body: { projectId, view: 'all' } }))
          .data as Reconciliation
      ).rows.length,
    );
    expect(text.some((l) => l.includes('S-001-02'))).toBe(false);
  });

  it('shows a site user their own sites only', async () => {
    // The demo's site role has no plan pages; a role that has them still sees its sites only.
    const db = env.handle.db;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'external_site'));
    const [view] = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.authority, 'project:plan:view'));
    await db.insert(rolePermissions).values({ roleId: role?.id ?? 0, permissionId: view?.id ?? 0 });
    const site = await login(env, '13900000001');
    const answer = await reconciliation(site, {});
    expect(answer.sites.map((x) => x.centerNo)).toEqual(['01']);
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(answer.rows.every((r) => r.centerNo === '01')).toBe(true);
    const [other] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.projectId, projectId), eq(sites.centerNo, '02')));
    const refused = await as(site, plan.reconciliation, { body: { projectId, siteId: other?.id ?? 0 } });
    expect(refused.code).not.toBe(200);
    // Nor the readings of another site's samples in the cold chain.
    const [online] = answer.planIds;
    const chain = (await as(site, plan.coldChain, { params: { id: online ?? 0 } })).data as Array<{
      readings: unknown[];
      stored: unknown[];
    }>;
    expect(chain.every((r) => r.readings.length === 0 && r.stored.length === 0)).toBe(true);
    await db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role?.id ?? 0), eq(rolePermissions.permissionId, view?.id ?? 0)));
  });

  it('compares what the online plans expect per site and visit with the samples signed for, in the scope', async () => {
    const db = env.handle.db;
    const by = desk.login.user.id;
    const at = new Date(env.clock.now);
    const subject = async (subjectNo: string) =>
      (
        await db
          .insert(labSubjects)
          .values({
            projectId,
            siteId,
            subjectNo,
            name: subjectNo,
            cardType: 'B',
            cardNoMasked: `1101********${subjectNo}`,
            cardNoHash: `hash-${subjectNo}`,
            faceConfidence: 0.9,
            faceThreshold: 0.7,
            status: 'approved',
            createdBy: by,
            createdAt: at,
          })
          .returning({ id: labSubjects.id })
      )[0]?.id ?? 0;
    const [a, b] = [await subject('S-PP-01'), await subject('S-PP-02')];
    const [wb] = await db.select({ id: sampleTypes.id }).from(sampleTypes).where(eq(sampleTypes.code, 'WB'));
    let n = 0;
    const barcode = (subjectId: number, sampleTypeId: number, status: string) => ({
      code: `PP-${++n}`,
      projectId,
      siteId,
      subjectId,
      visit: 'F1',
      sampleTypeId,
      status,
      temperatureId: refs.deep,
      createdBy: by,
      createdAt: at,
    });
    // F1 of KM-2026-001-PLAN-K plans 2 serum tubes per subject: A brings both and an unplanned whole
    // blood tube, B one (the second is registered, not signed for).
    await db
      .insert(specimenBarcodes)
      .values([
        barcode(a, refs.ser, 'signed'),
        barcode(a, refs.ser, 'signed'),
        barcode(a, wb?.id ?? 0, 'signed'),
        barcode(b, refs.ser, 'signed'),
        barcode(b, refs.ser, 'registered'),
      ]);
    const answer = await reconciliation(manager, {});
    expect(answer.planIds.length).toBeGreaterThanOrEqual(2); // the demo plan and KM-2026-001-PLAN-K
    const f1 = answer.rows.filter((r) => r.visit === 'F1');
    // One row per subject and sample type; F1 has no day in its plan: no window, open.
    expect(
      f1.map((r) => [
        r.subjectNo,
        r.sampleTypeName,
        r.expected,
        r.received,
        r.labelled,
        r.missing,
        r.extra,
        r.state,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['S-PP-01', '血清', 2, 2, 0, 0, 0, 'complete'],
        ['S-PP-01', '全血', 0, 1, 0, 0, 1, 'complete'],
        ['S-PP-02', '血清', 2, 1, 1, 1, 0, 'open'],
      ]),
    );
    expect(f1.every((r) => r.windowFrom === null)).toBe(true);
    // The demo subjects of that site are expected at F1 too.
    expect(f1.some((r) => r.subjectNo === 'S-001-0101' && r.missing === 2)).toBe(true);
    // One site at a time; a site of another project is refused. The cold chain shows where F1 serum is stored.
    const one = await reconciliation(manager, { siteId });
    expect(one.sites.map((x) => x.centerNo)).toEqual(['01', '02']);
    expect(one.rows.length).toBeGreaterThan(0);
    expect(one.rows.every((r) => r.centerNo === '01')).toBe(true);
    const [foreignSite] = await db.select({ id: sites.id }).from(sites).where(ne(sites.projectId, projectId));
    const refused = await as(manager, plan.reconciliation, {
      body: { projectId, siteId: foreignSite?.id ?? 0 },
    });
    expect(refused.code).not.toBe(200);
    const [online] = answer.planIds.slice(-1);
    const chain = (await as(manager, plan.coldChain, { params: { id: online ?? 0 } })).data as Array<{
      visit: string;
      sampleTypeName: string;
      transport: { range: string };
      stored: Array<{ name: string; count: number }>;
    }>;
    expect(chain).toEqual([
      expect.objectContaining({
        visit: 'F1',
        sampleTypeName: '血清',
        transport: expect.objectContaining({ range: '2~8℃' }),
        stored: [expect.objectContaining({ name: '深低温', count: 3 })],
      }),
    ]);
  });
});
