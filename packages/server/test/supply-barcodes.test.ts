import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, sites, visitPoints } from '../src/db/schema.js';
import { sampleTransports } from '../src/db/schema-portal.js';
import { voidedBarcodes } from '../src/db/schema-project-config.js';
import { supplyBarcodes } from '../src/db/schema-supply-barcodes.js';
import { mod3736Valid } from '../src/lib/iso7064.js';
import { barcodeOf } from '../src/modules/supply-barcodes/service.js';
import { DEMO_KIT_SHIPMENT } from '../src/seed/supply-barcodes-demo.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  envelope,
  login,
  projectOutsideScope,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { supplyBarcodes: api, receiptBarcode } = endpoints;

interface Range {
  id: number;
  kind: string;
  count: number;
  firstCode: string;
  lastCode: string;
  visitName: string | null;
  remark: string | null;
  states: Record<string, number>;
}
interface Code {
  code: string;
  state: string;
  usedOrderNo: string | null;
}

/**
 * Kit and tube barcodes: ranges from one counter (10 reservations at once never
 * overlap), the check character, ship and void, the database refusing reuse, and the receipt desk's
 * check answering each reason (and changing nothing when it refuses).
 */
describe.each(FEATURE_ENGINES)('supply barcodes on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let desk: Session;
  let km1: number;
  let km2: number;
  let site1: number;
  let site2: number;
  let km2site: number;
  let visits: Map<string, number>;
  const visit = (enName: string) => visits.get(enName) ?? 0;
  let shipmentId: number;

  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const ok = async <T>(
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => {
    const body = await as(session, endpoint, options);
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as T;
  };
  const codesOf = async (rangeId: number) => ok<Code[]>(keeper, api.page, { body: { rangeId, size: 100 } });
  const check = (code: string, visitId?: number, lang?: 'zh_CN' | 'zh_HK') =>
    ok<{ answer: string; message: string; state: string | null }>(desk, receiptBarcode.check, {
      params: { id: shipmentId },
      body: { code, ...(visitId ? { visitId } : {}) },
      ...(lang ? { lang } : {}),
    });

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    desk = await login(env, '13800000001');
    const db = env.handle.db;
    const project = async (no: string) =>
      (await db.select().from(projects).where(eq(projects.projectNo, no)))[0]?.id ?? 0;
    km1 = await project('KM-2026-001');
    km2 = await project('KM-2026-002');
    const siteOf = async (projectId: number, centerNo: string) =>
      (
        await db
          .select()
          .from(sites)
          .where(and(eq(sites.projectId, projectId), eq(sites.centerNo, centerNo)))
      )[0]?.id ?? 0;
    site1 = await siteOf(km1, '01');
    site2 = await siteOf(km1, '02');
    km2site = await siteOf(km2, '01');
    const rows = await db
      .select()
      .from(visitPoints)
      .where(eq(visitPoints.projectId, km1))
      .orderBy(asc(visitPoints.id));
    visits = new Map(rows.reverse().map((v) => [v.enName ?? v.name, v.id]));
    const [shipment] = await db
      .select()
      .from(sampleTransports)
      .where(eq(sampleTransports.orderNo, DEMO_KIT_SHIPMENT.orderNo));
    shipmentId = shipment?.id ?? 0;
  });
  afterAll(() => env.close());

  it('lists the demo ranges with their codes’ states counted', async () => {
    const ranges = await ok<Range[]>(keeper, api.rangePage, { body: { projectId: km1 } });
    const byRemark = new Map(ranges.map((r) => [r.remark, r]));
    expect(byRemark.get('基线采血管')).toMatchObject({
      kind: 'tube',
      count: 12,
      states: { used: 2, shipped: 6, voided: 1, printed: 3 },
    });
    expect(byRemark.get('基线采样包')?.states).toEqual({ shipped: 4, reserved: 2 });
    expect(byRemark.get('第4周采血管')?.states).toEqual({ reserved: 10 });
  });

  it('reserves consecutive codes with a valid check character, and refuses a site or visit of another project', async () => {
    const range = await ok<Range>(keeper, api.reserve, {
      body: { projectId: km1, siteId: site1, visitId: visit('Baseline V1'), kind: 'kit', count: 25 },
    });
    expect(range).toMatchObject({ kind: 'kit', count: 25, states: { reserved: 25 } });
    const codes = (await codesOf(range.id)).map((c) => c.code);
    expect(codes).toHaveLength(25);
    expect(codes[0]).toBe(range.firstCode);
    expect(codes.at(-1)).toBe(range.lastCode);
    for (const code of codes) {
      expect(code).toMatch(/^K\d{9}[0-9A-Z]$/);
      expect(mod3736Valid(code)).toBe(true);
    }
    const serials = codes.map((c) => Number(c.slice(1, 10)));
    expect(serials).toEqual(serials.map((_, i) => (serials[0] ?? 0) + i));

    const wrongSite = await as(keeper, api.reserve, {
      body: { projectId: km1, siteId: km2site, kind: 'tube', count: 1 },
    });
    expect(wrongSite.code).toBe(ResultCode.BAD_REQUEST);
    expect(wrongSite.msg).toMatch(/site is not one of the chosen project/);
    const zh = await call(
      env.app,
      api.reserve,
      {
        body: { projectId: km2, siteId: km2site, visitId: visit('Screening V0'), kind: 'tube', count: 1 },
        session: keeper,
        lang: 'zh_HK',
      },
      env.clock.now,
    );
    expect(envelope(zh).msg).toBe('該訪視不屬於所選項目');
    const tooMany = await as(keeper, api.reserve, {
      body: { projectId: km1, siteId: site1, kind: 'tube', count: 2001 },
    });
    expect(tooMany.code).toBe(ResultCode.BAD_REQUEST);
  });

  it('hands ten reservations made at once ranges that never overlap', async () => {
    const ranges = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ok<Range>(keeper, api.reserve, {
          body: { projectId: i % 2 ? km1 : km2, siteId: i % 2 ? site2 : km2site, kind: 'tube', count: 40 },
        }),
      ),
    );
    const all = (await Promise.all(ranges.map((r) => codesOf(r.id)))).flat().map((c) => c.code);
    expect(all).toHaveLength(400);
    expect(new Set(all).size).toBe(400);
    const serials = ranges
      .map((r) => [Number(r.firstCode.slice(1, 10)), Number(r.lastCode.slice(1, 10))] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < serials.length; i++)
      expect(serials[i]?.[0]).toBeGreaterThan(serials[i - 1]?.[1] ?? 0);
  });

  it('ships reserved or printed codes, voids unused ones into the project’s voided list, and names what it refuses', async () => {
    const range = await ok<Range>(keeper, api.reserve, {
      body: { projectId: km1, siteId: site1, kind: 'tube', count: 4 },
    });
    const [a, b, c] = (await codesOf(range.id)).map((x) => x.code);
    if (!a || !b || !c) throw new Error('no codes');
    expect(await ok(keeper, api.ship, { body: { codes: [a, b.toLowerCase()] } })).toEqual({ count: 2 });
    const again = await as(keeper, api.ship, { body: { codes: [a, c] } });
    expect(again.code).toBe(ResultCode.INVALID_STATE);
    expect(again.msg).toContain(a);
    expect(again.msg).not.toContain(c);
    const badReason = await as(keeper, api.void, { body: { codes: [c], reasonCode: 'nope', reason: 'x' } });
    expect(badReason.code).toBe(ResultCode.BAD_REQUEST);
    expect(
      await ok(keeper, api.void, { body: { codes: [c], reasonCode: 'damaged', reason: 'torn label' } }),
    ).toEqual({
      count: 1,
    });
    const listed = await env.handle.db.select().from(voidedBarcodes).where(eq(voidedBarcodes.code, c));
    expect(listed).toMatchObject([{ projectId: km1, reasonCode: 'damaged' }]);
    const twice = await as(keeper, api.void, {
      body: { codes: [c], reasonCode: 'damaged', reason: 'again' },
    });
    expect(twice.code).toBe(ResultCode.INVALID_STATE);
    const unknown = await as(keeper, api.ship, { body: { codes: [barcodeOf('tube', 999_999_998)] } });
    expect(unknown.code).toBe(ResultCode.NOT_FOUND);
  });

  it('the database refuses deleting a code, reissuing it or bringing a voided one back', async () => {
    const db = env.handle.db;
    const [voided] = await db
      .select()
      .from(supplyBarcodes)
      .where(eq(supplyBarcodes.state, 'voided'))
      .limit(1);
    if (!voided) throw new Error('no voided code');
    await expect(db.delete(supplyBarcodes).where(eq(supplyBarcodes.id, voided.id))).rejects.toThrow();
    await expect(
      db.update(supplyBarcodes).set({ state: 'reserved' }).where(eq(supplyBarcodes.id, voided.id)),
    ).rejects.toThrow();
    await expect(
      db.insert(supplyBarcodes).values({ rangeId: voided.rangeId, serial: 999_999_997, code: voided.code }),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`DELETE FROM supply_barcode_ranges WHERE id = ${voided.rangeId}`),
    ).rejects.toThrow();
    const [still] = await db.select().from(supplyBarcodes).where(eq(supplyBarcodes.id, voided.id));
    expect(still?.state).toBe('voided');
  });

  it('answers the receipt desk with the exact reason, and records a good code as used at this receipt', async () => {
    const demo = await ok<Range[]>(keeper, api.rangePage, { body: { projectId: km1 } });
    const tubes = demo.find((r) => r.remark === '基线采血管');
    const week4 = demo.find((r) => r.remark === '第4周采血管');
    if (!tubes || !week4) throw new Error('no demo ranges');
    const codes = await codesOf(tubes.id);
    const byState = (state: string) => codes.filter((c) => c.state === state).map((c) => c.code);
    const [shipped] = byState('shipped');
    const [used] = byState('used');
    const [voided] = byState('voided');
    const [otherSite] = (await codesOf(week4.id)).map((c) => c.code);
    const other = await ok<Range>(keeper, api.reserve, {
      body: { projectId: km2, siteId: km2site, kind: 'tube', count: 1 },
    });
    if (!shipped || !used || !voided || !otherSite) throw new Error('demo codes missing');

    const badCheck = `${shipped.slice(0, -1)}${shipped.endsWith('0') ? '1' : '0'}`;
    expect(await check(badCheck)).toMatchObject({ answer: 'badCheck', state: null });
    expect(await check(barcodeOf('tube', 999_999_990))).toMatchObject({ answer: 'unknown' });
    expect(await check('SOMETHING-ELSE')).toMatchObject({ answer: 'unknown' });
    const voidedAnswer = await check(voided);
    expect(voidedAnswer).toMatchObject({ answer: 'voided', state: 'voided' });
    expect(voidedAnswer.message).toContain('标签打印模糊');
    const usedAnswer = await check(used);
    expect(usedAnswer).toMatchObject({ answer: 'alreadyUsed', state: 'used' });
    expect(usedAnswer.message).toContain(DEMO_KIT_SHIPMENT.orderNo);
    expect(await check(other.firstCode)).toMatchObject({ answer: 'wrongProject', state: null });
    const site = await check(otherSite);
    expect(site).toMatchObject({ answer: 'wrongSite', state: 'reserved' });
    expect(site.message).toMatch(/sent to site 02; this shipment comes from site 01/);
    const otherVisit = await check(shipped, visit('Week 12 V3'));
    expect(otherVisit).toMatchObject({ answer: 'wrongVisit', state: 'shipped' });
    expect(otherVisit.message).toMatch(/for visit “Baseline V1”, not “Week 12 V3”/);
    expect((await check(voided, undefined, 'zh_HK')).message).toMatch(/已作廢/);

    const good = await check(shipped.toLowerCase(), visit('Baseline V1'), 'zh_CN');
    expect(good).toMatchObject({ answer: 'ok', state: 'used' });
    expect(good.message).toMatch(/核对通过/);
    const after = (await codesOf(tubes.id)).find((c) => c.code === shipped);
    expect(after).toMatchObject({ state: 'used', usedOrderNo: DEMO_KIT_SHIPMENT.orderNo });
    expect(await check(shipped)).toMatchObject({ answer: 'alreadyUsed' });
    // Refusals changed nothing.
    expect((await codesOf(week4.id)).every((c) => c.state === 'reserved')).toBe(true);
  });

  it('lists a project’s visits, each name once, for the form and the desk', async () => {
    const forForm = await ok<Array<{ id: number; name: string }>>(keeper, api.visits, {
      query: { projectId: km1 },
    });
    const names = forForm.map((v) => v.name);
    expect(names.slice(0, 3)).toEqual(['Screening V0', 'Baseline V1', 'Week 4 V2']);
    expect(new Set(names).size).toBe(names.length);
    expect(forForm.find((v) => v.name === 'Baseline V1')?.id).toBe(visit('Baseline V1'));
    const atDesk = await ok<Array<{ id: number }>>(desk, receiptBarcode.visits, {
      params: { id: shipmentId },
    });
    expect(atDesk.map((v) => v.id)).toEqual(forForm.map((v) => v.id));
  });

  it('keeps to the caller’s permissions and projects', async () => {
    const denied = await as(desk, api.reserve, {
      body: { projectId: km1, siteId: site1, kind: 'tube', count: 1 },
    });
    expect(denied.code).toBe(ResultCode.FORBIDDEN);
    const hidden = await projectOutsideScope(env, 'KM-BARCODE-SCOPE');
    const [hiddenSite] = await env.handle.db
      .insert(sites)
      .values({ projectId: hidden, centerNo: '01', name: 'hidden' })
      .returning({ id: sites.id });
    const outside = await as(keeper, api.reserve, {
      body: { projectId: hidden, siteId: hiddenSite?.id ?? 0, kind: 'tube', count: 1 },
    });
    expect(outside.code).toBe(ResultCode.NOT_FOUND);
    const hiddenVisits = await as(keeper, api.visits, { query: { projectId: hidden } });
    expect(hiddenVisits.code).toBe(ResultCode.FORBIDDEN);
    const [anyCode] = await env.handle.db.select().from(supplyBarcodes).limit(1);
    const pm = await login(env, '13800000003');
    const notTheirs = await as(pm, receiptBarcode.check, {
      params: { id: shipmentId },
      body: { code: anyCode?.code ?? '' },
    });
    expect(notTheirs.code).toBe(ResultCode.FORBIDDEN);
  });
});
