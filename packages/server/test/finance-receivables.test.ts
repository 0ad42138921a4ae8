import {
  AGING_BUCKETS,
  type AgingRow,
  type BurnDownRow,
  Decimal,
  endpoints,
  type PaymentRow,
  type ReceivableRow,
  ResultCode,
  type UnbilledRow,
} from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema.js';
import { marketingCustomerProjects } from '../src/db/schema-marketing.js';
import { DEMO_PAYMENT_REFS } from '../src/seed/receivables-demo.js';
import { ENGINES } from './engines.js';
import {
  answers,
  call,
  envelope,
  login,
  type Session,
  startEnv,
  type TestEnv,
  uploadFile,
} from './helpers.js';

const { receivables: api, statement } = endpoints;
type Detail = PaymentRow & {
  allocations: Array<{ id: number; statementId: number; unallocateReason: string | null }>;
};

/** Payments, allocations, balances, aging, burn-down and unbilled work on both engines. */
describe.each(ENGINES)('finance receivables on %s', (engine) => {
  let env: TestEnv;
  let finance: Session;
  let sales: Session;
  let site: Session;
  let huakang: number;
  let today: string;

  const { ok, refused } = answers(() => env);
  const balances = async (body: object, session = finance) =>
    ok<ReceivableRow[]>(session, api.balances, { body });
  const balanceOf = async (id: number) => {
    const row = (await balances({ size: 50 })).data.find((r) => r.statementId === id);
    if (!row) throw new Error(`no balance for ${id}`);
    return row;
  };
  const record = async (amount: string, currency = 'CNY', customerId = huakang) =>
    (
      await ok<{ id: number }>(finance, api.recordPayment, {
        body: { customerId, currency, amount, receivedOn: today, bankRef: `T-${amount}`, payer: '华康' },
      })
    ).data.id;
  /** A payment's body: CNY 1.00 from Huakang today (`over` changes a field). */
  const paymentBody = (over: object = {}) => ({
    customerId: huakang,
    currency: 'CNY',
    amount: '1',
    receivedOn: today,
    bankRef: 'x',
    payer: 'x',
    ...over,
  });
  /** The demo's older statement: confirmed 75 days ago, partly paid, overdue. */
  const overdue = async () => {
    const rows = (await balances({ size: 50, open: true })).data;
    const row = rows.find((r) => r.daysPastDue > 30);
    if (!row) throw new Error('no overdue statement');
    return row;
  };

  beforeAll(async () => {
    env = await startEnv(engine);
    finance = await login(env, '13800000005');
    sales = await login(env, '13800000006');
    site = await login(env, '13900000001');
    const [project] = await env.handle.db
      .select()
      .from(projects)
      .where(eq(projects.projectNo, 'KM-2026-001'));
    const [link] = await env.handle.db
      .select()
      .from(marketingCustomerProjects)
      .where(eq(marketingCustomerProjects.projectId, project?.id ?? 0));
    huakang = link?.customerId ?? 0;
    today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(env.clock.now);
  });
  afterAll(() => env.close());

  it('opens on the demo: a payment partly allocated, an undone allocation, a balance 31–60 days past due', async () => {
    const payments = (await ok<PaymentRow[]>(finance, api.payments, { body: { size: 50 } })).data.filter(
      (p) => (DEMO_PAYMENT_REFS as readonly string[]).includes(p.bankRef),
    );
    expect(payments).toHaveLength(2);
    const partly = payments.find((p) => p.bankRef === DEMO_PAYMENT_REFS[1]) as PaymentRow;
    expect(Decimal.of(partly.allocatedAmount).cmp('0')).toBe(1);
    expect(Decimal.of(partly.unallocatedAmount).cmp('0')).toBe(1);
    expect(Decimal.of(partly.allocatedAmount).add(partly.unallocatedAmount).toFixed(2)).toBe(partly.amount);
    const detail = (await ok<Detail>(finance, api.payment, { params: { id: partly.id } })).data;
    expect(detail.allocations.filter((a) => a.unallocateReason)).toHaveLength(1);
    const old = await overdue();
    expect(old.bucket).toBe('d31_60');
    expect(old.state).toBe('partly-paid');
    // Each bucket's count is the list it opens.
    const aging = (await ok<{ asOf: string; rows: AgingRow[] }>(finance, api.aging, { body: {} })).data;
    expect(aging.asOf).toBe(today);
    for (const bucket of AGING_BUCKETS) {
      const counted = aging.rows.reduce((n, r) => n + r.counts[bucket], 0);
      const listed = await balances({ bucket, size: 50 });
      expect(listed.total, bucket).toBe(counted);
      const amount = Decimal.sum(aging.rows.map((r) => r.amounts[bucket])).toFixed(2);
      expect(Decimal.sum(listed.data.map((r) => r.outstandingAmount)).toFixed(2), bucket).toBe(amount);
    }
  });

  it('records, allocates and undoes: exact balances, kept history, refusals that change nothing', async () => {
    const old = await overdue();
    const id = await record('500.10');
    await ok(finance, api.allocatePayment, {
      params: { id },
      body: { lines: [{ statementId: old.statementId, amount: '200.05' }] },
    });
    const after = await balanceOf(old.statementId);
    expect(after.outstandingAmount).toBe(Decimal.of(old.outstandingAmount).sub('200.05').toFixed(2));
    expect(after.paidAmount).toBe(Decimal.of(old.paidAmount).add('200.05').toFixed(2));
    let payment = (await ok<Detail>(finance, api.payment, { params: { id } })).data;
    expect(payment.unallocatedAmount).toBe('300.05');

    // Refusals: past the payment's rest, past the statement's balance, twice, another currency,
    // a statement not confirmed; none changes anything.
    const over = await refused(finance, api.allocatePayment, {
      params: { id },
      body: { lines: [{ statementId: old.statementId, amount: '300.06' }] },
    });
    expect(over.code).toBe(ResultCode.BAD_REQUEST);
    expect(over.msg).toContain('300.05');
    const big = await record(Decimal.of(after.outstandingAmount).add('1').toFixed(2));
    const pastBalance = await refused(finance, api.allocatePayment, {
      params: { id: big },
      body: {
        lines: [
          {
            statementId: old.statementId,
            amount: Decimal.of(after.outstandingAmount).add('0.01').toFixed(2),
          },
        ],
      },
    });
    expect(pastBalance.msg).toContain(after.outstandingAmount);
    expect(
      (
        await refused(finance, api.allocatePayment, {
          params: { id },
          body: {
            lines: [
              { statementId: old.statementId, amount: '1.00' },
              { statementId: old.statementId, amount: '1.00' },
            ],
          },
        })
      ).code,
    ).toBe(ResultCode.BAD_REQUEST);
    const usd = await record('100.00', 'USD');
    const mismatch = await refused(finance, api.allocatePayment, {
      params: { id: usd },
      body: { lines: [{ statementId: old.statementId, amount: '1.00' }] },
    });
    expect(mismatch.code).toBe(ResultCode.BAD_REQUEST);
    expect(mismatch.msg).toContain('USD');
    const drafts = (await ok<Array<{ id: number }>>(finance, statement.paging, { body: { status: 'draft' } }))
      .data;
    expect(
      (
        await refused(finance, api.allocatePayment, {
          params: { id },
          body: { lines: [{ statementId: drafts[0]?.id ?? 0, amount: '1.00' }] },
        })
      ).code,
    ).toBe(ResultCode.INVALID_STATE);
    expect((await balanceOf(old.statementId)).outstandingAmount).toBe(after.outstandingAmount);
    payment = (await ok<Detail>(finance, api.payment, { params: { id } })).data;
    expect(payment.unallocatedAmount).toBe('300.05');
    // A payment received after today is refused.
    const future = await refused(finance, api.recordPayment, {
      body: paymentBody({ receivedOn: '2999-01-01' }),
    });
    expect(future.code).toBe(ResultCode.BAD_REQUEST);
    // A JSON number is never money.
    const float = await refused(finance, api.recordPayment, { body: paymentBody({ amount: 0.1 }) });
    expect(float.code).toBe(ResultCode.BAD_REQUEST);

    // Undone with a reason: the balance is back, the allocation kept; undone once only.
    const allocation = payment.allocations[0]?.id ?? 0;
    expect(
      (await refused(finance, api.unallocatePayment, { params: { id: allocation }, body: { reason: '' } }))
        .code,
    ).toBe(ResultCode.BAD_REQUEST);
    await ok(finance, api.unallocatePayment, { params: { id: allocation }, body: { reason: '银行退回' } });
    expect((await balanceOf(old.statementId)).outstandingAmount).toBe(old.outstandingAmount);
    expect(
      (
        await refused(finance, api.unallocatePayment, {
          params: { id: allocation },
          body: { reason: 'again' },
        })
      ).code,
    ).toBe(ResultCode.INVALID_STATE);
    payment = (await ok<Detail>(finance, api.payment, { params: { id } })).data;
    expect(payment.allocations).toEqual([
      expect.objectContaining({ id: allocation, unallocateReason: '银行退回' }),
    ]);
    expect(payment.unallocatedAmount).toBe('500.10');
    // The database keeps payments and allocations: no change, no delete, an undone one never again.
    await expect(
      env.handle.db.execute(sql`UPDATE finance_payments SET amount = 1 WHERE id = ${id}`),
    ).rejects.toThrow();
    await expect(
      env.handle.db.execute(sql`DELETE FROM finance_allocations WHERE id = ${allocation}`),
    ).rejects.toThrow();
    await expect(
      env.handle.db.execute(
        sql`UPDATE finance_allocations SET unallocate_reason = 'x' WHERE id = ${allocation}`,
      ),
    ).rejects.toThrow();
  });

  it('ages on fixed days: the due date is the confirmation day plus the contract’s payment days', async () => {
    const old = await overdue();
    expect(old.paymentDays).toBe(30);
    const due = new Date(`${old.dueOn}T00:00:00Z`);
    const day = (offset: number) => new Date(due.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    expect(day(-30)).toBe(old.confirmedOn);
    const cases: Array<[number, string]> = [
      [-1, 'current'],
      [0, 'd0_30'],
      [30, 'd0_30'],
      [31, 'd31_60'],
      [60, 'd31_60'],
      [61, 'd61_90'],
      [90, 'd61_90'],
      [91, 'over90'],
    ];
    for (const [offset, bucket] of cases) {
      const asOf = day(offset);
      const row = (await balances({ keyword: old.number, asOf })).data[0];
      expect(row?.bucket, asOf).toBe(bucket);
      expect(row?.daysPastDue).toBe(offset);
      const aging = (await ok<{ rows: AgingRow[] }>(finance, api.aging, { body: { asOf } })).data.rows;
      const mine = aging.find((r) => r.customerId === huakang && r.currency === 'CNY');
      expect(mine?.counts[bucket as keyof AgingRow['counts']]).toBeGreaterThan(0);
    }
  });

  it('shows burn-down and unbilled work per contract and project', async () => {
    const burn = (await ok<BurnDownRow[]>(finance, api.burnDown, { body: {} })).data;
    const km1 = burn.find((r) => r.contractNumber === 'DEMO-HT-2026-001') as BurnDownRow;
    expect(Decimal.of(km1.billedAmount).cmp('0')).toBe(1);
    expect(km1.burnRate).toBe(Decimal.of(km1.billedAmount).div(km1.contractAmount, 4).toFixed(4));
    const unbilled = (await ok<UnbilledRow[]>(finance, api.unbilled, { body: {} })).data;
    const drafts = (
      await ok<Array<{ projectNo: string; lineCount: number; gross: string }>>(finance, statement.paging, {
        body: { status: 'draft', size: 50 },
      })
    ).data.filter((d) => d.projectNo === 'KM-2026-001');
    const km1Unbilled = unbilled.find((r) => r.projectNo === 'KM-2026-001' && r.currency === 'CNY');
    // The draft's work is not billed until its statement is confirmed.
    expect(km1Unbilled?.events).toBeGreaterThanOrEqual(drafts.reduce((n, d) => n + d.lineCount, 0));
  });

  it('lets sales see their customers’ receivables only and act on none; external users see nothing', async () => {
    const mine = (await ok<BurnDownRow[]>(sales, api.burnDown, { body: {} })).data.map(
      (r) => r.contractNumber,
    );
    expect(mine).toContain('DEMO-HT-2026-001');
    expect(mine).not.toContain('DEMO-HT-2026-003');
    expect((await balances({ size: 50 }, sales)).data.every((r) => r.customerId === huakang)).toBe(true);
    expect(
      (
        await refused(sales, api.recordPayment, {
          body: paymentBody(),
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    // Another's customer's payment is not found to sales; finance sees it.
    const northbridge = (
      await ok<Array<{ id: number; name: string }>>(finance, endpoints.customer.paging, {
        body: { size: 50 },
      })
    ).data.find((c) => c.name.startsWith('Northbridge'));
    const theirs = await record('10.00', 'USD', northbridge?.id ?? 0);
    expect((await refused(sales, api.payment, { params: { id: theirs } })).code).toBe(ResultCode.NOT_FOUND);
    for (const [endpoint, options] of [
      [api.payments, { body: {} }],
      [api.payment, { params: { id: theirs } }],
      [api.balances, { body: {} }],
      [api.aging, { body: {} }],
      [api.burnDown, { body: {} }],
      [api.unbilled, { body: {} }],
      [
        api.recordPayment,
        {
          body: paymentBody(),
        },
      ],
      [api.allocatePayment, { params: { id: theirs }, body: { lines: [{ statementId: 1, amount: '1' }] } }],
      [api.unallocatePayment, { params: { id: 1 }, body: { reason: 'x' } }],
    ] as const)
      expect((await refused(site, endpoint, options)).code, endpoint.id).toBe(ResultCode.FORBIDDEN);
  });

  it('never lets concurrent allocations of one payment exceed it', async () => {
    // Two statements, so the statements' own locks do not line the requests up: the payment's does.
    const open = (await balances({ size: 50, open: true, customerId: huakang, currency: 'CNY' })).data;
    expect(open.length).toBeGreaterThanOrEqual(2);
    const scan = await uploadFile(env, finance, 'slip.pdf', Buffer.from('%PDF-1.4 slip'));
    const { data } = await ok<{ id: number }>(finance, api.recordPayment, {
      body: {
        customerId: huakang,
        currency: 'CNY',
        amount: '100.00',
        receivedOn: today,
        bankRef: 'RACE',
        payer: '华康',
        slipFileId: scan,
      },
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        call(
          env.app,
          api.allocatePayment,
          {
            session: finance,
            params: { id: data.id },
            body: { lines: [{ statementId: open[n % 2]?.statementId ?? 0, amount: '30.00' }] },
          },
          env.clock.now,
        ),
      ),
    );
    const codes = results.map((r) => envelope(r).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    const payment = (await ok<Detail>(finance, api.payment, { params: { id: data.id } })).data;
    expect(payment.allocatedAmount).toBe('90.00');
    expect(payment.slipFileId).toBe(scan);
  });
});
