import { endpoints, ResultCode, type StockOutTypeRow } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { stockOutTypes } = endpoints;

describe.each(FEATURE_ENGINES)('stock-out types on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let lab: Session;
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const rows = async (body: object = {}) =>
    (await as(admin, stockOutTypes.paging, { body: { size: 50, ...body } })).data as StockOutTypeRow[];

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000007');
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  const body = {
    code: 'LOAN',
    name: '借出出库',
    enName: 'Loan',
    returnsSample: true,
    needsReview: true,
    reasons: ['2', '4'],
    sort: 9,
  };

  it('lists the seeded types in order, and offers the enabled ones with their reasons to any user', async () => {
    expect((await rows()).map((r) => [r.code, r.returnsSample, r.needsReview, r.reasons])).toEqual([
      ['TEST', false, false, ['1', '4']],
      ['TRANSFER', false, true, ['2', '4']],
      ['RETURN_SITE', false, true, ['3', '4']],
      ['PRE_TREATMENT', true, false, ['1', '4']],
      ['BACKUP', true, true, ['2', '3', '4']],
    ]);
    expect((await rows({ returnsSample: true })).map((r) => r.code)).toEqual(['PRE_TREATMENT', 'BACKUP']);
    const offered = await as(lab, stockOutTypes.enabled);
    expect(offered.code).toBe(200);
    expect((offered.data as StockOutTypeRow[]).map((r) => r.code)).toHaveLength(5);
  });

  it('creates a type; a repeated code or name is refused and changes nothing', async () => {
    const created = await as(admin, stockOutTypes.create, { body });
    expect(created).toMatchObject({ code: 200, data: { version: 1 } });
    const before = await rows();
    const sameCode = await as(admin, stockOutTypes.create, {
      lang: 'en_US',
      body: { ...body, name: '另一个' },
    });
    expect(sameCode.code).toBe(ResultCode.DUPLICATE);
    const sameName = await as(admin, stockOutTypes.create, { body: { ...body, code: 'LOAN2' } });
    expect(sameName.code).toBe(ResultCode.DUPLICATE);
    expect(await rows()).toEqual(before);
  });

  it('refuses a reason that is not an enabled item of dictionary 1017, in the user language', async () => {
    const before = await rows();
    const refused = await as(admin, stockOutTypes.create, {
      lang: 'en_US',
      body: { ...body, code: 'X1', name: 'x', reasons: ['1', '99'] },
    });
    expect(refused.code).toBe(ResultCode.BAD_REQUEST);
    expect(refused.msg).toBe('Stock-out reason "99" is not an enabled stock-out reason (dictionary 1017)');
    const empty = await as(admin, stockOutTypes.create, {
      body: { ...body, code: 'X2', name: 'y', reasons: [] },
    });
    expect(empty.code).toBe(ResultCode.BAD_REQUEST);
    expect(await rows()).toEqual(before);
  });

  it('edits at the version read; a stale version is refused', async () => {
    const [loan] = await rows({ keyword: 'LOAN' });
    if (!loan) throw new Error('no loan type');
    const edited = await as(admin, stockOutTypes.update, {
      params: { id: loan.id },
      body: { ...body, needsReview: false, reasons: ['4', '2', '4'], version: loan.version },
    });
    expect(edited).toMatchObject({ code: 200, data: { version: loan.version + 1 } });
    expect((await rows({ keyword: 'LOAN' }))[0]).toMatchObject({ needsReview: false, reasons: ['4', '2'] });
    const stale = await as(admin, stockOutTypes.update, {
      params: { id: loan.id },
      body: { ...body, version: loan.version },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
  });

  it('disables a type: no longer offered for new bills; only the administrator may change types', async () => {
    const [loan] = await rows({ keyword: 'LOAN' });
    if (!loan) throw new Error('no loan type');
    const off = await as(admin, stockOutTypes.setStatus, {
      params: { id: loan.id },
      body: { enabled: false, version: loan.version },
    });
    expect(off).toMatchObject({ code: 200, data: { version: loan.version + 1 } });
    const offered = (await as(lab, stockOutTypes.enabled)).data as StockOutTypeRow[];
    expect(offered.map((r) => r.code)).not.toContain('LOAN');
    expect((await rows({ enabled: false })).map((r) => r.code)).toEqual(['LOAN']);
    expect((await as(lab, stockOutTypes.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
    expect((await as(lab, stockOutTypes.create, { body: { ...body, code: 'Z', name: 'z' } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});
