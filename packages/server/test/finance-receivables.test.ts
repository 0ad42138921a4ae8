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
import { financeBillableEvents } from '../src/db/schema-finance.js';
import { marketingCustomerProjects } from '../src/db/schema-marketing.js';
import { DEMO_RESHIP_CONTRACT, DEMO_RESHIPMENTS } from '../src/seed/marketing-demo.js';
import { DEMO_PAYMENT_REFS } from '../src/seed/receivables-demo.js';
import { FEATURE_ENGINES } from './engines.js';
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

const { receivables: api, statement, contract, todo } = endpoints;
const RAISED = ['near', 'over'];
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
type Detail = PaymentRow & {
  allocations: Array<{ id: number; statementId: number; unallocateReason: string | null }>;
};

/** Payments, allocations, balances, aging, burn-down and unbilled work. */
describe.each(FEATURE_ENGINES)('finance receivables on %s', (engine) => {
  let env: TestEnv;
  let finance: Session;
  let admin: Session;
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
    admin = await login(env, '13800000000');
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
    const burn = (await ok<BurnDownRow[]>(finance, api.burnDown, { body: { size: 50 } })).data;
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
    // The draft's work is not billed until its statement is confirmed: its gross (work undone on it
    // cancelled) is part of the unbilled amount.
    expect(drafts.length).toBeGreaterThan(0);
    const drafted = Decimal.sum(drafts.map((d) => d.gross));
    expect(Decimal.of(km1Unbilled?.unbilledAmount ?? '0').cmp(drafted)).toBeGreaterThanOrEqual(0);
  });

  it('names the customer in the reader’s language in every list and detail (Chinese when no English name)', async () => {
    const [customer] = (
      (await env.handle.db.execute(
        sql`SELECT name, en_name FROM marketing_customers WHERE id = ${huakang}`,
      )) as unknown as { rows: Array<{ name: string; en_name: string | null }> }
    ).rows;
    const zh = customer?.name ?? '';
    const en = customer?.en_name ?? '';
    expect(en).not.toBe('');
    expect(en).not.toBe(zh);
    const paymentId = (
      await ok<PaymentRow[]>(finance, api.payments, { body: { size: 50, customerId: huakang } })
    ).data[0]?.id;
    /** Huakang's name in each receivables answer as `lang` reads it. */
    const namesIn = async (lang: 'en_US' | 'zh_CN') => {
      const payments = (
        await ok<PaymentRow[]>(finance, api.payments, { body: { size: 50, customerId: huakang }, lang })
      ).data;
      const payment = (await ok<Detail>(finance, api.payment, { params: { id: paymentId ?? 0 }, lang })).data;
      const balances = (
        await ok<ReceivableRow[]>(finance, api.balances, { body: { size: 50, customerId: huakang }, lang })
      ).data;
      const aging = (await ok<{ rows: AgingRow[] }>(finance, api.aging, { body: {}, lang })).data.rows;
      const burn = (
        await ok<BurnDownRow[]>(finance, api.burnDown, { body: { size: 50, customerId: huakang }, lang })
      ).data;
      const unbilled = (
        await ok<UnbilledRow[]>(finance, api.unbilled, { body: { customerId: huakang }, lang })
      ).data;
      const lists = {
        payments: payments.map((r) => r.customerName),
        payment: [payment.customerName],
        balances: balances.map((r) => r.customerName),
        aging: aging.filter((r) => r.customerId === huakang).map((r) => r.customerName),
        burnDown: burn.map((r) => r.customerName),
        unbilled: unbilled.map((r) => r.customerName),
      };
      for (const [list, names] of Object.entries(lists)) expect(names.length, list).toBeGreaterThan(0);
      return lists;
    };
    const every = (lists: Record<string, Array<string | null>>, name: string) =>
      Object.fromEntries(Object.entries(lists).map(([list, names]) => [list, names.map(() => name)]));
    const english = await namesIn('en_US');
    expect(english).toEqual(every(english, en));
    const chinese = await namesIn('zh_CN');
    expect(chinese).toEqual(every(chinese, zh));
    // A keyword finds the customer by either name, whichever the reader's language.
    for (const keyword of [zh, en]) {
      const found = await ok<PaymentRow[]>(finance, api.payments, {
        body: { size: 50, keyword },
        lang: 'en_US',
      });
      expect(
        found.data.map((r) => r.customerName),
        keyword,
      ).toContain(en);
      const owed = await ok<ReceivableRow[]>(finance, api.balances, {
        body: { size: 50, keyword },
        lang: 'en_US',
      });
      expect(
        owed.data.map((r) => r.customerName),
        keyword,
      ).toContain(en);
    }
    // Without an English name (empty or blank), an English reader gets the Chinese one.
    for (const none of [null, '  ']) {
      await env.handle.db.execute(
        sql`UPDATE marketing_customers SET en_name = ${none} WHERE id = ${huakang}`,
      );
      try {
        const fallback = await namesIn('en_US');
        expect(fallback).toEqual(every(fallback, zh));
      } finally {
        await env.handle.db.execute(
          sql`UPDATE marketing_customers SET en_name = ${en} WHERE id = ${huakang}`,
        );
      }
    }
  });

  it('lets sales see their customers’ receivables only and act on none; external users see nothing', async () => {
    const mine = (await ok<BurnDownRow[]>(sales, api.burnDown, { body: { size: 50 } })).data.map(
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

  it('raises burn-down alerts on contracts in force from 80 % and at 100 %, as the home to-do counts them', async () => {
    const raised = async (session = finance) =>
      ok<BurnDownRow[]>(session, api.burnDown, { body: { alert: RAISED, size: 50 } });
    const tile = async (session = finance) =>
      (await ok<Array<{ workflow: string; query?: string; count: number }>>(session, todo.counts)).data.find(
        (k) => k.workflow === 'contractBurnDown',
      ) ?? { count: -1, query: '' };
    // The demo's re-shipping contract has billed 420 of its 500 re-shipments: 84 %.
    const demo = await raised();
    const reship = demo.data.find((r) => r.contractNumber === DEMO_RESHIP_CONTRACT) as BurnDownRow;
    expect(reship).toMatchObject({ alert: 'near', status: 'active' });
    const rate = Decimal.of(String(DEMO_RESHIPMENTS.billed)).div(String(DEMO_RESHIPMENTS.contracted), 4);
    expect(reship.burnRate).toBe(rate.toFixed(4));
    expect(demo.data.every((r) => RAISED.includes(r.alert))).toBe(true);
    // The tile counts the rows its link opens, for finance and for sales (their own customers').
    for (const session of [finance, sales]) {
      const { count, query } = await tile(session);
      expect(query).toBe('tab=burn&alert=near&alert=over');
      expect(count).toBe((await raised(session)).total);
    }
    expect((await tile(finance)).count).toBeGreaterThanOrEqual(1);

    // Amendments move the value: exactly 80 % is near, a cent more of value is not, 100 % is over.
    const k = (
      await ok<{ version: number; validTo: string; versionList: Array<Record<string, unknown>> }>(
        admin,
        contract.get,
        { params: { id: reship.contractId } },
      )
    ).data;
    const last = k.versionList.at(-1) as { effectiveFrom: string; lines: Array<Record<string, unknown>> };
    const lines = last.lines.map(({ kind, ref, name, unit, unitPrice, taxRate }) => ({
      kind,
      ref,
      name,
      unit,
      unitPrice,
      taxRate,
    }));
    let version = k.version;
    let day = last.effectiveFrom;
    const amend = async (amount: string) => {
      day = addDays(day, 1);
      expect(day <= k.validTo).toBe(true);
      await ok(admin, contract.amend, {
        params: { id: reship.contractId },
        body: { version, effectiveFrom: day, reason: '补充协议：调整补寄次数', amount, lines },
      });
      version += 1;
      const row = (await ok<BurnDownRow[]>(finance, api.burnDown, { body: { size: 50 } })).data.find(
        (r) => r.contractId === reship.contractId,
      ) as BurnDownRow;
      expect(row.contractAmount).toBe(amount);
      return row.alert;
    };
    const billed = Decimal.of(reship.billedAmount);
    expect(await amend(billed.div('0.8', 2).toFixed(2))).toBe('near');
    expect(await amend(billed.div('0.8', 2).add('0.01').toFixed(2))).toBe('none');
    expect((await tile()).count).toBe((await raised()).total);
    expect((await raised()).data.map((r) => r.contractId)).not.toContain(reship.contractId);
    expect(await amend(billed.toFixed(2))).toBe('over');
    expect((await tile()).count).toBe((await raised()).total);
    // A closed contract raises none: its work is over.
    await ok(admin, contract.close, {
      params: { id: reship.contractId },
      body: { version, reason: '补寄服务结束' },
    });
    const closed = (await ok<BurnDownRow[]>(finance, api.burnDown, { body: { size: 50 } })).data.find(
      (r) => r.contractId === reship.contractId,
    );
    expect(closed).toMatchObject({ status: 'closed', alert: 'none' });
    expect((await tile()).count).toBe((await raised()).total);
  });

  it('unbilled work: undone work cancels its charge, a credit of billed work is not unbilled, never negative', async () => {
    const [project] = await env.handle.db
      .select()
      .from(projects)
      .where(eq(projects.projectNo, 'KM-2026-001'));
    const km1 = project?.id ?? 0;
    const unbilledOf = async () =>
      (await ok<UnbilledRow[]>(finance, api.unbilled, { body: {} })).data.find(
        (r) => r.projectId === km1 && r.currency === 'CNY',
      ) ?? { events: 0, unbilledAmount: '0.00' };
    const before = await unbilledOf();
    let serial = 0;
    const event = async (gross: string, reverses: { id: number; projectId: number } | null = null) => {
      serial += 1;
      const sign = reverses ? '-' : '';
      const [row] = await env.handle.db
        .insert(financeBillableEvents)
        .values({
          projectId: reverses?.projectId ?? km1,
          kind: 'nonroutine',
          sourceKind: 'fee',
          sourceRef: reverses ? `unbilled-test-r${serial}` : `unbilled-test-${serial}`,
          sourceLabel: `Fee ${serial}`,
          direction: reverses ? 'reversal' : 'charge',
          reversesId: reverses?.id ?? null,
          workDay: today,
          serviceKey: 'nonroutine:chargeback',
          unit: 'item',
          quantity: `${sign}1`,
          status: 'priced',
          currency: 'CNY',
          taxInclusive: true,
          unitPrice: gross,
          taxRate: '0',
          net: `${sign}${gross}`,
          tax: '0.00',
          gross: `${sign}${gross}`,
          createdAt: new Date(env.clock.now),
        })
        .returning({ id: financeBillableEvents.id });
      return { id: row?.id ?? 0, projectId: reverses?.projectId ?? km1 };
    };
    // Work done, not billed: it adds to the unbilled work.
    const charge = await event('100.00');
    const added = await unbilledOf();
    expect(added.events).toBe(before.events + 1);
    expect(added.unbilledAmount).toBe(Decimal.of(before.unbilledAmount).add('100.00').toFixed(2));
    // Undone before it was billed: the reversal cancels it, nothing of either is left.
    await event('100.00', charge);
    expect(await unbilledOf()).toMatchObject({
      events: before.events,
      unbilledAmount: before.unbilledAmount,
    });
    // Undoing work already on a confirmed statement is a credit for an adjustment, not unbilled work.
    const found = await env.handle.db.execute(sql`SELECT e.id, e.project_id, e.gross::text AS gross
      FROM finance_statement_lines l JOIN finance_statements s ON s.id = l.statement_id
      JOIN finance_billable_events e ON e.id = l.event_id
      WHERE s.status = 'confirmed' AND e.direction = 'charge'
        AND NOT EXISTS (SELECT 1 FROM finance_billable_events r WHERE r.reverses_id = e.id)
      ORDER BY e.id LIMIT 1`);
    const [billed] = (found as unknown as { rows: Array<{ id: number; project_id: number; gross: string }> })
      .rows;
    expect(billed).toBeDefined();
    const rowsBefore = (await ok<UnbilledRow[]>(finance, api.unbilled, { body: {} })).data;
    await event(Decimal.of(billed?.gross ?? '0').toFixed(2), {
      id: Number(billed?.id),
      projectId: Number(billed?.project_id),
    });
    const rowsAfter = (await ok<UnbilledRow[]>(finance, api.unbilled, { body: {} })).data;
    expect(rowsAfter).toEqual(rowsBefore);
    expect(rowsAfter.every((r) => Decimal.of(r.unbilledAmount).cmp('0') >= 0)).toBe(true);
  });
});
