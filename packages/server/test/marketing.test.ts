import { endpoints, ResultCode, VALIDATION_MESSAGES } from '@trialab/api-contract';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema.js';
import {
  marketingContracts,
  marketingContractVersions,
  marketingCustomers,
  marketingQuotations,
  marketingRateCards,
  marketingRateCardVersions,
} from '../src/db/schema-marketing.js';
import { DEMO_RESHIP_CONTRACT, seedMarketingDemo } from '../src/seed/marketing-demo.js';
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

const { customer, rateCard, quotation, contract, todo } = endpoints;
type Data = Record<string, unknown> & { id: number; version: number; status: string };
const signature = { password: DEMO_PASSWORD };

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Thrown to roll the reseeded demo back. */
class Rollback extends Error {}

/** Marketing: customers by owner, rate cards, quotations, contracts, prices in force. */
describe.each(FEATURE_ENGINES)('marketing on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let sales: Session;
  let finance: Session;
  let site: Session;
  let km1: number;
  let km3: number;
  let today: string;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const ok = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => {
    const body = envelope(await as(session, endpoint, options));
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body as { data: Data & Data[]; total?: number };
  };
  const refused = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => {
    const response = await as(session, endpoint, options);
    expect(response.statusCode).not.toBe(500);
    const body = envelope(response);
    expect(body.code, body.msg).not.toBe(200);
    return body;
  };
  const demoId = async (code: string) =>
    (await env.handle.db.select().from(marketingCustomers).where(eq(marketingCustomers.code, code)))[0]?.id ??
    0;

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    sales = await login(env, '13800000006');
    finance = await login(env, '13800000005');
    site = await login(env, '13900000001');
    const rows = await env.handle.db.select().from(projects);
    km1 = rows.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
    km3 = rows.find((p) => p.projectNo === 'KM-2026-003')?.id ?? 0;
    today = new Date(env.clock.now).toISOString().slice(0, 10);
  });
  afterAll(() => env.close());

  it('the demo opens on content: customers, cards, a quotation in each state, a contract with an amendment', async () => {
    const quotations = (await ok(admin, quotation.paging, { body: { size: 50, history: true } })).data;
    const demo = quotations.filter((q) => String(q.number).startsWith('DEMO-'));
    expect(new Set(demo.map((q) => q.status))).toEqual(
      new Set(['draft', 'submitted', 'approved', 'returned', 'superseded', 'cancelled']),
    );
    const contracts = (await ok(admin, contract.paging, { body: { keyword: 'DEMO-' } })).data;
    // KM-2026-001's (CNY, amended), Northbridge's (USD, tax excluded), a draft and Huakang's
    // supplementary re-shipping contract.
    expect(Object.fromEntries(contracts.map((c) => [c.number, c.status]))).toEqual({
      'DEMO-HT-2026-001': 'active',
      'DEMO-HT-2026-002': 'draft',
      'DEMO-HT-2026-003': 'active',
      'DEMO-HT-2026-004': 'active',
    });
    const inForce = contracts.find((c) => c.number === 'DEMO-HT-2026-001');
    expect(inForce).toMatchObject({ status: 'active', versions: 2 });
    const usd = contracts.find((c) => c.number === 'DEMO-HT-2026-003');
    expect(usd).toMatchObject({ currency: 'USD', taxInclusive: false, versions: 1 });
    // In force, so their signed scans are attached; the draft waits for it.
    expect(inForce?.signedFileId).toEqual(expect.any(Number));
    expect(usd?.signedFileId).toEqual(expect.any(Number));
    expect(contracts.find((c) => c.status === 'draft')?.signedFileId).toBeNull();
    // Money is decimal text end to end.
    expect(inForce?.amount).toMatch(/^\d+\.\d{2}$/);
    const approved = demo.find((q) => q.status === 'approved');
    expect(approved?.gross).toMatch(/^\d+\.\d{2}$/);
    // The review waits on the home to-do.
    const counts = (await ok(admin, todo.counts)).data as unknown as Array<{
      workflow: string;
      state: string;
      count: number;
    }>;
    expect(
      counts.find((k) => k.workflow === 'quotation' && k.state === 'submitted')?.count,
    ).toBeGreaterThanOrEqual(1);
  });

  it('sales see their own customers, finance every one, external users nothing', async () => {
    const mine = (await ok(sales, customer.paging, { body: { size: 50 } })).data.map((c) => c.code);
    expect(mine).toContain('DEMO-CU-001');
    expect(mine).not.toContain('DEMO-CU-003');
    const all = (await ok(finance, customer.paging, { body: { size: 50 } })).data.map((c) => c.code);
    expect(all).toEqual(expect.arrayContaining(['DEMO-CU-001', 'DEMO-CU-002', 'DEMO-CU-003']));
    // Another owner's customer is not found for sales, whoever names its id.
    const other = await demoId('DEMO-CU-003');
    expect((await refused(sales, customer.get, { params: { id: other } })).code).toBe(ResultCode.NOT_FOUND);
    expect((await refused(site, customer.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
    expect((await refused(site, quotation.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
    expect(
      (
        await refused(site, contract.lineInForce, {
          body: { projectId: km1, serviceKey: 'test:CBC', on: today },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
  });

  it('creates and edits a customer; bad input is refused in the user’s language and changes nothing', async () => {
    const body = {
      name: '测试生物医药有限公司',
      type: '2',
      taxNumber: '91310000TEST0001X',
      bankName: '中国银行',
      bankAccount: '6216610100001234567',
      billingAddress: '上海市徐汇区',
      contacts: [{ name: '王联系', mobile: '13812345678', primary: true }],
      projectIds: [km1],
    };
    const badBank = await refused(sales, customer.create, {
      body: { ...body, bankAccount: '12-34' },
      lang: 'en_US',
    });
    expect(badBank.msg).toContain('10 to 30 digits');
    expect((await refused(sales, customer.create, { body: { ...body, type: '99' } })).msg).toContain('1001');
    // Sales may not give a customer to someone else.
    expect(
      (await refused(sales, customer.create, { body: { ...body, ownerId: admin.login.user.id } })).code,
    ).toBe(ResultCode.BAD_REQUEST);
    // Nor name a project outside their scope.
    expect((await refused(sales, customer.create, { body: { ...body, projectIds: [km3] } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    const made = (await ok(sales, customer.create, { body })).data;
    expect((await refused(sales, customer.create, { body })).code).toBe(ResultCode.DUPLICATE);
    const detail = (await ok(sales, customer.get, { params: { id: made.id } })).data;
    expect(detail).toMatchObject({
      type: '2',
      typeName: 'Pharmaceutical company',
      ownerId: sales.login.user.id,
      bankAccount: body.bankAccount,
    });
    const edited = (
      await ok(sales, customer.update, {
        params: { id: made.id },
        body: { ...body, version: detail.version, enName: 'Test Biopharma', contacts: [] },
      })
    ).data;
    expect(edited.version).toBe(detail.version + 1);
    expect(
      (await refused(sales, customer.update, { params: { id: made.id }, body: { ...body, version: 1 } }))
        .code,
    ).toBe(ResultCode.STALE_VERSION);
  });

  it('rate cards: versions follow one another, services are unique, scope names what it says', async () => {
    const line = { kind: 'test', ref: 'CBC', name: 'CBC', unit: 'sample', unitPrice: '50', taxRate: '0.06' };
    const version = { validFrom: addDays(today, -10), lines: [line] };
    expect(
      (
        await refused(sales, rateCard.create, {
          body: { name: 'x', scope: 'customer', taxInclusive: true, version },
        })
      ).code,
    ).toBe(ResultCode.BAD_REQUEST);
    expect(
      (
        await refused(sales, rateCard.create, {
          body: { name: 'x', scope: 'all', taxInclusive: true, version: { ...version, lines: [line, line] } },
        })
      ).code,
    ).toBe(ResultCode.BAD_REQUEST);
    // A float where money goes is refused by the schema.
    expect(
      (
        await refused(sales, rateCard.create, {
          body: {
            name: 'x',
            scope: 'all',
            taxInclusive: true,
            version: { ...version, lines: [{ ...line, unitPrice: 50.1 }] },
          },
        })
      ).code,
    ).toBe(ResultCode.BAD_REQUEST);
    const card = (
      await ok(sales, rateCard.create, {
        body: { name: 'Test card', scope: 'all', currency: 'USD', taxInclusive: false, version },
      })
    ).data;
    expect((await refused(sales, rateCard.addVersion, { params: { id: card.id }, body: version })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
    await ok(sales, rateCard.addVersion, {
      params: { id: card.id },
      body: { validFrom: addDays(today, 5), lines: [{ ...line, unitPrice: '55.5' }] },
    });
    const detail = (await ok(sales, rateCard.get, { params: { id: card.id } })).data as unknown as {
      currentVersionNo: number;
      versionList: Array<{ versionNo: number; validTo: string | null; lines: Array<{ unitPrice: string }> }>;
    };
    expect(detail.currentVersionNo).toBe(1);
    expect(detail.versionList.map((v) => [v.versionNo, v.validTo])).toEqual([
      [2, null],
      [1, addDays(today, 4)],
    ]);
    expect(detail.versionList[0]?.lines[0]?.unitPrice).toBe('55.5000');
  });

  it('a quotation from a rate card: priced by the one rule, reviewed within discount limits, versioned', async () => {
    const sponsor = await demoId('DEMO-CU-001');
    const applicable = (
      await ok(sales, rateCard.applicable, { body: { customerId: sponsor, projectId: km1 } })
    ).data;
    const standard = applicable.find((a) => a.code === 'DEMO-RC-001');
    expect(standard).toBeDefined();
    const card = (
      await env.handle.db.select().from(marketingRateCards).where(eq(marketingRateCards.code, 'DEMO-RC-001'))
    )[0];
    const detail = (await ok(sales, rateCard.get, { params: { id: card?.id ?? 0 } })).data as unknown as {
      versionList: Array<{ id: number; lines: Array<{ id: number; ref: string; unitPrice: string }> }>;
    };
    const lines = detail.versionList[0]?.lines ?? [];
    const cbc = lines.find((l) => l.ref === 'CBC');
    const kit = lines.find((l) => l.ref === 'VISIT-KIT');
    const planned = (
      await ok(sales, quotation.plannedQuantities, {
        body: { projectId: km1, rateCardVersionId: standard?.versionId, subjects: 10 },
      })
    ).data as unknown as { lines: Array<{ rateLineId: number; quantity: string }> };
    expect(planned.lines.every((l) => /^\d+$/.test(l.quantity))).toBe(true);
    const body = {
      customerId: sponsor,
      projectId: km1,
      rateCardVersionId: standard?.versionId,
      validUntil: addDays(today, 30),
      discountRate: '0.2',
      lines: [
        { rateLineId: cbc?.id, quantity: '16', discountRate: '0.04' },
        { rateLineId: kit?.id, quantity: '3' },
      ],
    };
    // The project must be the customer's; the validity not past.
    expect((await refused(sales, quotation.create, { body: { ...body, projectId: km3 } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
    expect(
      (await refused(sales, quotation.create, { body: { ...body, validUntil: addDays(today, -2) } })).code,
    ).toBe(ResultCode.BAD_REQUEST);
    const made = (await ok(sales, quotation.create, { body })).data;
    const q = (await ok(sales, quotation.get, { params: { id: made.id } })).data as unknown as Data & {
      lines: Array<{ gross: string; net: string; tax: string }>;
      gross: string;
      net: string;
      tax: string;
      effectiveDiscountRate: string;
    };
    // Totals are the sums of the rounded lines (exact decimal text).
    const cents = (v: string) => BigInt(v.replace('.', ''));
    expect(cents(q.gross)).toBe(q.lines.reduce((a, l) => a + cents(l.gross), 0n));
    expect(cents(q.gross)).toBe(cents(q.net) + cents(q.tax));
    expect(q.effectiveDiscountRate).toBe('0.22');
    await ok(sales, quotation.submit, { params: { id: made.id }, body: { version: q.version } });
    // Sales hold no review; finance's 15 % limit does not cover this discount; nobody reviews their own.
    expect(
      (
        await refused(sales, quotation.approve, {
          params: { id: made.id },
          body: { version: q.version + 1, signature },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    const over = await refused(finance, quotation.approve, {
      params: { id: made.id },
      body: { version: q.version + 1, signature },
      lang: 'en_US',
    });
    expect(over.msg).toContain('limit of 15%');
    expect(
      (
        await refused(finance, quotation.approve, {
          params: { id: made.id },
          body: { version: q.version + 1 },
        })
      ).code,
    ).toBe(ResultCode.BAD_REQUEST);
    await ok(finance, quotation.return, {
      params: { id: made.id },
      body: { version: q.version + 1, reason: '折扣过大' },
    });
    await ok(sales, quotation.revise, { params: { id: made.id }, body: { version: q.version + 2 } });
    const versions = (await ok(sales, quotation.get, { params: { id: made.id } })).data.versions as Array<{
      id: number;
      revision: number;
      status: string;
    }>;
    expect(versions.map((v) => [v.revision, v.status])).toEqual([
      [2, 'draft'],
      [1, 'superseded'],
    ]);
    const next = versions[0]?.id ?? 0;
    const draft = (await ok(sales, quotation.get, { params: { id: next } })).data;
    await ok(sales, quotation.update, {
      params: { id: next },
      body: {
        ...body,
        discountRate: '0',
        lines: [{ rateLineId: cbc?.id, quantity: '16', discountRate: '0.04' }],
        version: draft.version,
      },
    });
    await ok(sales, quotation.submit, { params: { id: next }, body: { version: draft.version + 1 } });
    await ok(finance, quotation.approve, {
      params: { id: next },
      body: { version: draft.version + 2, signature },
    });
    const approved = (await ok(sales, quotation.get, { params: { id: next } })).data as unknown as {
      status: string;
      signatures: unknown[];
      gross: string;
    };
    expect(approved.status).toBe('approved');
    expect(approved.signatures).toHaveLength(1);
    // The PDF prints in the customer's language.
    const pdf = await as(sales, quotation.pdf, { params: { id: next } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // A contract from it, linked to the project; a line's price is in force from its version's day.
    const scan = await storeFile(env, {
      name: 'signed.pdf',
      mime: 'application/pdf',
      content: Buffer.from('%PDF-1.4 signed'),
      uploadedBy: sales.login.user.id,
    });
    const contractBody = {
      quotationId: next,
      number: 'HT-TEST-001',
      partyB: '上海启航中心实验室有限公司',
      paymentTerms: '月结30天',
      validFrom: addDays(today, -20),
      validTo: addDays(today, 300),
      projectIds: [km1],
    };
    // Not from a superseded version.
    expect(
      (await refused(sales, contract.create, { body: { ...contractBody, quotationId: made.id } })).code,
    ).toBe(ResultCode.INVALID_STATE);
    // Payment days are whole days from 0 to 365, refused otherwise in the caller's language.
    const words = VALIDATION_MESSAGES['validation.paymentDays'];
    for (const [paymentDays, lang] of [
      [366, 'zh_CN'],
      [-1, 'en_US'],
      [12.5, 'zh_HK'],
    ] as const) {
      const refusal = await refused(sales, contract.create, { body: { ...contractBody, paymentDays }, lang });
      expect(refusal.code).toBe(ResultCode.BAD_REQUEST);
      expect(refusal.msg).toContain(words?.[lang]);
    }
    const k = (await ok(sales, contract.create, { body: { ...contractBody, paymentDays: 45 } })).data;
    expect((await refused(sales, contract.create, { body: contractBody })).code).toBe(ResultCode.DUPLICATE);
    const draftContract = (await ok(sales, contract.get, { params: { id: k.id } })).data;
    expect(draftContract.amount).toBe(approved.gross);
    expect(draftContract.paymentDays).toBe(45);
    // In force only with the signed scan attached, by an e-signature.
    expect(
      (
        await refused(sales, contract.activate, {
          params: { id: k.id },
          body: { version: draftContract.version, signature },
        })
      ).code,
    ).toBe(ResultCode.INVALID_STATE);
    await ok(sales, contract.update, {
      params: { id: k.id },
      body: { version: draftContract.version, signedFileId: scan, projectIds: [km1] },
    });
    await ok(sales, contract.activate, {
      params: { id: k.id },
      body: { version: draftContract.version + 1, signature },
    });
    const lineOn = async (on: string) =>
      (await ok(finance, contract.lineInForce, { body: { projectId: km1, serviceKey: 'test:CBC', on } }))
        .data as unknown as {
        contractNumber: string;
        versionNo: number;
        unitPrice: string;
      } | null;
    // 50.00 (the standard card's CBC, version 2) less 4 % = 48.0000
    expect(await lineOn(addDays(today, 1))).toMatchObject({ contractNumber: 'HT-TEST-001', versionNo: 1 });
    const before = await lineOn(addDays(today, 1));
    expect(before?.unitPrice).toBe('48.0000');
    // Before this contract, the demo's contract for the project prices it (its 3 % document discount).
    expect(await lineOn(addDays(today, -30))).toMatchObject({
      contractNumber: 'DEMO-HT-2026-001',
      unitPrice: '48.5000',
    });
    const amendment = {
      version: draftContract.version + 2,
      effectiveFrom: addDays(today, 10),
      reason: '补充协议：血常规调价',
      amount: '1000.00',
      lines: [
        { kind: 'test', ref: 'CBC', name: '血常规检测', unit: 'sample', unitPrice: '42.5', taxRate: '0.06' },
      ],
    };
    expect(
      (
        await refused(sales, contract.amend, {
          params: { id: k.id },
          body: { ...amendment, effectiveFrom: addDays(today, -25) },
        })
      ).code,
    ).toBe(ResultCode.BAD_REQUEST);
    await ok(sales, contract.amend, { params: { id: k.id }, body: amendment });
    // Work before the amendment's day keeps the old price; from that day on, the amendment's.
    expect((await lineOn(addDays(today, 9)))?.unitPrice).toBe('48.0000');
    expect(await lineOn(addDays(today, 10))).toMatchObject({ versionNo: 2, unitPrice: '42.5000' });
    // Closing ends its pricing.
    await ok(sales, contract.close, {
      params: { id: k.id },
      body: { version: amendment.version + 1, reason: '项目结束' },
    });
    expect((await lineOn(addDays(today, 11)))?.contractNumber).toBe('DEMO-HT-2026-001');
  });

  // Seeded at 17:00 UTC (already the next day in the lab), every contract, rate card and quotation
  // day of the demo counts from the lab's day (Asia/Shanghai), not the UTC day.
  it('the demo counts every day from the lab day at 17:00 UTC', async () => {
    const now = new Date('2026-03-10T17:00:00Z');
    const lab = '2026-03-11';
    const seen = await env.handle.db
      .transaction(async (tx) => {
        // The demo reseeded on an empty marketing area, read, then rolled back.
        await tx.execute(sql`TRUNCATE marketing_customers, marketing_rate_cards, marketing_discount_limits,
          marketing_quotations, marketing_contracts CASCADE`);
        await seedMarketingDemo(tx, now, env.app.deps.files);
        const contracts = await tx
          .select({
            number: marketingContracts.number,
            from: marketingContracts.validFrom,
            to: marketingContracts.validTo,
          })
          .from(marketingContracts)
          .where(like(marketingContracts.number, 'DEMO-%'))
          .orderBy(marketingContracts.number);
        const versions = await tx
          .select({
            number: marketingContracts.number,
            no: marketingContractVersions.versionNo,
            from: marketingContractVersions.effectiveFrom,
          })
          .from(marketingContractVersions)
          .innerJoin(marketingContracts, eq(marketingContracts.id, marketingContractVersions.contractId))
          .where(inArray(marketingContracts.number, ['DEMO-HT-2026-001', 'DEMO-HT-2026-002']))
          .orderBy(marketingContracts.number, marketingContractVersions.versionNo);
        const cards = await tx
          .select({
            code: marketingRateCards.code,
            no: marketingRateCardVersions.versionNo,
            from: marketingRateCardVersions.validFrom,
          })
          .from(marketingRateCardVersions)
          .innerJoin(marketingRateCards, eq(marketingRateCards.id, marketingRateCardVersions.cardId))
          .orderBy(marketingRateCards.code, marketingRateCardVersions.versionNo);
        const quotations = await tx
          .select({ number: marketingQuotations.number, until: marketingQuotations.validUntil })
          .from(marketingQuotations)
          .where(eq(marketingQuotations.number, 'DEMO-QT-001'));
        throw new Rollback(JSON.stringify({ contracts, versions, cards, quotations }));
      })
      .then(
        () => {
          throw new Error('not rolled back');
        },
        (e: unknown) => {
          if (!(e instanceof Rollback)) throw e;
          return JSON.parse(e.message) as {
            contracts: Array<{ number: string; from: string; to: string }>;
            versions: Array<{ number: string; no: number; from: string }>;
            cards: Array<{ code: string; no: number; from: string }>;
            quotations: Array<{ number: string; until: string }>;
          };
        },
      );
    const day = (v: string) => String(v).slice(0, 10);
    const contract = (number: string) => seen.contracts.find((c) => c.number === number);
    // The contract in force, its amendment and the draft: from the lab day, as the newest one.
    expect(day(contract('DEMO-HT-2026-001')?.from ?? '')).toBe(addDays(lab, -45));
    expect(day(contract('DEMO-HT-2026-001')?.to ?? '')).toBe(addDays(lab, 320));
    expect(day(contract('DEMO-HT-2026-002')?.from ?? '')).toBe(lab);
    expect(day(contract(DEMO_RESHIP_CONTRACT)?.from ?? '')).toBe(addDays(lab, -150));
    expect(seen.versions.map((v) => [v.number, v.no, day(v.from)])).toEqual([
      ['DEMO-HT-2026-001', 1, addDays(lab, -45)],
      ['DEMO-HT-2026-001', 2, addDays(lab, -14)],
      ['DEMO-HT-2026-002', 1, lab],
    ]);
    // The standard card's second version from 60 days before the lab day; a quotation valid 60 days on.
    expect(seen.cards.map((c) => day(c.from))).toContain(addDays(lab, -60));
    expect(seen.cards.map((c) => day(c.from))).toContain(addDays(lab, -240));
    expect(seen.cards.map((c) => day(c.from))).toContain(addDays(lab, -30));
    expect([...new Set(seen.quotations.map((q) => day(q.until)))]).toEqual([addDays(lab, 60)]);
    // Nothing counted from the UTC day (the lab's yesterday).
    const all = [
      ...seen.contracts.flatMap((c) => [day(c.from), day(c.to)]),
      ...seen.versions.map((v) => day(v.from)),
      ...seen.cards.map((c) => day(c.from)),
    ];
    expect(all).not.toContain(addDays('2026-03-10', -45));
  });
});
