// Marketing demo (docs/finance.md): customers of the sales account and one only finance sees, a
// standard tax-inclusive rate card in two versions and a USD tax-exclusive card for one customer,
// discount limits, a quotation in each state (the submitted one waits on the home to-do), a
// contract in force with an amendment (DEMO-HT-2026-001, KM-2026-001), Northbridge's USD
// tax-exclusive contract in force from its card's prices (DEMO-HT-2026-003, KM-2026-003: the
// finance demo prices that project's lab work by it), a draft waiting for its signed scan
// (DEMO-HT-2026-002) and Huakang's supplementary re-shipping contract (DEMO-HT-2026-004), 84 %
// billed by the receivables demo. Codes start with DEMO- so tests count what this seed adds.
import { createHash } from 'node:crypto';
import { dec, QUOTATION_SIGNATURE_MEANING, type ServiceKind, serviceKey } from '@trialab/api-contract';
import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import * as m from '../db/schema-marketing.js';
import type { FileStore } from '../lib/file-store.js';
import { recordEvent } from '../lib/workflow.js';
import { contractUnitPrice, priceQuotation } from '../modules/marketing/service.js';
import { dayIn } from '../modules/progress/service.js';
import { insertSignature } from '../services/signatures.js';
import { demoUser } from './lookups.js';
import { demoPdf } from './portal-admin-demo.js';

/** The lab's zone the demo's days are counted in (the server's default LAB_TIME_ZONE). */
const DEMO_ZONE = 'Asia/Shanghai';

/** Huakang's supplementary re-shipping contract: re-shipments contracted and billed (84 %). */
export const DEMO_RESHIP_CONTRACT = 'DEMO-HT-2026-004';
export const DEMO_RESHIPMENTS = { contracted: 500, billed: 420 } as const;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

type Line = [ServiceKind, string, string, string, string, string];
/** [kind, ref, name, unit, unit price (tax included), tax rate] */
const STANDARD: Line[] = [
  ['test', 'CBC', '血常规检测', 'sample', '45.00', '0.06'],
  ['test', 'LFT', '肝功能检测', 'sample', '120.00', '0.06'],
  ['test', 'RFT', '肾功能检测', 'sample', '98.00', '0.06'],
  ['test', 'LIPID', '血脂检测', 'sample', '86.50', '0.06'],
  ['test', 'HBA1C', '糖化血红蛋白检测', 'sample', '75.00', '0.06'],
  ['kit', 'VISIT-KIT', '访视采样套件', 'kit', '160.00', '0.13'],
  ['storage', '-80C', '深低温保存（每盒每月）', 'box-month', '220.00', '0.06'],
  ['storage', 'LN2', '液氮保存（每样本每日）', 'specimen-day', '0.0350', '0.06'],
  ['freight', '-80C:domestic', '干冰冷链运输（国内）', 'shipment', '680.00', '0.09'],
  ['handling', 'standard', '样本接收与处理', 'sample', '12.00', '0.06'],
  ['outbound', 'standard', '样本出库处理', 'box', '150.00', '0.06'],
  ['nonroutine', 'DUP-SHIP', '重复寄送处理费', 'item', '30.00', '0.06'],
];

