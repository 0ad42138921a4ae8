import { Decimal, endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, temperatures, testItems } from '../src/db/schema.js';
import { financeBillableEvents } from '../src/db/schema-finance.js';
import { labReportResults, labReports } from '../src/db/schema-lab.js';
import { custodyEvents, storageUnits } from '../src/db/schema-library.js';
import {
  marketingContractLines,
  marketingContracts,
  marketingContractVersions,
} from '../src/db/schema-marketing.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { storageFigures } from '../src/modules/finance/generate.js';
import { FEATURE_ENGINES } from './engines.js';
import { answers, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { bills } = endpoints;
type Event = {
  id: number;
  version: number;
  status: string;
  kind: string;
  sourceKind: string;
  sourceRef: string;
  direction: string;
  reversesId: number | null;
  projectNo: string;
  quantity: string;
  unitPrice: string | null;
  net: string | null;
  tax: string | null;
  gross: string | null;
  serviceKey: string;
};
const ZONE = 'Asia/Shanghai';

/** Billable events: made by the work, priced once, idempotent, reversed, visible by role. */
describe.each(FEATURE_ENGINES)('finance bills on %s', (engine) => {
  let env: TestEnv;
  let finance: Session;
  let sales: Session;
  let admin: Session;
  let site: Session;
  let km1: number;
  let period: string;

  const calls = answers(() => env);
  const ok = <T = Event[]>(...args: Parameters<typeof calls.ok>) => calls.ok<T>(...args);
  const { refused } = calls;
  const eventsOf = (where: ReturnType<typeof and>) =>
    env.handle.db.select().from(financeBillableEvents).where(where);

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    finance = await login(env, '13800000005');
    sales = await login(env, '13800000006');
    site = await login(env, '13900000001');
    const rows = await env.handle.db.select().from(projects);
    km1 = rows.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
    period = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(env.clock.now).slice(0, 7);
  });
  afterAll(() => env.close());

  it('the demo opens on priced work, an exception queue and a waived exception', async () => {
    const demo = await ok(admin, bills.paging, { body: { size: 200 } });
    expect(demo.total).toBeGreaterThan(0);
    const statuses = new Set(demo.data.map((e) => e.status));
    expect(statuses).toContain('priced');
    expect(statuses).toContain('waived');
    const priced = demo.data.find((e) => e.status === 'priced');
    // Money is decimal text, never a number.
    expect(priced?.gross).toMatch(/^-?\d+(\.\d+)?$/);
    const summary = await ok<{ exceptions: number; rows: Array<{ gross: string }> }>(admin, bills.summary, {
      body: { period },
    });
    expect(summary.data.exceptions).toBeGreaterThanOrEqual(0);
  });

  it('external users see nothing; sales see their customers’ projects; finance all', async () => {
    expect((await refused(site, bills.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
    expect((await refused(site, bills.generate, { body: { period } })).code).toBe(ResultCode.FORBIDDEN);
    const all = await ok(finance, bills.paging, { body: { size: 500 } });
    const mine = await ok(sales, bills.paging, { body: { size: 500 } });
    // KM-2026-003 belongs to a customer the sales account does not own.
    expect(mine.data.every((e) => e.projectNo !== 'KM-2026-003')).toBe(true);
    expect(mine.total ?? 0).toBeLessThanOrEqual(all.total ?? 0);
    const other = all.data.find((e) => e.projectNo === 'KM-2026-003');
    if (other)
      expect((await refused(sales, bills.storageSpecimens, { params: { id: other.id } })).code).toBe(
        ResultCode.NOT_FOUND,
      );
    // Sales may look but not run the generation or resolve exceptions.
    expect((await refused(sales, bills.generate, { body: { period } })).code).toBe(ResultCode.FORBIDDEN);
    // A malformed period is a clear refusal, not a 500.
    const bad = await refused(finance, bills.generate, { body: { period: '2026-13' } });
    expect(bad.code).toBe(ResultCode.BAD_REQUEST);
    expect(bad.msg).toMatch(/period/i);
  });

  it('a released report bills its test items at the contract price in force, once; a correction reverses it once', async () => {
    const db = env.handle.db;
    const [template] = await db.select().from(labReports).where(eq(labReports.projectId, km1)).limit(1);
    if (!template) throw new Error('no demo report');
    const [cbc] = await db.select().from(testItems).where(eq(testItems.code, 'CBC'));
    const [odd] = await db
      .insert(testItems)
      .values({ code: 'FIN-XT', name: '无合同项目', enName: 'Item without a price' })
      .returning();
    const [report] = await db
      .insert(labReports)
      .values({
        reportNo: 'FIN-RPT-1',
        projectId: km1,
        siteId: template.siteId,
        subjectId: template.subjectId,
        barcode: template.barcode,
        status: 'released',
        createdBy: template.createdBy,
        createdAt: new Date(env.clock.now),
        releasedAt: new Date(env.clock.now),
      })
      .returning();
    if (!report || !cbc || !odd) throw new Error('fixture');
    await db.insert(labReportResults).values([
      { reportId: report.id, testItemId: cbc.id, value: '5.1' },
      { reportId: report.id, testItemId: odd.id, value: '1' },
    ]);

    const first = await ok<{ charges: number; unpriced: number }>(finance, bills.generate, {
      body: { period },
    });
    expect(first.data.charges).toBeGreaterThanOrEqual(2);
    const mine = await ok(finance, bills.paging, { body: { keyword: 'FIN-RPT-1', size: 10 } });
    const priced = mine.data.find((e) => e.serviceKey === 'test:CBC');
    const unpriced = mine.data.find((e) => e.serviceKey === 'test:FIN-XT');
    expect(priced?.status).toBe('priced');
    expect(unpriced?.status).toBe('unpriced');
    // The demo contract is tax-inclusive: the amount is gross and net is back-calculated per line.
    const gross = Decimal.of(priced?.unitPrice ?? '0').round(2);
    expect(priced?.gross).toBe(gross.toFixed(2));
    expect(
      Decimal.of(priced?.net ?? '0')
        .add(priced?.tax ?? '0')
        .eq(gross),
    ).toBe(true);

    // Run twice: nothing twice.
    const again = await ok<{ charges: number; reversals: number }>(finance, bills.generate, {
      body: { period },
    });
    expect(again.data).toMatchObject({ charges: 0, reversals: 0 });

    // A later price change never moves history.
    const [contract] = await db
      .select()
      .from(marketingContracts)
      .where(eq(marketingContracts.number, 'DEMO-HT-2026-001'));
    const versions = await db
      .select()
      .from(marketingContractVersions)
      .where(eq(marketingContractVersions.contractId, contract?.id ?? 0));
    const latest = versions.sort((a, b) => b.versionNo - a.versionNo)[0];
    await db
      .update(marketingContractLines)
      .set({ unitPrice: '999.0000' })
      .where(
        and(
          eq(marketingContractLines.versionId, latest?.id ?? 0),
          eq(marketingContractLines.serviceKey, 'test:CBC'),
        ),
      );
    await ok(finance, bills.generate, { body: { period } });
    const [still] = await eventsOf(eq(financeBillableEvents.id, priced?.id ?? 0));
    expect(still?.gross).toBe(priced?.gross);

    // A contract that now prices the exception re-prices it (the late contract).
    await db.insert(marketingContractLines).values({
      versionId: latest?.id ?? 0,
      serviceKey: 'test:FIN-XT',
      kind: 'test',
      ref: 'FIN-XT',
      name: 'FIN-XT',
      unit: 'sample',
      unitPrice: '10.0050',
      taxRate: '0.06',
    });
    const late = await ok<{ repriced: number }>(finance, bills.generate, { body: { period } });
    expect(late.data.repriced).toBeGreaterThanOrEqual(1);
    const [fixed] = await eventsOf(eq(financeBillableEvents.id, unpriced?.id ?? 0));
    // 10.005 × 1 half-up → 10.01 gross; net = 10.01 ÷ 1.06 = 9.4434 → 9.44; tax 0.57.
    expect(fixed).toMatchObject({ status: 'priced', gross: '10.01', net: '9.44', tax: '0.57' });

    // The report corrected (superseded by a revision): each charge reversed once, referencing it.
    await db.update(labReports).set({ status: 'superseded' }).where(eq(labReports.id, report.id));
    const undone = await ok<{ reversals: number }>(finance, bills.generate, { body: { period } });
    expect(undone.data.reversals).toBe(2);
    const reversal = (await eventsOf(eq(financeBillableEvents.reversesId, priced?.id ?? 0)))[0];
    expect(reversal).toMatchObject({ direction: 'reversal', quantity: '-1.0000' });
    expect(
      Decimal.of(reversal?.gross ?? '0')
        .add(priced?.gross ?? '0')
        .isZero(),
    ).toBe(true);
    expect(
      (await ok<{ reversals: number }>(finance, bills.generate, { body: { period } })).data.reversals,
    ).toBe(0);

    // The database refuses a second charge or a second reversal of the same thing.
    const { id: _id, ...copy } = reversal ?? ({} as NonNullable<typeof reversal>);
    await expect(env.handle.db.insert(financeBillableEvents).values(copy)).rejects.toThrow();
    const [charge] = await eventsOf(eq(financeBillableEvents.id, priced?.id ?? 0));
    const { id: _cid, ...chargeCopy } = charge ?? ({} as NonNullable<typeof charge>);
    await expect(env.handle.db.insert(financeBillableEvents).values(chargeCopy)).rejects.toThrow();
  });

  it('finance waives an exception with a reason; only an unpriced event, only by finance, at its version', async () => {
    const [odd] = await env.handle.db
      .insert(testItems)
      .values({ code: 'FIN-YT', name: '待豁免项目', enName: 'Item to waive' })
      .returning();
    const [report] = await env.handle.db
      .select()
      .from(labReports)
      .where(eq(labReports.reportNo, 'FIN-RPT-1'));
    const [revision] = await env.handle.db
      .insert(labReports)
      .values({ ...(report as NonNullable<typeof report>), id: undefined, revision: 1, status: 'released' })
      .returning();
    await env.handle.db
      .insert(labReportResults)
      .values({ reportId: revision?.id ?? 0, testItemId: odd?.id ?? 0, value: '2' });
    await ok(finance, bills.generate, { body: { period } });
    const queue = await ok(finance, bills.paging, {
      body: { status: 'unpriced', keyword: 'FIN-YT', size: 5 },
    });
    const event = queue.data[0];
    if (!event) throw new Error('no exception');
    expect(
      (
        await refused(sales, bills.waive, {
          params: { id: event.id },
          body: { version: event.version, reason: 'x' },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    expect(
      (
        await refused(finance, bills.waive, {
          params: { id: event.id },
          body: { version: event.version + 5, reason: 'x' },
        })
      ).code,
    ).toBe(ResultCode.STALE_VERSION);
    expect(
      (
        await refused(finance, bills.waive, {
          params: { id: event.id },
          body: { version: event.version, reason: '  ' },
        })
      ).code,
    ).toBe(ResultCode.BAD_REQUEST);
    await ok(finance, bills.waive, {
      params: { id: event.id },
      body: { version: event.version, reason: '赠送项目' },
    });
    const [after] = await eventsOf(eq(financeBillableEvents.id, event.id));
    expect(after).toMatchObject({ status: 'waived', resolveReason: '赠送项目' });
    expect(
      (
        await refused(finance, bills.waive, {
          params: { id: event.id },
          body: { version: after?.version ?? 0, reason: 'again' },
        })
      ).code,
    ).toBe(ResultCode.INVALID_STATE);
    // Audited.
    const audit = await env.handle.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'bills.waive' AND entity_id = ${String(event.id)}`,
    );
    expect(Number((audit as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBe(1);
  });

  it('storage accrues from custody intervals at period close: one line per project and class, specimens behind it', async () => {
    const db = env.handle.db;
    const [ln2] = await db.select().from(temperatures).where(eq(temperatures.code, '-80C'));
    const [unit] = await db
      .select()
      .from(storageUnits)
      .where(eq(storageUnits.temperatureId, ln2?.id ?? 0))
      .limit(1);
    const specimens = await db
      .select()
      .from(specimenBarcodes)
      .where(eq(specimenBarcodes.projectId, km1))
      .limit(2);
    const [a, b] = specimens;
    if (!unit || !a || !b) throw new Error('fixture');
    // A period long before the demo: 2024-02 (29 days). a: in from the 10th to the 20th (10 days,
    // hotel rule), b: from January to after the period (29 days), both in box 1 → box-days 29.
    const at = (day: string) => new Date(`${day}T12:00:00+08:00`);
    const row = (
      specimenId: number,
      action: string,
      day: string,
      toUnit: number | null,
      box: number | null,
    ) => ({
      specimenId,
      projectId: km1,
      action,
      toUnitId: toUnit,
      toBoxId: box,
      batchId: `fin-${specimenId}-${day}`,
      userId: 1,
      at: at(day),
    });
    const [box] = await db
      .execute(sql`SELECT id FROM storage_boxes LIMIT 1`)
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    await db
      .insert(custodyEvents)
      .values([
        row(a.id, 'place', '2024-02-10', unit.id, box?.id ?? null),
        row(a.id, 'outbound', '2024-02-20', null, null),
        row(b.id, 'place', '2024-01-15', unit.id, box?.id ?? null),
        row(b.id, 'outbound', '2024-03-05', null, null),
      ]);
    const figures = await storageFigures(db, {
      period: '2024-02',
      timeZone: ZONE,
      projectId: km1,
      storageClass: '-80C',
    });
    expect(figures).toEqual([
      { projectId: km1, storageClass: '-80C', specimenDays: '39', boxDays: '29', specimens: 2 },
    ]);
    const result = await ok<{ storageAccrued: boolean }>(finance, bills.generate, {
      body: { period: '2024-02' },
    });
    expect(result.data.storageAccrued).toBe(true);
    const lines = await eventsOf(
      and(
        eq(financeBillableEvents.sourceKind, 'storage'),
        eq(financeBillableEvents.sourceRef, '-80C:2024-02'),
      ),
    );
    // No contract in force in 2024: the accrual waits on the exception queue, in specimen-days.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 'unpriced', quantity: '39.0000', unit: 'specimen-day' });
    const drill = await ok<Array<{ barcode: string; days: string }>>(finance, bills.storageSpecimens, {
      params: { id: lines[0]?.id ?? 0 },
    });
    expect(drill.data.map((d) => d.days).sort()).toEqual(['10', '29']);
    // Again: nothing twice.
    await ok(finance, bills.generate, { body: { period: '2024-02' } });
    expect(
      await eventsOf(
        and(
          eq(financeBillableEvents.sourceKind, 'storage'),
          eq(financeBillableEvents.sourceRef, '-80C:2024-02'),
        ),
      ),
    ).toHaveLength(1);
    // A later period has not begun: refused.
    expect((await refused(finance, bills.generate, { body: { period: '2099-01' } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
  });

  it('the list’s total is the count of the events it filters, as events are added, resolved and removed', async () => {
    const db = env.handle.db;
    const counted = async (where: ReturnType<typeof and>) =>
      Number(
        (
          (await db.execute(
            sql`SELECT count(*)::int AS n FROM finance_billable_events WHERE ${where ?? sql`TRUE`}`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0]?.n,
      );
    const e = financeBillableEvents;
    const from = `${period}-01`;
    const inPeriod = and(
      sql`${e.workDay} >= ${from}::date`,
      sql`${e.workDay} < (${from}::date + interval '1 month')`,
    );
    const filters: Array<[Record<string, unknown>, ReturnType<typeof and>]> = [
      [{}, undefined],
      [{ period }, inPeriod],
      [{ period, projectId: km1 }, and(inPeriod, eq(e.projectId, km1))],
      [{ status: 'unpriced' }, eq(e.status, 'unpriced')],
      [{ kind: 'test', status: 'priced' }, and(eq(e.kind, 'test'), eq(e.status, 'priced'))],
      [{ keyword: 'FIN' }, sql`${e.sourceLabel} ILIKE '%FIN%' OR ${e.serviceKey} ILIKE '%FIN%'`],
    ];
    const check = async () => {
      for (const [body, where] of filters) {
        const page = await ok(finance, bills.paging, { body: { ...body, size: 1 } });
        expect([body, page.total]).toEqual([body, await counted(where)]);
      }
    };
    await check();
    // Added: one statement of two events; resolved: one waived; removed: one deleted.
    const base = {
      projectId: km1,
      kind: 'test',
      sourceKind: 'report-item',
      direction: 'charge',
      workDay: `${period}-01`,
      serviceKey: 'test:TOTAL',
      quantity: '1',
      status: 'unpriced',
      createdAt: new Date(env.clock.now),
    };
    const added = await db
      .insert(e)
      .values([
        { ...base, sourceRef: 'total-1', sourceLabel: 'TOTAL-1' },
        { ...base, sourceRef: 'total-2', sourceLabel: 'TOTAL-2' },
      ])
      .returning({ id: e.id });
    await check();
    await db
      .update(e)
      .set({ status: 'waived' })
      .where(eq(e.id, added[0]?.id ?? 0));
    await check();
    await db.delete(e).where(
      inArray(
        e.id,
        added.map((a) => a.id),
      ),
    );
    await check();
    // Sales count only their customers' projects.
    const mine = await ok(sales, bills.paging, { body: { period, size: 1 } });
    const all = await ok(finance, bills.paging, { body: { period, size: 1 } });
    expect(mine.total ?? 0).toBeLessThanOrEqual(all.total ?? 0);
    const listed = (await ok(sales, bills.paging, { body: { period, size: 500 } })).data;
    expect(listed).toHaveLength(Math.min(mine.total ?? 0, 500));
  });
});
