import {
  type ConsumableOrderDetail,
  type ConsumableRow,
  endpoints,
  type FefoPlan,
  type MovementRow,
  type RecallAnswer,
  ResultCode,
  type StockRow,
  type StocktakeRow,
  type SupplyKitRow,
} from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverMessage } from '../src/db/errors.js';
import { supplyMovements } from '../src/db/schema-supply.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { supply, consumable, project } = endpoints;

describe.each(FEATURE_ENGINES)('supply on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session; // 赵样本, supply area
  let admin: Session; // the administrator: a second person for approvals
  let site: Session; // 陈中心, KM-2026-001 site 01
  let auditor: Session; // 何研究, same site
  let lab: Session; // 李实验, no supply permission
  let store: number;
  let cold: number;
  let today: string;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now).then(envelope);
  const ok = async <T>(
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => {
    const answer = await as(session, endpoint, options);
    expect(answer.code, answer.msg).toBe(200);
    return answer.data as T;
  };
  const inDays = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    env = await startEnv(engine, process.env.SUPPLY_DEBUG ? { logger: true } : {});
    keeper = await login(env, '13800000004');
    admin = await login(env, '13800000000');
    site = await login(env, '13900000001');
    auditor = await login(env, '13900000003');
    lab = await login(env, '13800000001');
    const stores = await ok<Array<{ id: number; code: string }>>(keeper, supply.stores);
    store = stores.find((s) => s.code === 'MAIN')?.id ?? 0;
    cold = stores.find((s) => s.code === 'COLD')?.id ?? 0;
    // The lab's zone (no tz header in these calls).
    today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(env.clock.now));
  });
  afterAll(() => env.close());

  const newConsumable = (code: string, name: string) =>
    ok<ConsumableRow>(keeper, supply.consumableCreate, {
      body: { code, name, enName: `${name} (en)`, unit: '支', size: '5ml', leadDays: 10, safetyDays: 5 },
    });
  const stockIn = (
    consumableId: number,
    lotNo: string,
    expiryDate: string,
    quantity: number,
    unitCost = '1.2500',
  ) =>
    as(keeper, supply.stockIn, {
      body: { consumableId, storeId: store, lotNo, expiryDate, quantity, unitCost },
    });
  const stockOf = async (consumableId: number) =>
    ok<StockRow[]>(keeper, supply.stockPage, { body: { page: 1, size: 50, consumableId } });

  it('keeps a catalogue: codes unique, a permission per area, a consumable taken out of use refuses stock-in', async () => {
    const c = await newConsumable('T-CAT-1', '测试采血管');
    expect(c).toMatchObject({ code: 'T-CAT-1', enabled: true, onHand: 0 });
    const twice = await as(keeper, supply.consumableCreate, {
      body: { code: 'T-CAT-1', name: 'x', unit: '支', leadDays: 1, safetyDays: 1 },
    });
    expect(twice.code).toBe(ResultCode.DUPLICATE);
    expect((await as(lab, supply.consumablePage, { body: { page: 1, size: 10 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    const off = await ok<ConsumableRow>(keeper, supply.consumableUpdate, {
      params: { id: c.id },
      body: {
        code: c.code,
        name: c.name,
        unit: c.unit,
        leadDays: 10,
        safetyDays: 5,
        enabled: false,
        version: c.version,
      },
    });
    expect(off).toMatchObject({ enabled: false, version: c.version + 1 });
    const refused = await stockIn(c.id, 'L-OFF', inDays(400), 5);
    expect(refused.code).toBe(ResultCode.INVALID_STATE);
    expect(refused.msg).toBe('Consumable T-CAT-1 is out of use and cannot be stocked in');
  });

  it('keeps English size, vendor, unit and scope beside the Chinese; lists show the reader’s', async () => {
    const fields = {
      code: 'T-EN-1',
      name: '测试垫巾',
      enName: 'Test pad',
      size: '50片',
      enSize: '50 sheets',
      vendor: '示例耗材公司',
      enVendor: 'Example Consumables Ltd.',
      unit: '包',
      enUnit: 'pack',
      scopeOfUse: '采血',
      enScopeOfUse: 'Blood draw',
      leadDays: 7,
      safetyDays: 7,
    };
    const c = await ok<ConsumableRow>(keeper, supply.consumableCreate, { body: fields });
    expect(c).toMatchObject({ enSize: '50 sheets', enVendor: 'Example Consumables Ltd.', enUnit: 'pack' });
    const update = (over: Record<string, unknown>) =>
      as(keeper, supply.consumableUpdate, {
        params: { id: c.id },
        body: { ...fields, enabled: true, version: c.version, ...over },
      });
    expect((await update({ enUnit: 'x'.repeat(17) })).code).toBe(ResultCode.BAD_REQUEST);
    const edited = await update({ enUnit: 'bag', enScopeOfUse: 'Blood collection' });
    expect(edited.data).toMatchObject({ unit: '包', enUnit: 'bag', enScopeOfUse: 'Blood collection' });
    expect((await stockIn(c.id, 'L-EN-1', inDays(400), 5)).code).toBe(200);
    // The stock list names the unit in the reader's language (these calls read in en_US).
    expect((await stockOf(c.id))[0]?.unit).toBe('bag');
    const zh = await call(
      env.app,
      supply.stockPage,
      { session: keeper, lang: 'zh_CN', body: { page: 1, size: 50, consumableId: c.id } },
      env.clock.now,
    ).then(envelope);
    expect((zh.data as StockRow[])[0]?.unit).toBe('包');
    // The demo catalogue keeps English texts too.
    const [pad] = await ok<ConsumableRow[]>(keeper, supply.consumablePage, {
      body: { page: 1, size: 10, keyword: 'SC-PAD' },
    });
    expect(pad).toMatchObject({ size: '50片', enSize: '50 sheets', unit: '包', enUnit: 'pack' });
    const reorder = await ok<Array<{ code: string; unit: string }>>(keeper, supply.reorder, {
      body: { belowOnly: false },
    });
    expect(reorder.find((r) => r.code === 'SC-CRY-2')?.unit).toBe('tube');
  });

  it("builds kits from the catalogue; a plan's kits are the same records, edited in their plan", async () => {
    const c = await newConsumable('T-KIT-1', '测试尿杯');
    const projects = await ok<Array<{ id: number; projectNo: string }>>(keeper, project.ownAll, {
      body: { page: 1, size: 10 },
    });
    const projectId = projects.find((p) => p.projectNo === 'KM-2026-003')?.id ?? 0;
    const kit = await ok<SupplyKitRow>(keeper, supply.kitCreate, {
      body: {
        projectId,
        name: '测试套件',
        deliveryModel: 'kit',
        items: [{ consumableId: c.id, quantityPerKit: 3 }],
      },
    });
    expect(kit.items).toEqual([
      {
        consumableId: c.id,
        consumableCode: 'T-KIT-1',
        consumableName: '测试尿杯',
        size: '5ml',
        unit: '支',
        quantityPerKit: 3,
      },
    ]);
    const unknown = await as(keeper, supply.kitCreate, {
      body: {
        projectId,
        name: '另一套件',
        deliveryModel: 'kit',
        items: [{ consumableId: 999_999, quantityPerKit: 1 }],
      },
    });
    expect(unknown.code).toBe(ResultCode.BAD_REQUEST);
    // The demo kits (of the portal and the plans) are listed with their items linked to the catalogue.
    const kits = await ok<SupplyKitRow[]>(keeper, supply.kitPage, {
      body: { page: 1, size: 50, keyword: '基线采血套件' },
    });
    const baseline = kits.find((k) => k.projectNo === 'KM-2026-001');
    expect(baseline?.items.map((i) => i.consumableCode)).toEqual(['SC-EDTA-5', 'SC-SST-5', 'SC-NDL-21']);
    // Named in the reader's language: the catalogue's English texts for en-US, the kept ones else.
    expect(baseline?.items.map((i) => [i.consumableName, i.size, i.unit])).toEqual([
      ['EDTA tube', '5 mL', 'tube'],
      ['Serum separator tube', '5 mL', 'tube'],
      ['Blood collection needle', '21G', 'piece'],
    ]);
    const zh = await ok<SupplyKitRow[]>(keeper, supply.kitPage, {
      lang: 'zh_CN',
      body: { page: 1, size: 50, keyword: '基线采血套件' },
    });
    expect(
      zh.find((k) => k.id === baseline?.id)?.items.map((i) => [i.consumableName, i.size, i.unit]),
    ).toEqual([
      ['EDTA抗凝采血管', '5ml', '支'],
      ['血清分离胶管', '5ml', '支'],
      ['一次性采血针', '21G', '个'],
    ]);
    const planKit = kits.find((k) => k.planNo !== null) ?? baseline;
    if (planKit?.planNo) {
      const refused = await as(keeper, supply.kitUpdate, {
        params: { id: planKit.id },
        body: {
          projectId: planKit.projectId,
          name: planKit.name,
          deliveryModel: 'kit',
          items: [{ consumableId: c.id, quantityPerKit: 1 }],
        },
      });
      expect(refused.code).toBe(ResultCode.INVALID_STATE);
    }
  });

  it('keeps an append-only ledger whose sums are the on-hand, money as NUMERIC strings', async () => {
    const c = await newConsumable('T-LED-1', '测试冻存管');
    expect((await stockIn(c.id, 'LED-A', inDays(400), 100, '0.3333')).code).toBe(200);
    // The same lot again: the same expiry and cost (written otherwise) adds to it; another cost is refused.
    expect((await stockIn(c.id, 'LED-A', inDays(400), 20, '00.3333')).code).toBe(200);
    const mismatch = await stockIn(c.id, 'LED-A', inDays(400), 20, '0.5');
    expect(mismatch.code).toBe(ResultCode.INVALID_STATE);
    const expired = await stockIn(c.id, 'LED-OLD', inDays(-1), 20);
    expect(expired.code).toBe(ResultCode.BAD_REQUEST);
    expect((await stockIn(c.id, 'LED-B', inDays(400), 1, '12.3x')).code).toBe(ResultCode.BAD_REQUEST);
    const [row] = await stockOf(c.id);
    expect(row).toMatchObject({ lotNo: 'LED-A', onHand: 120, unitCost: '0.3333', value: '39.9960' });
    const lotId = row?.lotId ?? 0;

    const moves = async (body: Record<string, unknown>) =>
      as(keeper, supply.stockMove, { body: { lotId, storeId: store, ...body } });
    expect((await moves({ kind: 'issue', quantity: 30 })).code).toBe(200);
    const transfer = (await moves({ kind: 'transfer', quantity: 40, toStoreId: cold })).data as MovementRow[];
    expect(transfer.map((m) => m.quantity)).toEqual([-40, 40]);
    expect(transfer[0]?.batch).toBe(transfer[1]?.batch);
    expect((await moves({ kind: 'adjust', quantity: -5, reason: '破损' })).code).toBe(200);
    expect((await moves({ kind: 'writeOff', quantity: 5 })).code).toBe(ResultCode.BAD_REQUEST); // reason required
    expect((await moves({ kind: 'writeOff', quantity: 5, reason: '过期' })).code).toBe(200);
    const tooMuch = await moves({ kind: 'issue', quantity: 41 });
    expect(tooMuch.code).toBe(ResultCode.INVALID_STATE);
    expect(tooMuch.msg).toBe('Lot LED-A has 40 in this store, fewer than 41');
    const stock = await stockOf(c.id);
    expect(stock.map((s) => [s.storeId, s.onHand])).toEqual([
      [store, 40],
      [cold, 40],
    ]);
    const ledger = await ok<MovementRow[]>(keeper, supply.movementPage, {
      body: { page: 1, size: 20, consumableId: c.id },
    });
    expect(ledger.map((m) => m.kind).sort()).toEqual([
      'adjust',
      'in',
      'in',
      'issue',
      'transfer',
      'transfer',
      'writeOff',
    ]);

    // The database itself refuses to change or remove a ledger row.
    const db = env.handle.db;
    const update = await db
      .update(supplyMovements)
      .set({ quantity: 1000 })
      .where(eq(supplyMovements.lotId, lotId))
      .catch((e: unknown) => e);
    expect(driverMessage(update)).toMatch(/append-only/);
    const remove = await db
      .delete(supplyMovements)
      .where(eq(supplyMovements.lotId, lotId))
      .catch((e: unknown) => e);
    expect(driverMessage(remove)).toMatch(/append-only/);
    const lots = await db
      .execute(sql`UPDATE supply_lots SET unit_cost = 0 WHERE id = ${lotId}`)
      .catch((e: unknown) => e);
    expect(driverMessage(lots)).toMatch(/append-only/);
  });

  it('posts a stocktake variance only when another person approves it', async () => {
    const c = await newConsumable('T-STK-1', '测试针');
    await stockIn(c.id, 'STK-A', inDays(300), 50);
    const [row] = await stockOf(c.id);
    const take = await ok<StocktakeRow>(keeper, supply.stocktakeCreate, {
      body: { lotId: row?.lotId, storeId: store, counted: 47, reason: '少3个' },
    });
    expect(take).toMatchObject({ expected: 50, counted: 47, variance: -3, status: 'pending' });
    const self = await as(keeper, supply.stocktakeReview, {
      params: { id: take.id },
      body: { version: take.version, pass: true },
    });
    expect(self.code).toBe(ResultCode.FORBIDDEN);
    expect((await stockOf(c.id))[0]?.onHand).toBe(50);
    const noReason = await as(admin, supply.stocktakeReview, {
      params: { id: take.id },
      body: { version: take.version, pass: false },
    });
    expect(noReason.code).toBe(ResultCode.BAD_REQUEST);
    const approved = await ok<StocktakeRow>(admin, supply.stocktakeReview, {
      params: { id: take.id },
      body: { version: take.version, pass: true },
    });
    expect(approved.status).toBe('approved');
    expect((await stockOf(c.id))[0]?.onHand).toBe(47);
  });

  it('dispatches an application by FEFO past the do-not-ship days, refuses when short, tells kit expiry and recall', async () => {
    const projects = await ok<Array<{ id: number; projectNo: string }>>(site, project.ownAll, {
      body: { page: 1, size: 10 },
    });
    const projectId = projects.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
    const sites = await ok<Array<{ id: number }>>(site, project.sitesByProject, {
      body: { projectId, page: 1, size: 10 },
    });
    const siteId = sites[0]?.id ?? 0;
    const kits = await ok<Array<{ id: number; name: string }>>(site, consumable.planKits, {
      params: { id: projectId },
      body: { siteId },
    });
    const kitId = kits.find((k) => k.name === '基线采血套件')?.id ?? 0;
    const apply = async (kitAmount: number) => {
      const order = await ok<ConsumableOrderDetail>(site, consumable.create, {
        body: {
          projectId,
          siteId,
          receiveAddress: {
            name: '陈中心',
            phone: '13900000001',
            area: '北京市/东城区',
            detail: '示例路1号',
          },
          kits: [{ kitId, kitAmount }],
          loose: [{ consumableName: '手套', unit: '副', quantity: 1 }],
        },
      });
      return ok<ConsumableOrderDetail>(auditor, consumable.audit, {
        params: { id: order.id },
        body: { version: order.version, pass: true },
      });
    };
    // Short-dated EDTA tubes: inside the 180 do-not-ship days (never shipped), and just past them.
    const edta = (
      await ok<ConsumableRow[]>(keeper, supply.consumablePage, {
        body: { page: 1, size: 5, keyword: 'SC-EDTA-5' },
      })
    )[0];
    expect((await stockIn(edta?.id ?? 0, 'FEFO-NEAR', inDays(100), 500)).code).toBe(200);
    expect((await stockIn(edta?.id ?? 0, 'FEFO-NEXT', inDays(185), 6)).code).toBe(200);

    const order = await apply(4); // 8 EDTA tubes: 6 from FEFO-NEXT, the rest from the next lot
    const plan = await ok<FefoPlan>(keeper, supply.fefoPlan, { params: { id: order.id } });
    expect(plan).toMatchObject({ doNotShipDays: 180, shipFrom: inDays(180), short: [] });
    const edtaLine = order.lines.find((l) => l.consumableId === edta?.id);
    const picks = plan.picks.filter((p) => p.lineId === edtaLine?.id);
    expect(picks[0]).toMatchObject({ lotNo: 'FEFO-NEXT', quantity: 6 });
    expect(picks.reduce((n, p) => n + p.quantity, 0)).toBe(8);
    expect(plan.picks.some((p) => p.lotNo === 'FEFO-NEAR')).toBe(false);
    expect(plan.kits).toEqual([{ kitId, kitName: '基线采血套件', expiryDate: inDays(185) }]);

    // Lines outside the catalogue still take typed lot data; the catalogue's lines may not.
    const loose = order.lines.filter((l) => l.consumableId === null);
    expect(loose.map((l) => l.consumableName)).toEqual(['手套']);
    const typed = loose.map((l) => ({
      lineId: l.id,
      lotNumber: 'GLV-1',
      outboundQuantity: 1,
      expiryDate: inDays(365),
    }));
    const dispatched = await ok<ConsumableOrderDetail>(keeper, consumable.dispatch, {
      params: { id: order.id },
      body: { version: order.version, courier: 'SF', expressNo: 'SF9000000001', lines: typed },
    });
    const line = dispatched.lines.find((l) => l.id === edtaLine?.id);
    expect(line?.lotNumber?.startsWith('FEFO-NEXT, ')).toBe(true);
    expect(line).toMatchObject({ expiryDate: inDays(185), outboundQuantity: 4 });
    expect((await stockOf(edta?.id ?? 0)).find((s) => s.lotNo === 'FEFO-NEXT')).toBeUndefined();

    // Recall from the lot: the application, its kit and site.
    const [lotRow] = await ok<StockRow[]>(keeper, supply.stockPage, {
      body: { page: 1, size: 5, lotNo: 'FEFO-NEXT', includeEmpty: true },
    });
    const recall = await ok<RecallAnswer>(keeper, supply.recall, { params: { id: lotRow?.lotId ?? 0 } });
    expect(recall.shipments).toEqual([
      expect.objectContaining({
        orderNo: dispatched.orderNo,
        kitName: '基线采血套件',
        siteNo: '01',
        quantity: 6,
      }),
    ]);

    // A do-not-ship setting longer than any lot: refused, nothing issued, the application still approved.
    expect((await as(lab, supply.settingsUpdate, { body: { doNotShipDays: 3000 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    await ok(admin, supply.settingsUpdate, { body: { doNotShipDays: 3000 } });
    const second = await apply(1);
    const refused = await as(keeper, consumable.dispatch, {
      params: { id: second.id },
      body: {
        version: second.version,
        courier: 'SF',
        expressNo: 'SF9000000002',
        lines: second.lines
          .filter((l) => l.consumableId === null)
          .map((l) => ({ lineId: l.id, lotNumber: 'G', outboundQuantity: 1, expiryDate: inDays(9) })),
      },
    });
    expect(refused.code).toBe(ResultCode.INVALID_STATE);
    expect(refused.msg).toContain(`lots expiring on or after ${inDays(3000)}`);
    expect(
      (await ok<ConsumableOrderDetail>(keeper, consumable.get, { params: { id: second.id } })).status,
    ).toBe('approved');
    await ok(admin, supply.settingsUpdate, { body: { doNotShipDays: 180 } });
  });

  it('suggests reorders from consumption and lead time', async () => {
    const rows = await ok<Array<{ code: string; below: boolean; suggested: number; reorderPoint: number }>>(
      keeper,
      supply.reorder,
      {
        body: { belowOnly: false },
      },
    );
    const cryo = rows.find((r) => r.code === 'SC-CRY-2');
    expect(cryo).toMatchObject({ below: true });
    expect(cryo?.suggested).toBeGreaterThan(0);
  });
});