export async function seedMarketingDemo(tx: Transaction, now: Date, store: FileStore): Promise<void> {
  const sales = await demoUser(tx, '13800000006');
  const admin = await demoUser(tx, '13800000000');
  if (!sales || !admin) return;
  // Every day of the demo is a lab day (at 16:00–24:00 UTC the UTC day is the lab's yesterday).
  const today = dayIn(now, DEMO_ZONE);
  const projects = await tx
    .select({ id: s.projects.id, projectNo: s.projects.projectNo })
    .from(s.projects)
    .where(inArray(s.projects.projectNo, ['KM-2026-001', 'KM-2026-002', 'KM-2026-003']));
  const project = (no: string) => projects.find((p) => p.projectNo === no)?.id ?? 0;

  const customer = async (
    code: string,
    values: {
      name: string;
      enName?: string;
      type: string;
      lang?: string;
      ownerId: number;
      projects: string[];
    },
    contact: { name: string; title: string; mobile: string; email: string },
  ) => {
    const [row] = await tx
      .insert(m.marketingCustomers)
      .values({
        code,
        name: values.name,
        enName: values.enName ?? null,
        type: values.type,
        lang: values.lang ?? 'zh_CN',
        ownerId: values.ownerId,
        taxNumber: `91310000${code.slice(-3)}MA1K0000X`,
        bankName: '招商银行上海分行',
        bankAccount: `62148302${code.slice(-3)}0012345`,
        billingAddress: '上海市浦东新区张江高科技园区',
        createdBy: values.ownerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: m.marketingCustomers.id });
    const id = row?.id ?? 0;
    await tx.insert(m.marketingCustomerContacts).values({ customerId: id, ...contact, primary: true });
    await tx
      .insert(m.marketingCustomerProjects)
      .values(values.projects.map((no) => ({ customerId: id, projectId: project(no) })));
    return id;
  };
  const sponsor = await customer(
    'DEMO-CU-001',
    {
      name: '华康制药有限公司',
      enName: 'Huakang Pharma Co., Ltd.',
      type: '2',
      ownerId: sales.id,
      projects: ['KM-2026-001'],
    },
    { name: '刘经理', title: '临床运营总监', mobile: '13911112222', email: 'liu@huakang.example' },
  );
  const cro = await customer(
    'DEMO-CU-002',
    { name: '启明临床研究有限公司', type: '3', ownerId: sales.id, projects: ['KM-2026-002'] },
    { name: '赵项目', title: '项目经理', mobile: '13922223333', email: 'zhao@qiming.example' },
  );
  const northbridge = await customer(
    'DEMO-CU-003',
    {
      name: 'Northbridge Therapeutics Ltd.',
      type: '2',
      lang: 'en_US',
      ownerId: admin.id,
      projects: ['KM-2026-003'],
    },
    { name: 'Emma Hart', title: 'Procurement', mobile: '13933334444', email: 'emma@northbridge.example' },
  );

  // The standard card: version 1 ended, version 2 in force with prices a little higher.
  const [card] = await tx
    .insert(m.marketingRateCards)
    .values({
      code: 'DEMO-RC-001',
      name: '2026 标准价目表（含税）',
      scope: 'all',
      currency: 'CNY',
      taxInclusive: true,
      createdBy: admin.id,
      createdAt: now,
    })
    .returning({ id: m.marketingRateCards.id });
  const cardId = card?.id ?? 0;
  const version = async (
    id: number,
    versionNo: number,
    validFrom: string,
    validTo: string | null,
    lines: Line[],
    note: string,
  ) => {
    const [v] = await tx
      .insert(m.marketingRateCardVersions)
      .values({ cardId: id, versionNo, validFrom, validTo, note, createdBy: admin.id, createdAt: now })
      .returning({ id: m.marketingRateCardVersions.id });
    const vid = v?.id ?? 0;
    const rows = await tx
      .insert(m.marketingRateLines)
      .values(
        lines.map(([kind, ref, name, unit, unitPrice, taxRate], seq) => ({
          versionId: vid,
          seq,
          kind,
          ref,
          serviceKey: serviceKey(kind, ref),
          name,
          unit,
          unitPrice,
          taxRate,
        })),
      )
      .returning();
    return { id: vid, lines: rows };
  };
  const v2From = addDays(today, -60);
  await version(cardId, 1, addDays(today, -240), addDays(v2From, -1), STANDARD, '年初价格');
  const current = await version(
    cardId,
    2,
    v2From,
    null,
    STANDARD.map(
      ([k, r, n, u, p, t]): Line => [k, r, n, u, k === 'test' ? dec(p).add('5').toFixed(2) : p, t],
    ),
    '检测项目调价',
  );
  const [usd] = await tx
    .insert(m.marketingRateCards)
    .values({
      code: 'DEMO-RC-002',
      name: 'Northbridge price list (USD, tax excluded)',
      scope: 'customer',
      customerId: northbridge,
      currency: 'USD',
      taxInclusive: false,
      createdBy: admin.id,
      createdAt: now,
    })
    .returning({ id: m.marketingRateCards.id });
  // Northbridge's prices: the tests of its diabetes study (KM-2026-003) and deep-frozen storage.
  const usdFrom = addDays(today, -30);
  const usdTo = addDays(today, 335);
  const usdVersion = await version(
    usd?.id ?? 0,
    1,
    usdFrom,
    usdTo,
    [
      ['test', 'CBC', 'Complete blood count', 'sample', '9.5000', '0'],
      ['test', 'HBA1C', 'HbA1c', 'sample', '14.0000', '0'],
      ['test', 'LFT', 'Liver function panel', 'sample', '17.5000', '0'],
      ['test', 'RFT', 'Renal function panel', 'sample', '14.5000', '0'],
      ['test', 'LIPID', 'Lipid profile', 'sample', '12.5000', '0'],
      ['storage', '-80C', 'Deep-frozen storage per box-month', 'box-month', '38.0000', '0'],
    ],
    'Agreed with procurement',
  );

  // Discount limits: sales up to 5 %, finance up to 15 %.
  const roles = await tx.select({ id: s.roles.id, code: s.roles.code }).from(s.roles);
  const roleId = (code: string) => roles.find((r) => r.code === code)?.id;
  for (const [code, maxRate] of [
    ['sales', '0.05'],
    ['finance', '0.15'],
  ] as const) {
    const id = roleId(code);
    if (id)
      await tx
        .insert(m.marketingDiscountLimits)
        .values({ roleId: id, maxRate, updatedBy: admin.id, updatedAt: now });
  }

  // Quotations: one per state, from the standard card unless another book is named.
  type Book = { version: typeof current; currency: string; taxInclusive: boolean };
  const standard: Book = { version: current, currency: 'CNY', taxInclusive: true };
  const quotation = async (
    number: string,
    revision: number,
    status: string,
    customerId: number,
    projectNo: string,
    picks: Array<[string, string, string]>,
    extra: {
      discountRate?: string;
      validUntil?: string;
      returnReason?: string;
      reviewed?: boolean;
      book?: Book;
      /** Who drafts and submits it (sales by default) and who approves or returns it (the super account). */
      author?: number;
      reviewer?: { id: number; username: string };
    } = {},
  ) => {
    const book = extra.book ?? standard;
    const author = extra.author ?? sales.id;
    const reviewer = extra.reviewer ?? admin;
    const lines = picks.flatMap(([key, quantity, discountRate]) => {
      const r = book.version.lines.find((l) => l.serviceKey === key);
      return r ? [{ r, quantity, discountRate }] : [];
    });
    const priced = priceQuotation(
      lines.map(({ r, quantity, discountRate }) => ({
        quantity,
        unitPrice: r.unitPrice,
        taxRate: r.taxRate,
        discountRate,
      })),
      book.taxInclusive,
      extra.discountRate ?? '0',
    );
    const [row] = await tx
      .insert(m.marketingQuotations)
      .values({
        number,
        revision,
        status,
        customerId,
        projectId: project(projectNo),
        rateCardVersionId: book.version.id,
        currency: book.currency,
        taxInclusive: book.taxInclusive,
        discountRate: extra.discountRate ?? '0',
        validUntil: extra.validUntil ?? addDays(today, 60),
        listAmount: priced.listAmount.toFixed(2),
        discount: priced.discount.toFixed(2),
        net: priced.net.toFixed(2),
        tax: priced.tax.toFixed(2),
        gross: priced.gross.toFixed(2),
        createdBy: author,
        createdAt: now,
        updatedAt: now,
        submittedBy: status === 'draft' ? null : author,
        reviewedBy: extra.reviewed ? reviewer.id : null,
        reviewedAt: extra.reviewed ? now : null,
        returnReason: extra.returnReason ?? null,
      })
      .returning({ id: m.marketingQuotations.id });
    const id = row?.id ?? 0;
    await tx.insert(m.marketingQuotationLines).values(
      lines.map(({ r, quantity, discountRate }, seq) => {
        const p = priced.lines[seq];
        return {
          quotationId: id,
          seq,
          rateLineId: r.id,
          kind: r.kind,
          ref: r.ref,
          serviceKey: r.serviceKey,
          name: r.name,
          unit: r.unit,
          quantity,
          unitPrice: r.unitPrice,
          taxRate: r.taxRate,
          discountRate,
          listAmount: p?.listAmount.toFixed(2) ?? '0',
          discount: p?.discount.toFixed(2) ?? '0',
          net: p?.net.toFixed(2) ?? '0',
          tax: p?.tax.toFixed(2) ?? '0',
          gross: p?.gross.toFixed(2) ?? '0',
        };
      }),
    );
    const step = async (action: string, from: string | null, to: string, userId: number, reason?: string) =>
      recordEvent(tx, {
        workflow: 'quotation',
        recordId: id,
        action,
        fromState: from,
        toState: to,
        userId,
        at: now,
        reason: reason ?? null,
      });
    if (status !== 'draft') await step('submit', 'draft', 'submitted', author);
    if (status === 'approved' || status === 'superseded') {
      await step('approve', 'submitted', 'approved', reviewer.id);
      await insertSignature(tx, {
        entity: 'quotation',
        entityId: id,
        action: 'approve',
        meaning: QUOTATION_SIGNATURE_MEANING.zh_CN,
        userId: reviewer.id,
        signerName: reviewer.username,
        signedAt: now,
        contentHash: createHash('sha256').update(`${number}-${revision}`).digest('hex'),
      });
    }
    if (status === 'superseded') await step('revise', 'approved', 'superseded', author);
    if (status === 'returned') await step('return', 'submitted', 'returned', reviewer.id, extra.returnReason);
    if (status === 'cancelled') await step('cancel', 'submitted', 'cancelled', author, '客户取消招标');
    return { id, gross: priced.gross.toFixed(2), discountRate: extra.discountRate ?? '0' };
  };
  const study = [
    ['test:CBC', '1200', '0'],
    ['test:LFT', '1200', '0'],
    ['test:HBA1C', '600', '0.05'],
    ['kit:VISIT-KIT', '400', '0'],
    ['storage:-80C', '120', '0'],
    ['freight:-80C:domestic', '24', '0'],
  ] as Array<[string, string, string]>;
  await quotation('DEMO-QT-001', 1, 'superseded', sponsor, 'KM-2026-001', study, { reviewed: true });
  const approved = await quotation('DEMO-QT-001', 2, 'approved', sponsor, 'KM-2026-001', study, {
    discountRate: '0.03',
    reviewed: true,
  });
  await quotation('DEMO-QT-002', 1, 'submitted', cro, 'KM-2026-002', [
    ['test:CBC', '800', '0'],
    ['test:RFT', '800', '0'],
    ['handling:standard', '800', '0'],
  ]);
  await quotation('DEMO-QT-003', 1, 'draft', cro, 'KM-2026-002', [['test:LIPID', '300', '0']]);
  await quotation('DEMO-QT-004', 1, 'returned', sponsor, 'KM-2026-001', [['test:LFT', '500', '0.2']], {
    reviewed: true,
    returnReason: '折扣超出标准，请按阶梯价重新报价',
  });
  await quotation('DEMO-QT-005', 1, 'cancelled', cro, 'KM-2026-002', [['outbound:standard', '10', '0']]);

  /**
   * A contract in force made from an approved quotation: its signed scan, version 1 at the
   * quotation's prices (`contractUnitPrice`) from its first day, linked to one project; its id and
   * version 1's lines.
   */
  const contractInForce = async (c: {
    number: string;
    customerId: number;
    quote: { id: number; gross: string; discountRate: string };
    projectNo: string;
    partyA: string;
    currency: string;
    taxInclusive: boolean;
    paymentTerms: string;
    validFrom: string;
    validTo: string;
    by: number;
  }) => {
    const pdf = demoPdf(`${c.number} signed`);
    const [signed] = await tx
      .insert(s.files)
      .values({
        name: `${c.number}-signed.pdf`,
        mime: 'application/pdf',
        size: pdf.length,
        sha256: await store.put(pdf),
        uploadedBy: c.by,
      })
      .returning({ id: s.files.id });
    const [made] = await tx
      .insert(m.marketingContracts)
      .values({
        number: c.number,
        status: 'active',
        customerId: c.customerId,
        quotationId: c.quote.id,
        partyA: c.partyA,
        partyB: '上海启航中心实验室有限公司',
        currency: c.currency,
        taxInclusive: c.taxInclusive,
        paymentTerms: c.paymentTerms,
        validFrom: c.validFrom,
        validTo: c.validTo,
        signedFileId: signed?.id ?? null,
        createdBy: c.by,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: m.marketingContracts.id });
    const id = made?.id ?? 0;
    await tx.insert(m.marketingContractProjects).values({ contractId: id, projectId: project(c.projectNo) });
    const [v1] = await tx
      .insert(m.marketingContractVersions)
      .values({
        contractId: id,
        versionNo: 1,
        effectiveFrom: c.validFrom,
        amount: c.quote.gross,
        reason: null,
        createdBy: c.by,
        createdAt: now,
      })
      .returning({ id: m.marketingContractVersions.id });
    const quoted = await tx
      .select()
      .from(m.marketingQuotationLines)
      .where(eq(m.marketingQuotationLines.quotationId, c.quote.id));
    const lines = quoted.map((l) => ({
      serviceKey: l.serviceKey,
      kind: l.kind,
      ref: l.ref,
      name: l.name,
      unit: l.unit,
      unitPrice: contractUnitPrice(l.unitPrice, l.discountRate, c.quote.discountRate),
      taxRate: l.taxRate,
    }));
    await tx.insert(m.marketingContractLines).values(lines.map((l) => ({ ...l, versionId: v1?.id ?? 0 })));
    await recordEvent(tx, {
      workflow: 'contract',
      recordId: id,
      action: 'activate',
      fromState: 'draft',
      toState: 'active',
      userId: c.by,
      at: now,
    });
    return { id, lines };
  };

  // The contract made from the approved version, in force (its signed scan attached), with an
  // amendment from two weeks ago.
  const validFrom = addDays(today, -45);
  const huakang = await contractInForce({
    number: 'DEMO-HT-2026-001',
    customerId: sponsor,
    quote: approved,
    projectNo: 'KM-2026-001',
    partyA: '华康制药有限公司',
    currency: 'CNY',
    taxInclusive: true,
    paymentTerms: '按月结算，对账确认后30日内付款',
    validFrom,
    validTo: addDays(today, 320),
    by: sales.id,
  });
  const [amended] = await tx
    .insert(m.marketingContractVersions)
    .values({
      contractId: huakang.id,
      versionNo: 2,
      effectiveFrom: addDays(today, -14),
      amount: approved.gross,
      reason: '补充协议一：深低温保存单价下调',
      createdBy: sales.id,
      createdAt: now,
    })
    .returning({ id: m.marketingContractVersions.id });
  await tx.insert(m.marketingContractLines).values(
    huakang.lines.map((l) => ({
      ...l,
      unitPrice: l.serviceKey === 'storage:-80C' ? '200.0000' : l.unitPrice,
      versionId: amended?.id ?? 0,
    })),
  );

  // A contract drawn from an approved quotation of the CRO (DEMO-QT-006), waiting for its signed scan to be put in
  // force (a home to-do of the contract's owner).
  const cro2 = await quotation(
    'DEMO-QT-006',
    1,
    'approved',
    cro,
    'KM-2026-002',
    [
      ['test:CBC', '400', '0'],
      ['handling:standard', '400', '0'],
    ],
    { reviewed: true },
  );
  const [draft] = await tx
    .insert(m.marketingContracts)
    .values({
      number: 'DEMO-HT-2026-002',
      status: 'draft',
      customerId: cro,
      quotationId: cro2.id,
      partyA: '启明临床研究有限公司',
      partyB: '上海启航中心实验室有限公司',
      currency: 'CNY',
      taxInclusive: true,
      paymentTerms: '按季度结算，对账确认后45日内付款',
      paymentDays: 45,
      validFrom: today,
      validTo: addDays(today, 365),
      signedFileId: null,
      createdBy: sales.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: m.marketingContracts.id });
  await tx
    .insert(m.marketingContractProjects)
    .values({ contractId: draft?.id ?? 0, projectId: project('KM-2026-002') });
  const draftLines = await tx
    .select()
    .from(m.marketingQuotationLines)
    .where(eq(m.marketingQuotationLines.quotationId, cro2.id));
  const [draftVersion] = await tx
    .insert(m.marketingContractVersions)
    .values({
      contractId: draft?.id ?? 0,
      versionNo: 1,
      effectiveFrom: today,
      amount: cro2.gross,
      reason: null,
      createdBy: sales.id,
      createdAt: now,
    })
    .returning({ id: m.marketingContractVersions.id });
  await tx.insert(m.marketingContractLines).values(
    draftLines.map((l) => ({
      versionId: draftVersion?.id ?? 0,
      serviceKey: l.serviceKey,
      kind: l.kind,
      ref: l.ref,
      name: l.name,
      unit: l.unit,
      unitPrice: contractUnitPrice(l.unitPrice, l.discountRate, cro2.discountRate),
      taxRate: l.taxRate,
    })),
  );

  // Huakang's supplementary contract for re-shipping samples (DEMO-HT-2026-004, KM-2026-001): 500
  // re-shipments over its validity, of which the receivables demo bills 420 on the older confirmed
  // statement, so it has billed 84 % of its value (the burn-down alert and its home to-do). Its
  // service is priced by no other work, so it moves no other charge. Days are lab days.
  const reshipQuote = await quotation(
    'DEMO-QT-008',
    1,
    'approved',
    sponsor,
    'KM-2026-001',
    [['nonroutine:DUP-SHIP', String(DEMO_RESHIPMENTS.contracted), '0']],
    { reviewed: true },
  );
  await contractInForce({
    number: DEMO_RESHIP_CONTRACT,
    customerId: sponsor,
    quote: reshipQuote,
    projectNo: 'KM-2026-001',
    partyA: '华康制药有限公司',
    currency: 'CNY',
    taxInclusive: true,
    paymentTerms: '按实际补寄次数结算，对账确认后30日内付款',
    validFrom: addDays(today, -150),
    validTo: addDays(today, 215),
    by: sales.id,
  });

  // Northbridge (KM-2026-003, owned by the super account): a quotation from its USD tax-exclusive
  // card, drafted by its owner and approved by finance, and the contract signed from it, in force
  // over the card's validity, so its lab work is priced in USD (its statements then lock an FX rate
  // at confirmation).
  const finance = await demoUser(tx, '13800000005');
  if (!finance) return;
  const usdQuote = await quotation(
    'DEMO-QT-007',
    1,
    'approved',
    northbridge,
    'KM-2026-003',
    [
      ['test:HBA1C', '240', '0'],
      ['test:LFT', '120', '0'],
      ['test:RFT', '120', '0'],
      ['test:LIPID', '120', '0'],
    ],
    {
      reviewed: true,
      book: { version: usdVersion, currency: 'USD', taxInclusive: false },
      author: admin.id,
      reviewer: finance,
    },
  );
  await contractInForce({
    number: 'DEMO-HT-2026-003',
    customerId: northbridge,
    quote: usdQuote,
    projectNo: 'KM-2026-003',
    partyA: 'Northbridge Therapeutics Ltd.',
    currency: 'USD',
    taxInclusive: false,
    paymentTerms: 'Monthly, net 30 days from the confirmed statement',
    validFrom: usdFrom,
    validTo: usdTo,
    by: admin.id,
  });
}
