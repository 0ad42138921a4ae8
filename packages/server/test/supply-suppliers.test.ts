import { endpoints, ResultCode, type StockRow, type SupplierRow } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { DEMO_SUPPLIERS } from '../src/seed/supply-suppliers-demo.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { supplier, supply } = endpoints;

/**
 * Suppliers (docs/supply.md "Suppliers"): every endpoint, the demo's suppliers in
 * each state, blocking with a reason (audited), and stock-in refused from a blocked supplier or one
 * whose required qualification has expired, in the caller's language.
 */
describe.each(FEATURE_ENGINES)('suppliers on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session; // 赵样本, supply area
  let lab: Session; // 李实验, no supply permission
  let store: number;
  let consumableId: number;
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
  const page = (body: Record<string, unknown>) =>
    ok<SupplierRow[]>(keeper, supplier.page, { body: { page: 1, size: 50, ...body } });
  const stockIn = (supplierId: number, lotNo: string, lang: Parameters<typeof call>[2] = {}) =>
    as(keeper, supply.stockIn, {
      body: {
        consumableId,
        storeId: store,
        lotNo,
        expiryDate: inDays(400),
        quantity: 5,
        unitCost: '1.5',
        supplierId,
      },
      ...lang,
    });

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    lab = await login(env, '13800000001');
    today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(env.clock.now));
    const stores = await ok<Array<{ id: number; code: string }>>(keeper, supply.stores);
    store = stores.find((s) => s.code === 'MAIN')?.id ?? 0;
    const catalogue = await ok<Array<{ id: number; code: string }>>(keeper, supply.consumablePage, {
      body: { page: 1, size: 50, keyword: 'SC-EDTA-5' },
    });
    consumableId = catalogue[0]?.id ?? 0;
  });
  afterAll(() => env.close());

  it('lists the demo suppliers in each state with days left, and filters by expiry window', async () => {
    const codes = DEMO_SUPPLIERS.map((s) => s.code);
    const rows = (await page({ keyword: 'SUP-00' })).filter((r) => codes.includes(r.code));
    expect(rows.map((r) => [r.code, r.status])).toEqual([
      ['SUP-001', 'active'],
      ['SUP-002', 'active'],
      ['SUP-003', 'blocked'],
      ['SUP-004', 'active'],
    ]);
    const soon = rows.find((r) => r.code === 'SUP-002');
    // The demo seeds it 18 days ahead of the day it was seeded (the template may be from yesterday in
    // the lab's zone): days left are counted from today to the stored expiry.
    const certificate = soon?.qualifications[0];
    expect(certificate).toMatchObject({ kind: 'iso13485', required: true });
    expect(certificate?.daysLeft).toBe(
      (Date.parse(`${certificate?.expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
    );
    expect(certificate?.daysLeft).toBeGreaterThanOrEqual(17);
    expect(soon?.contacts[0]).toMatchObject({ name: '李耗材' });
    expect(rows.find((r) => r.code === 'SUP-003')?.blockReason).toContain('冷链');
    // Within 30 days (expired included): SUP-002 (18 days) and SUP-004 (expired 12 days ago).
    const within30 = (await page({ expiringDays: 30 })).map((r) => r.code).filter((c) => codes.includes(c));
    expect(within30).toEqual(['SUP-002', 'SUP-004']);
    const within90 = (await page({ expiringDays: 90 })).map((r) => r.code).filter((c) => codes.includes(c));
    expect(within90).toEqual(['SUP-002', 'SUP-004']);
    const blocked = await page({ status: 'blocked' });
    expect(blocked.map((r) => r.code)).toContain('SUP-003');
    const options = await ok<Array<{ code: string; name: string; status: string }>>(keeper, supplier.options);
    expect(options.find((o) => o.code === 'SUP-003')?.status).toBe('blocked');
    // The picker names each supplier in the reader's language.
    expect(options.find((o) => o.code === 'SUP-001')?.name).toBe('Example Medical Devices Co., Ltd.');
    const zh = await ok<Array<{ code: string; name: string }>>(keeper, supplier.options, { lang: 'zh_CN' });
    expect(zh.find((o) => o.code === 'SUP-001')?.name).toBe('示例医疗器械有限公司');
  });

  it('the home to-do counts the suppliers with documents expiring within 30 days and the consumables to reorder: the rows their links open on', async () => {
    const kinds = await ok<Array<{ workflow: string; state: string; query?: string; count: number }>>(
      keeper,
      endpoints.todo.counts,
    );
    const expiring = kinds.find((k) => k.workflow === 'supplierQualification');
    expect(expiring).toMatchObject({ state: 'expiring', query: 'expiringDays=30', count: 2 });
    expect((await as(keeper, supplier.page, { body: { page: 1, size: 1, expiringDays: 30 } })).total).toBe(2);
    const reorder = kinds.find((k) => k.workflow === 'supplyReorder');
    const below = await ok<unknown[]>(keeper, supply.reorder, { body: { belowOnly: true } });
    expect(below.length).toBeGreaterThan(0);
    expect(reorder).toMatchObject({ state: 'below', query: 'status=reorder&below=1', count: below.length });
    // Neither is a to-do of someone without the supply permissions.
    const labKinds = await ok<Array<{ workflow: string }>>(lab, endpoints.todo.counts);
    expect(labKinds.filter((k) => ['supplierQualification', 'supplyReorder'].includes(k.workflow))).toEqual(
      [],
    );
  });

  it('creates and edits a supplier with contacts and qualifications; codes are unique', async () => {
    const created = await ok<SupplierRow>(keeper, supplier.create, {
      body: {
        code: 'T-SUP-1',
        name: '测试供应商',
        enName: 'Test supplier',
        contacts: [{ name: '测联系', phone: '13000000000' }],
        qualifications: [
          { kind: 'licence', docNo: 'LIC-1', expiryDate: inDays(45), required: true },
          { kind: 'iso13485', docNo: 'ISO-1', expiryDate: inDays(10), required: false },
        ],
      },
    });
    expect(created).toMatchObject({ code: 'T-SUP-1', status: 'active', version: 1 });
    expect(created.qualifications.map((q) => [q.docNo, q.daysLeft])).toEqual([
      ['ISO-1', 10],
      ['LIC-1', 45],
    ]);
    const twice = await as(keeper, supplier.create, {
      body: { code: 'T-SUP-1', name: 'x', contacts: [], qualifications: [] },
    });
    expect(twice.code).toBe(ResultCode.DUPLICATE);
    const edited = await ok<SupplierRow>(keeper, supplier.update, {
      params: { id: created.id },
      body: {
        code: 'T-SUP-1',
        name: '测试供应商（改）',
        contacts: [],
        qualifications: [{ kind: 'licence', docNo: 'LIC-2', expiryDate: inDays(100), required: true }],
        version: created.version,
      },
    });
    expect(edited).toMatchObject({ name: '测试供应商（改）', version: 2, contacts: [] });
    expect(edited.qualifications.map((q) => q.docNo)).toEqual(['LIC-2']);
    const stale = await as(keeper, supplier.update, {
      params: { id: created.id },
      body: { code: 'T-SUP-1', name: 'x', contacts: [], qualifications: [], version: 1 },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
    // Stock-in from it names the supplier on the lot's audit; the lot is received.
    expect((await stockIn(created.id, 'T-SUP-LOT-1')).code).toBe(200);
  });

  it('blocks with a reason (audited) and refuses stock-in from it, then takes it back', async () => {
    const created = await ok<SupplierRow>(keeper, supplier.create, {
      body: { code: 'T-SUP-2', name: '测试停用', contacts: [], qualifications: [] },
    });
    const noReason = await as(keeper, supplier.status, {
      params: { id: created.id },
      body: { version: created.version, status: 'blocked' },
    });
    expect(noReason.code).toBe(ResultCode.BAD_REQUEST);
    const blocked = await ok<SupplierRow>(keeper, supplier.status, {
      params: { id: created.id },
      body: { version: created.version, status: 'blocked', reason: '资质审核不通过' },
    });
    expect(blocked).toMatchObject({
      status: 'blocked',
      blockReason: '资质审核不通过',
      blockedByName: '赵样本',
    });
    const refused = await stockIn(created.id, 'T-SUP-LOT-2', { lang: 'en_US' });
    expect(refused.code).toBe(ResultCode.INVALID_STATE);
    expect(refused.msg).toBe(
      'Supplier T-SUP-2 测试停用 is blocked (资质审核不通过): its lots cannot be stocked in',
    );
    const zh = await stockIn(created.id, 'T-SUP-LOT-2', { lang: 'zh_CN' });
    expect(zh.msg).toBe('供应商 T-SUP-2 测试停用 已停用（资质审核不通过），不能入库其批次');
    const hk = await stockIn(created.id, 'T-SUP-LOT-2', { lang: 'zh_CN', acceptLanguage: 'zh-HK' });
    expect(hk.msg).toBe('供應商 T-SUP-2 测试停用 已停用（资质审核不通过），不能入庫其批次');
    const lots = await ok<unknown[]>(keeper, supply.stockPage, {
      body: { page: 1, size: 10, lotNo: 'T-SUP-LOT-2', includeEmpty: true },
    });
    expect(lots).toEqual([]);
    const audit = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'supplier.status'), eq(auditLog.entityId, String(created.id))));
    expect(audit.map((a) => a.newValue)).toEqual([
      { status: 'blocked', blockReason: '资质审核不通过', reason: '资质审核不通过' },
    ]);
    expect(audit[0]?.userId).toBe(keeper.login.user.id);
    const active = await ok<SupplierRow>(keeper, supplier.status, {
      params: { id: created.id },
      body: { version: blocked.version, status: 'active' },
    });
    expect(active).toMatchObject({ status: 'active', blockReason: null });
    expect((await stockIn(created.id, 'T-SUP-LOT-2')).code).toBe(200);
  });

  it("refuses stock-in while a required qualification has expired, naming the document (the demo's SUP-004)", async () => {
    const [north] = await page({ keyword: 'SUP-004' });
    const licence = north?.qualifications.find((q) => q.kind === 'licence');
    const refused = await stockIn(north?.id ?? 0, 'T-SUP-LOT-3', { lang: 'en_US' });
    expect(refused.code).toBe(ResultCode.INVALID_STATE);
    expect(refused.msg).toBe(
      `Supplier SUP-004 北方实验用品有限公司's Medical device trading licence (京药监械经营许 20180920 号) expired on ${licence?.expiryDate}: its lots cannot be stocked in`,
    );
    expect(String(licence?.expiryDate) < today).toBe(true);
    // An expired document that is not required refuses nothing.
    const optional = await ok<SupplierRow>(keeper, supplier.create, {
      body: {
        code: 'T-SUP-3',
        name: '测试可选资质',
        contacts: [],
        qualifications: [{ kind: 'other', docNo: 'OLD-1', expiryDate: inDays(-1), required: false }],
      },
    });
    expect((await stockIn(optional.id, 'T-SUP-LOT-4')).code).toBe(200);
    expect((await stockIn(999_999, 'T-SUP-LOT-5')).code).toBe(ResultCode.BAD_REQUEST);
  });

  it("keeps each stock-in's supplier: the same lot no. from another supplier is a lot of its own", async () => {
    // Named as the ledger below names them (zh_CN).
    const options = await ok<Array<{ id: number; code: string; name: string }>>(keeper, supplier.options, {
      lang: 'zh_CN',
    });
    const [first, second] = ['SUP-001', 'SUP-002'].map((code) => options.find((o) => o.code === code));
    if (!first || !second) throw new Error('demo suppliers missing');
    const receive = (supplierId: number, unitCost: string, expiryDays = 400) =>
      as(keeper, supply.stockIn, {
        body: {
          consumableId,
          storeId: store,
          lotNo: 'T-TWO-SUP',
          expiryDate: inDays(expiryDays),
          quantity: 5,
          unitCost,
          supplierId,
        },
      });
    expect((await receive(first.id, '1.5')).code).toBe(200);
    // More of the lot from the second supplier, at its own price: not booked to the first one.
    expect((await receive(second.id, '1.8')).code).toBe(200);
    // The first supplier again: the same lot as before.
    expect((await receive(first.id, '1.5')).code).toBe(200);
    const rows = await ok<StockRow[]>(keeper, supply.stockPage, {
      lang: 'zh_CN',
      body: { page: 1, size: 50, lotNo: 'T-TWO-SUP' },
    });
    expect(
      rows
        .map((r) => ({ supplier: r.supplierName, onHand: r.onHand, unitCost: r.unitCost }))
        .sort((a, b) => a.unitCost.localeCompare(b.unitCost)),
    ).toEqual([
      { supplier: first.name, onHand: 10, unitCost: '1.5000' },
      { supplier: second.name, onHand: 5, unitCost: '1.8000' },
    ]);
    expect(new Set(rows.map((r) => r.lotId)).size).toBe(2);
    // One supplier's lot still keeps one expiry and cost.
    const mismatch = await receive(second.id, '1.8', 500);
    expect(mismatch.code).toBe(ResultCode.INVALID_STATE);
  });

  it('refuses a user without the supply permissions on every endpoint', async () => {
    const answers = await Promise.all([
      as(lab, supplier.page, { body: { page: 1, size: 10 } }),
      as(lab, supplier.create, { body: { code: 'T-SUP-X', name: 'x', contacts: [], qualifications: [] } }),
      as(lab, supplier.update, {
        params: { id: 1 },
        body: { code: 'T-SUP-X', name: 'x', contacts: [], qualifications: [], version: 1 },
      }),
      as(lab, supplier.status, { params: { id: 1 }, body: { version: 1, status: 'blocked', reason: 'x' } }),
      as(lab, supplier.options),
    ]);
    expect(answers.map((a) => a.code)).toEqual(Array(5).fill(ResultCode.FORBIDDEN));
  });
});
