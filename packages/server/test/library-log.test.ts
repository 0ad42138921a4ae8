import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, userProjects, users } from '../src/db/schema.js';
import { storageBoxes, storageRacks } from '../src/db/schema-library.js';
import { specimenBillLines, specimenBills } from '../src/db/schema-library-bills.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { DEMO_TIMELINE_SPECIMEN } from '../src/seed/library-timeline-demo.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, dayIn, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { libraryLog: api } = endpoints;

type Event = {
  at: string;
  kind: string;
  title: string;
  detail: string | null;
  who: string | null;
  reference: string | null;
  files: Array<{ id: number; name: string }>;
};
type Row = {
  barcode: string;
  action: string;
  from: string | null;
  to: string | null;
  reference: string | null;
  userName: string;
  at: string;
};

/** The custody log and the timelines (docs/library.md "Custody log and timelines"). */
describe.each(FEATURE_ENGINES)('library custody log and timelines on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let lab: Session;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { lang: 'en_US', ...options, session }, env.clock.now);
  const ok = async <T>(endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const body = envelope(await as(keeper, endpoint, options));
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body as { data: T; total?: number };
  };
  const timeline = async (code: string, lang: 'en_US' | 'zh_CN' | 'zh_HK' = 'en_US') =>
    (
      await ok<{ specimen: Record<string, unknown>; events: Event[] }>(api.specimenTimeline, {
        lang,
        body: { code },
      })
    ).data;
  const log = async (body: Record<string, unknown>, tz?: string) =>
    ok<Row[]>(api.list, { body: { page: 1, size: 50, ...body }, ...(tz ? { tz } : {}) });

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  it("tells a specimen's story from every source, in time order and in words", async () => {
    const { specimen, events } = await timeline(DEMO_TIMELINE_SPECIMEN);
    expect(specimen).toMatchObject({ code: DEMO_TIMELINE_SPECIMEN, library: 'stored', freezeThaw: 1 });
    expect(specimen.place).toBe('ULT-01 / R01 / A4 / I3');
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const titles = events.map((e) => e.title);
    expect(titles).toEqual([
      'Labelled at the site',
      'Shipment booked',
      'Shipment dispatched',
      'Received by the lab',
      'Signed for at the bench',
      'placed',
      'moved',
      'Listed on outbound bill CK2026DEMO10',
      'CK2026DEMO10 (outbound bill): submit → Awaiting review',
      'CK2026DEMO10 (outbound bill): approve → Awaiting confirmation',
      'CK2026DEMO10 (outbound bill): confirm → Out, awaiting return',
      'sent out',
      'CK2026DEMO10 (outbound bill): close → Closed',
      'returned',
    ]);
    const by = (title: string) => events.find((e) => e.title === title) as Event;
    expect(by('Labelled at the site').detail).toBe('Site 02 · subject S-002-0201 · visit 基线 V1');
    const receipt = by('Received by the lab');
    expect(receipt).toMatchObject({ kind: 'receipt', reference: 'ST-DEMO-TL-001', who: '李实验' });
    expect(receipt.detail).toContain('Temperature on arrival -72.5 °C');
    expect(receipt.detail).toContain('within range');
    expect(receipt.files.map((f) => f.name)).toEqual(['temperature-logger-ST-DEMO-TL-001.pdf']);
    expect(by('placed').detail).toBe('outside the library → ULT-01 / R01 / A4 / I1');
    expect(by('moved').detail).toBe(
      'ULT-01 / R01 / A4 / I1 → ULT-01 / R01 / A4 / I2；reason: 按受试者归并冻存盒',
    );
    expect(by('sent out')).toMatchObject({ reference: 'CK2026DEMO10', who: '赵样本' });
    expect(by('sent out').detail).toContain('handed to 李老师 (本中心前处理实验室)');
    expect(by('returned').detail).toBe('outside the library → ULT-01 / R01 / A4 / I3；freeze-thaw count 1');
    // The receipt's captured printout downloads through the files' own path and checks.
    const file = receipt.files[0] as { id: number };
    const got = await call(
      env.app,
      endpoints.system.fileDownload,
      { session: keeper, params: { id: file.id } },
      env.clock.now,
    );
    expect(got.statusCode).toBe(200);
  });

  it('speaks the reader’s language, and names a destruction’s method, certificate and witness', async () => {
    const cn = await timeline(DEMO_TIMELINE_SPECIMEN, 'zh_CN');
    expect(cn.events.map((e) => e.title)).toContain('入库');
    expect(cn.events.find((e) => e.kind === 'receipt')?.detail).toContain('到货温度 -72.5 ℃');
    const hk = await timeline(DEMO_TIMELINE_SPECIMEN, 'zh_HK');
    expect(hk.events.map((e) => e.title)).toContain('入庫');
    expect(hk.events.find((e) => e.kind === 'collection')?.title).toBe('在中心貼標採集');
    const destroyed = await timeline('LB-0022');
    const last = destroyed.events.find((e) => e.title === 'destroyed') as Event;
    expect(last.detail).toContain('method autoclave · certificate XH-CERT-2026-0012 · witness 王审核');
    expect(last.reference).toBe('XH2026DEMO05');
    expect(destroyed.specimen.library).toBe('destroyed');
  });

  it("shows a handover's identity check and the signed form's image on the specimen's timeline", async () => {
    const [line] = await env.handle.db
      .select({ code: specimenBarcodes.code })
      .from(specimenBillLines)
      .innerJoin(specimenBills, eq(specimenBills.id, specimenBillLines.billId))
      .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenBillLines.specimenId))
      .where(eq(specimenBills.billNo, 'CK2026DEMO05'))
      .limit(1);
    const code = line?.code ?? '';
    const identified = (await timeline(code)).events.find((e) =>
      e.title.startsWith('Receiver identified for CK2026DEMO05: '),
    );
    expect(identified).toMatchObject({ kind: 'bill', reference: 'CK2026DEMO05' });
    expect(identified?.detail).toContain('ID card and face comparison');
    expect(identified?.detail).toContain('score 91.5 (threshold 50)');
    expect(identified?.files.map((f) => f.name)).toEqual(['CK2026DEMO05-handover.jpg']);
    const chinese = (await timeline(code, 'zh_CN')).events.find(
      (e) => e.reference === 'CK2026DEMO05' && e.title.includes('接收人身份核验'),
    );
    expect(chinese?.detail).toContain('身份证 + 人脸比对');
  });
  it('lists the custody log by barcode, reference, action and box, with places as labels', async () => {
    const mine = await log({ barcode: DEMO_TIMELINE_SPECIMEN });
    expect(mine.total).toBe(4);
    expect(mine.data.map((r) => r.action)).toEqual(['return', 'outbound', 'move', 'place']);
    expect(mine.data[2]).toMatchObject({
      from: 'ULT-01 / R01 / A4 / I1',
      to: 'ULT-01 / R01 / A4 / I2',
      userName: '赵样本',
    });
    expect((await log({ reference: 'CK2026DEMO10' })).data.map((r) => r.action)).toEqual([
      'return',
      'outbound',
    ]);
    expect((await log({ barcode: DEMO_TIMELINE_SPECIMEN, actions: ['move'] })).total).toBe(1);
    expect((await log({ boxCode: 'ULT-01-R01-A4' })).data.map((r) => r.action)).toEqual([
      'return',
      'outbound',
      'move',
      'place',
    ]);
    // A parent's barcode finds its aliquots' events too (LB-0016 is an aliquot of LB-0015).
    const family = await log({ barcode: 'LB-0015' });
    expect(new Set(family.data.map((r) => r.barcode))).toEqual(new Set(['LB-0015', 'LB-0016']));
    expect((await log({ barcode: 'LB-0016' })).data.every((r) => r.barcode === 'LB-0016')).toBe(true);
  });

  it('counts date filters as whole days in the caller’s zone', async () => {
    const [placed] = (await log({ barcode: DEMO_TIMELINE_SPECIMEN, actions: ['place'] })).data;
    const at = (placed as Row).at;
    for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
      const day = dayIn(at, zone);
      const found = await log(
        { barcode: DEMO_TIMELINE_SPECIMEN, actions: ['place'], from: day, to: day },
        zone,
      );
      expect(found.total, zone).toBe(1);
    }
    // Kiritimati's day of the placement holds nothing for someone 26 hours behind.
    const far = dayIn(at, 'Pacific/Kiritimati');
    const other = await log(
      { barcode: DEMO_TIMELINE_SPECIMEN, actions: ['place'], from: far, to: far },
      'Etc/GMT+12',
    );
    expect(other.total).toBe(0);
  });

  it("tells a box's story: created, its tubes in and out", async () => {
    const [box] = await env.handle.db
      .select()
      .from(storageBoxes)
      .where(eq(storageBoxes.code, 'ULT-01-R01-A4'));
    const { data } = await ok<{ box: { place: string }; events: Event[] }>(api.boxTimeline, {
      body: { id: box?.id },
    });
    expect(data.box.place).toBe('ULT-01 / R01 / A4');
    // ULT-01's monthly alarm check, done a month ago while the box was in it (containers demo).
    const upkeep = data.events.filter((e) => e.kind === 'maintenance').map((e) => e.title);
    expect(upkeep).toEqual(['Temperature alarm check of its unit ULT-01 done']);
    expect(data.events.filter((e) => e.kind !== 'maintenance').map((e) => e.title)).toEqual([
      'Box created in ULT-01 / R01 / A4',
      `${DEMO_TIMELINE_SPECIMEN} placed: I1`,
      `${DEMO_TIMELINE_SPECIMEN} moved: I2`,
      `${DEMO_TIMELINE_SPECIMEN} sent out: left I2`,
      `${DEMO_TIMELINE_SPECIMEN} returned: I3`,
    ]);
    const missing = envelope(await as(keeper, api.boxTimeline, { body: { id: 999999 } }));
    expect(missing.code).toBe(ResultCode.NOT_FOUND);
  });

  it('exports the filtered log as xlsx and refuses bad input and callers without the permission', async () => {
    const response = await as(keeper, api.export, { body: { barcode: DEMO_TIMELINE_SPECIMEN } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    for (const body of [{ actions: ['lost'] }, { from: '2026-13-40' }, { barcode: 'x'.repeat(40) }]) {
      const refused = await as(keeper, api.list, { body: { page: 1, size: 10, ...body } });
      expect(refused.statusCode).not.toBe(500);
      expect(envelope(refused).code).toBe(ResultCode.BAD_REQUEST);
    }
    expect(envelope(await as(lab, api.list, { body: { page: 1, size: 10 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect(envelope(await as(keeper, api.specimenTimeline, { body: { code: 'NO-SUCH-TUBE' } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
  });

  it("answers a specimen outside the caller's projects as not found, and leaves it out of the log", async () => {
    const db = env.handle.db;
    const [project] = await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-002'));
    const [user] = await db.select().from(users).where(eq(users.mobile, '13800000004'));
    if (!project || !user) throw new Error('demo project or keeper missing');
    const where = and(eq(userProjects.userId, user.id), eq(userProjects.projectId, project.id));
    const kept = await db.select().from(userProjects).where(where);
    expect(kept.length).toBeGreaterThan(0);
    await db.delete(userProjects).where(where);
    try {
      const refused = envelope(
        await as(keeper, api.specimenTimeline, { body: { code: DEMO_TIMELINE_SPECIMEN } }),
      );
      expect(refused.code).toBe(ResultCode.NOT_FOUND);
      expect((await log({ barcode: DEMO_TIMELINE_SPECIMEN })).total).toBe(0);
      // Its box keeps its story without the other project's tubes.
      const [box] = await db.select().from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R01-A4'));
      const { data } = await ok<{ events: Event[] }>(api.boxTimeline, { body: { id: box?.id } });
      expect(data.events.map((e) => e.kind)).toEqual(['box', 'maintenance']);
    } finally {
      await db.insert(userProjects).values(kept);
    }
  });

  it('tells a box moved with its tubes once, from where to where', async () => {
    const db = env.handle.db;
    const [box] = await db.select().from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R01-A4'));
    const [rack] = await db.select().from(storageRacks).where(eq(storageRacks.code, 'ULT-01-R01'));
    if (!box || !rack) throw new Error('demo box or rack missing');
    const moved = envelope(
      await as(keeper, endpoints.library.boxMove, {
        params: { id: box.id },
        body: { unitId: rack.unitId, rackId: rack.id, rackRow: 2, rackCol: 1, reason: 'tidy the drawer' },
      }),
    );
    expect(moved.code).toBe(200);
    const { data } = await ok<{ box: { place: string }; events: Event[] }>(api.boxTimeline, {
      body: { id: box.id },
    });
    expect(data.box.place).toBe('ULT-01 / R01 / B1');
    const last = data.events.at(-1) as Event;
    expect(last).toMatchObject({ kind: 'box', title: 'Box moved (1 tubes in it)', who: '赵样本' });
    expect(last.detail).toBe('ULT-01 → ULT-01；reason: tidy the drawer');
    expect(data.events.filter((e) => e.kind === 'record')).toEqual([]);
    const { specimen } = await timeline(DEMO_TIMELINE_SPECIMEN);
    expect(specimen.place).toBe('ULT-01 / R01 / B1 / I3');
  });
});
