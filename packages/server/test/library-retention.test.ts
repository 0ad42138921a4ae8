import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, sampleTypes, stockOutTypes, temperatures, userProjects, users } from '../src/db/schema.js';
import { storageBoxes } from '../src/db/schema-library.js';
import { retentionRules } from '../src/db/schema-library-retention.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { assign } from '../src/services/positions/engine.js';
import { retentionOf } from '../src/services/retention/retention.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { libraryRetention: api, libraryBills: bills } = endpoints;
const DAY = 86_400_000;
const SHANGHAI = 'Asia/Shanghai';
const dayOf = (at: number, zone: string) => new Date(at).toLocaleDateString('sv-SE', { timeZone: zone });
/** `day` plus `months`, the last day of a shorter month as PostgreSQL counts it. */
const addMonths = (day: string, months: number) => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
};
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

interface Row {
  id: number;
  code: string;
  projectNo: string;
  endsOn: string;
  daysLeft: number;
  instruction: string;
  returnTypeId: number | null;
  unitName: string | null;
  box: string | null;
  position: string | null;
  extendedUntil: string | null;
  bill: { billNo: string } | null;
}

/** Retention rules and the specimen-expired list. */
describe.each(FEATURE_ENGINES)('retention and expired specimens on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let reviewer: Session;
  let lab: Session;
  const ids = new Map<string, number>();

  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => {
    const response = await call(env.app, endpoint, { tz: SHANGHAI, ...options, session }, env.clock.now);
    expect(response.statusCode).not.toBe(500);
    return envelope(response);
  };
  const ok = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => {
    const body = await as(session, endpoint, options);
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as Record<string, unknown>;
  };
  const list = async (body: Record<string, unknown> = {}, options: Parameters<typeof call>[2] = {}) =>
    (await ok(keeper, api.expiredList, {
      body: { page: 1, size: 100, ...body },
      ...options,
    })) as unknown as Row[];
  const idOf = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]?.id ?? 0;
  const project = (no: string) =>
    idOf(env.handle.db.select({ id: projects.id }).from(projects).where(eq(projects.projectNo, no)));
  const sampleType = (code: string) =>
    idOf(env.handle.db.select({ id: sampleTypes.id }).from(sampleTypes).where(eq(sampleTypes.code, code)));

  /** A stored specimen of a project received at `signedAt`, placed in the test box. */
  let cell = 0;
  async function stored(code: string, projectNo: string, type: string, signedAt: Date) {
    const db = env.handle.db;
    const keeperId = await idOf(
      db.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000004')),
    );
    const [row] = await db
      .insert(specimenBarcodes)
      .values({
        code,
        projectId: await project(projectNo),
        sampleTypeId: await sampleType(type),
        status: 'signed',
        temperatureId: await idOf(
          db.select({ id: temperatures.id }).from(temperatures).where(eq(temperatures.code, '-80C')),
        ),
        signedAt,
        createdBy: keeperId,
        createdAt: signedAt,
      })
      .returning({ id: specimenBarcodes.id });
    const box = await idOf(
      db.select({ id: storageBoxes.id }).from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R02-A2')),
    );
    cell += 1;
    await assign(
      db,
      'en_US',
      [
        {
          action: 'place',
          specimenId: row?.id ?? 0,
          to: { boxId: box, row: Math.ceil(cell / 9), col: ((cell - 1) % 9) + 1 },
        },
      ],
      { userId: keeperId, at: new Date(env.clock.now), batchId: `t-${code}`, reference: null },
    );
    ids.set(code, row?.id ?? 0);
    return row?.id ?? 0;
  }

  beforeAll(async () => {
    env = await startEnv(engine);
    // 00:30 in Shanghai, 16:30 UTC the day before: "today" differs by zone.
    const next = new Date(env.clock.now);
    next.setUTCHours(16, 30, 0, 0);
    if (next.getTime() <= env.clock.now) next.setTime(next.getTime() + DAY);
    env.clock.now = next.getTime();
    keeper = await login(env, '13800000004');
    reviewer = await login(env, '13800000002');
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  it('lists the demo specimens due within 90 days or past, in words, with their place and instruction', async () => {
    const rows = await list();
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const past = byCode.get('RET-0001');
    expect(past).toMatchObject({
      instruction: 'destroy',
      unitName: expect.any(String),
      box: 'ULT-01-R02-A5',
      position: 'A1',
    });
    expect(past?.daysLeft).toBeLessThan(0);
    expect(byCode.get('RET-0004')?.instruction).toBe('keep');
    const returned = byCode.get('RET-0006');
    expect(returned?.instruction).toBe('return');
    const [returnType] = await env.handle.db
      .select({ id: stockOutTypes.id })
      .from(stockOutTypes)
      .where(eq(stockOutTypes.code, 'RETURN_SITE'));
    expect(returned?.returnTypeId).toBe(returnType?.id);
    // Due first; every listed one within the window; KM-2026-001's serum keeps 2 years after the study.
    expect(rows.map((r) => r.endsOn)).toEqual([...rows.map((r) => r.endsOn)].sort());
    expect(rows.every((r) => r.daysLeft <= 90)).toBe(true);
    expect(rows.some((r) => r.code.startsWith('LB-'))).toBe(false);
    expect((await list({ overdue: true })).every((r) => r.daysLeft <= 0)).toBe(true);
    // The retention demo's return cases (other demos' KM-2026-002 specimens fall due under its rule too).
    const returns = (await list({ instruction: 'return' })).map((r) => r.code);
    expect(returns.filter((code) => code.startsWith('RET-'))).toEqual(['RET-0006', 'RET-0007', 'RET-0008']);
    const forbidden = await as(lab, api.expiredList, { body: { page: 1, size: 10 } });
    expect(forbidden.code).toBe(ResultCode.FORBIDDEN);
    const book = await call(
      env.app,
      api.expiredExport,
      { tz: SHANGHAI, session: keeper, body: { instruction: 'return' } },
      env.clock.now,
    );
    expect(book.statusCode).toBe(200);
    expect(book.headers['content-type']).toContain('spreadsheetml');
    expect(book.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('takes the longest applicable rule and never lists a specimen no rule covers', async () => {
    const km3 = await project('KM-2026-003');
    // KM-2026-003's demo rule (a year after the study's end) would win over anything shorter.
    const [demoRule] = await env.handle.db
      .select()
      .from(retentionRules)
      .where(eq(retentionRules.projectId, km3));
    await ok(keeper, api.ruleRemove, {
      params: { id: demoRule?.id ?? 0 },
      body: { version: demoRule?.version ?? 1 },
    });
    const received = new Date(env.clock.now - 80 * DAY);
    const serum = await stored('RT-LONG', 'KM-2026-003', 'SER', received);
    const urine = await stored('RT-NORULE', 'KM-2026-003', 'TIS', received);
    const serumType = await sampleType('SER');
    await ok(keeper, api.ruleCreate, {
      body: {
        projectId: km3,
        sampleTypeId: serumType,
        period: 2,
        unit: 'month',
        start: 'received',
        instruction: 'destroy',
      },
    });
    await ok(keeper, api.ruleCreate, {
      body: {
        projectId: km3,
        sampleTypeId: serumType,
        period: 3,
        unit: 'month',
        start: 'received',
        instruction: 'keep',
      },
    });
    const retention = await retentionOf(env.handle.db, [serum, urine], new Date(env.clock.now));
    expect(retention.get(serum)?.instruction).toBe('keep');
    expect(retention.get(serum)?.endsOn).toBe(addMonths(dayOf(received.getTime(), SHANGHAI), 3));
    expect(retention.has(urine)).toBe(false);
    let codes = (await list({ projectId: km3 })).map((r) => r.code);
    expect(codes).toContain('RT-LONG');
    expect(codes).not.toContain('RT-NORULE');
    // A rule for every type that runs from the study's end (two years away) is longer: not due.
    await ok(keeper, api.ruleCreate, {
      body: { projectId: km3, period: 1, unit: 'year', start: 'studyEnd', instruction: 'destroy' },
    });
    codes = (await list({ projectId: km3 })).map((r) => r.code);
    expect(codes).not.toContain('RT-LONG');
    const rules = (await ok(keeper, api.ruleList, {
      body: { page: 1, size: 50, projectId: km3 },
    })) as unknown as Array<{
      id: number;
      sampleTypeName: string | null;
      version: number;
    }>;
    expect(rules.map((r) => r.sampleTypeName)).toEqual([null, 'Serum', 'Serum']);
    await ok(keeper, api.ruleRemove, {
      params: { id: rules[0]?.id ?? 0 },
      body: { version: rules[0]?.version ?? 1 },
    });
  });

  it('counts the 90-day window in the reader zone (Asia/Shanghai) and the receipt day in the rule zone', async () => {
    const km3 = await project('KM-2026-003');
    const urine = await sampleType('URI');
    await ok(keeper, api.ruleCreate, {
      body: {
        projectId: km3,
        sampleTypeId: urine,
        period: 1,
        unit: 'year',
        start: 'received',
        instruction: 'destroy',
      },
    });
    const today = dayOf(env.clock.now, SHANGHAI);
    expect(today).not.toBe(dayOf(env.clock.now, 'UTC'));
    const lastDay = addDays(today, 90);
    const yearBefore = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
    // Received at 10:00 Shanghai on the day a year before the window's last day: listed, 90 days left.
    await stored('RT-EDGE-IN', 'KM-2026-003', 'URI', new Date(`${yearBefore(lastDay)}T02:00:00Z`));
    // Received at 04:00 Shanghai the next day (still the day before in UTC): one day out.
    await stored('RT-EDGE-OUT', 'KM-2026-003', 'URI', new Date(`${yearBefore(lastDay)}T20:00:00Z`));
    const rows = await list({ projectId: km3, sampleTypeId: urine });
    expect(rows.map((r) => [r.code, r.daysLeft])).toEqual([['RT-EDGE-IN', 90]]);
    // Read in UTC, today is a day earlier: the same specimen has 91 days left and is not listed yet.
    const utc = await list({ projectId: km3, sampleTypeId: urine }, { tz: 'UTC' });
    expect(utc).toEqual([]);
    const due = await list({ projectId: km3, dueFrom: lastDay, dueTo: lastDay });
    expect(due.map((r) => r.code)).toEqual(['RT-EDGE-IN']);
  });

  it('refuses bad input in the reader language and changes nothing', async () => {
    const km3 = await project('KM-2026-003');
    const before = await env.handle.db.select().from(retentionRules);
    const long = await as(keeper, api.ruleCreate, {
      body: { projectId: km3, period: 101, unit: 'year', start: 'received', instruction: 'keep' },
    });
    expect(long).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: 'A retention period cannot be longer than 1200 months (100 years)',
    });
    const zh = await as(keeper, api.ruleCreate, {
      lang: 'zh_CN',
      body: { projectId: km3, period: 101, unit: 'year', start: 'received', instruction: 'keep' },
    });
    expect(zh.msg).toBe('保存期限不能超过 1200 个月（100 年）');
    const hk = await as(keeper, api.ruleCreate, {
      lang: 'zh_HK',
      body: {
        projectId: km3,
        period: 1,
        unit: 'year',
        start: 'received',
        instruction: 'keep',
        returnTypeId: 1,
      },
    });
    expect(hk.msg).toBe('只有「歸還申辦方」的規則可以指定出庫類型');
    const [lend] = await env.handle.db
      .select()
      .from(stockOutTypes)
      .where(eq(stockOutTypes.returnsSample, true));
    const loan = await as(keeper, api.ruleCreate, {
      body: {
        projectId: km3,
        period: 1,
        unit: 'year',
        start: 'received',
        instruction: 'return',
        returnTypeId: lend?.id,
      },
    });
    expect(loan.msg).toContain('a loan that comes back');
    const malformed = await as(keeper, api.ruleCreate, {
      body: { projectId: km3, period: 0, unit: 'week', start: 'received', instruction: 'burn' },
    });
    expect(malformed.code).toBe(ResultCode.BAD_REQUEST);
    const range = await as(keeper, api.expiredList, {
      body: { page: 1, size: 10, dueFrom: '2027-02-01', dueTo: '2027-01-01' },
    });
    expect(range.msg).toBe('The due-date range starts after it ends');
    const notLater = await as(keeper, api.extend, {
      body: {
        specimenIds: [ids.get('RT-EDGE-IN') ?? 0],
        until: '2020-01-01',
        reason: 'x',
        signature: { password: DEMO_PASSWORD },
      },
    });
    expect(notLater.msg).toMatch(
      /^Specimen RT-EDGE-IN is kept until \d{4}-\d{2}-\d{2}: the new day must be later$/,
    );
    const noRule = await as(keeper, api.extend, {
      body: {
        specimenIds: [ids.get('RT-NORULE') ?? 0],
        until: '2099-01-01',
        reason: 'x',
        signature: { password: DEMO_PASSWORD },
      },
    });
    expect(noRule.msg).toBe(
      'Specimen RT-NORULE is not stored or no retention rule covers it: it cannot be kept longer',
    );
    const unsigned = await as(keeper, api.extend, {
      body: { specimenIds: [ids.get('RT-EDGE-IN') ?? 0], until: '2099-01-01', reason: 'x' },
    });
    expect(unsigned.code).toBe(ResultCode.BAD_REQUEST);
    expect(await env.handle.db.select().from(retentionRules)).toEqual(before);
  });

  it('keeps specimens longer with a reason and an e-signature (keep)', async () => {
    const id = (await list()).find((r) => r.code === 'RET-0004')?.id ?? 0;
    const until = addDays(dayOf(env.clock.now, SHANGHAI), 365 * 3);
    expect(
      await ok(keeper, api.extend, {
        body: {
          specimenIds: [id],
          until,
          reason: '转入长期库，知情同意覆盖',
          signature: { password: DEMO_PASSWORD },
        },
      }),
    ).toEqual({ extended: 1 });
    expect((await list()).some((r) => r.code === 'RET-0004')).toBe(false);
    const retention = await retentionOf(env.handle.db, [id], new Date(env.clock.now));
    expect(retention.get(id)).toMatchObject({ endsOn: until, extendedUntil: until, expired: false });
  });

  it('shows expired on an outbound line as a warning that does not block, and nothing on a destruction', async () => {
    const km1 = await project('KM-2026-001');
    const [testType] = await env.handle.db.select().from(stockOutTypes).where(eq(stockOutTypes.code, 'TEST'));
    const out = await ok(keeper, bills.outboundCreate, {
      body: {
        kind: 'out',
        projectId: km1,
        stockOutTypeId: testType?.id,
        reason: '1',
        recipient: 'Dr. Wang',
        destination: 'Lab B',
        lines: [{ barcode: 'RET-0001' }, { barcode: 'RET-0003' }],
      },
    });
    const detail = async (endpoint: typeof bills.outboundDetail | typeof bills.destroyDetail, id: unknown) =>
      (
        (await ok(keeper, endpoint, { params: { id: id as number } })) as unknown as {
          lineRows: Array<{ barcode: string; problems: string[] }>;
        }
      ).lineRows.map((l) => [l.barcode, l.problems]);
    expect(await detail(bills.outboundDetail, out.id)).toEqual([
      ['RET-0001', ['expired']],
      ['RET-0003', []],
    ]);
    await ok(keeper, bills.outboundSubmit, { params: { id: out.id as number }, body: { version: 1 } });
    expect(
      await ok(reviewer, bills.outboundReview, {
        params: { id: out.id as number },
        body: { version: 2, action: 'approve', signature: { password: DEMO_PASSWORD } },
      }),
    ).toMatchObject({ status: 'approved' });
    // The page shows the bill that holds them instead of actions.
    expect((await list()).find((r) => r.code === 'RET-0001')?.bill?.billNo).toBe(out.billNo);
    const destroy = await ok(keeper, bills.destroyCreate, {
      body: { projectId: km1, reason: '1', lines: [{ barcode: 'RET-0002' }] },
    });
    expect(await detail(bills.destroyDetail, destroy.id)).toEqual([['RET-0002', []]]);
  });

  it("never lists another project's specimens, nor extends or edits them", async () => {
    const km2 = await project('KM-2026-002');
    const keeperId = await idOf(
      env.handle.db.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000004')),
    );
    await env.handle.db
      .delete(userProjects)
      .where(and(eq(userProjects.userId, keeperId), eq(userProjects.projectId, km2)));
    const rows = await list();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.projectNo === 'KM-2026-002')).toBe(false);
    expect(await list({ projectId: km2 })).toEqual([]);
    const [other] = await env.handle.db
      .select()
      .from(specimenBarcodes)
      .where(eq(specimenBarcodes.code, 'RET-0006'));
    const extend = await as(keeper, api.extend, {
      body: {
        specimenIds: [other?.id ?? 0],
        until: '2099-01-01',
        reason: 'x',
        signature: { password: DEMO_PASSWORD },
      },
    });
    expect(extend.code).toBe(ResultCode.NOT_FOUND);
    const create = await as(keeper, api.ruleCreate, {
      body: { projectId: km2, period: 1, unit: 'year', start: 'received', instruction: 'keep' },
    });
    expect(create.code).toBe(ResultCode.FORBIDDEN);
    const rules = (await ok(keeper, api.ruleList, { body: { page: 1, size: 50 } })) as unknown as Array<{
      projectNo: string;
    }>;
    expect(rules.some((r) => r.projectNo === 'KM-2026-002')).toBe(false);
    const [km2Rule] = await env.handle.db
      .select()
      .from(retentionRules)
      .where(eq(retentionRules.projectId, km2));
    const update = await as(keeper, api.ruleUpdate, {
      params: { id: km2Rule?.id ?? 0 },
      body: { version: 1, period: 1, unit: 'month', start: 'received', instruction: 'destroy' },
    });
    expect(update.code).toBe(ResultCode.NOT_FOUND);
  });
});
