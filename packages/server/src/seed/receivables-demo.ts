// Receivables demo (docs/finance.md "Receivables"). Huakang (KM-2026-001, DEMO-HT-2026-001, net 30
// days) has an older statement confirmed 75 days ago for two non-routine fees of an earlier month
// and that month's re-shipments (DEMO-HT-2026-004, 84 % of its value billed: the burn-down alert): a
// payment covered part of it, so the rest is 45 days past due (the 31–60 bucket). A recent payment is
// partly allocated to last month's confirmed statement (statements-demo.ts), its rest unallocated; an
// allocation of it to the older statement was undone with a reason. Runs after the statements demo.
import { Decimal, priceLine, STATEMENT_SIGNATURE_MEANINGS, statementWorkflow } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { financeBillableEvents } from '../db/schema-finance.js';
import { financeAllocations, financePayments } from '../db/schema-finance-receivables.js';
import { financeStatements } from '../db/schema-finance-statements.js';
import { marketingContracts, marketingCustomerProjects } from '../db/schema-marketing.js';
import { renderDocument } from '../documents/document.js';
import { DEMO_LAB_PROFILE } from '../documents/lab-profile.js';
import type { FileStore } from '../lib/file-store.js';
import { zonedTime } from '../lib/time-zone.js';
import { recordEvent } from '../lib/workflow.js';
import { periodDays } from '../modules/finance/service.js';
import { statementDocument } from '../modules/finance/statement-pdf.js';
import {
  generateStatements,
  nextStatementNumber,
  printedLines,
  setStatement,
  statementKinds,
  visibleStatement,
} from '../modules/finance/statements-repository.js';
import { statementSeries, storePdf } from '../modules/finance/statements-service.js';
import { contractLineInForce } from '../modules/marketing/repository.js';
import { demoUser } from './lookups.js';
import { DEMO_RESHIPMENTS } from './marketing-demo.js';
import { demoPdf } from './portal-admin-demo.js';
import { signDemo } from './statements-demo.js';

const DEMO_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;
const labDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE }).format(at);

/** The demo's payment references: tests count what this seed adds by them. */
export const DEMO_PAYMENT_REFS = ['HK-DEMO-2026-0931', 'HK-DEMO-2026-1126'] as const;

async function demoParties(tx: Transaction) {
  const finance = await demoUser(tx, '13800000005');
  const admin = await demoUser(tx, '13800000000');
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  const [contract] = await tx
    .select()
    .from(marketingContracts)
    .where(eq(marketingContracts.number, 'DEMO-HT-2026-001'));
  if (!finance || !admin || !project || !contract) return null;
  const [link] = await tx
    .select()
    .from(marketingCustomerProjects)
    .where(eq(marketingCustomerProjects.projectId, project.id));
  return link ? { finance, admin, project, contract, customerId: link.customerId } : null;
}

/**
 * The older statement, confirmed 75 days ago. Seeded before the statements demo, so the numbers
 * follow the order of confirmation (this one is its series' first when the years agree).
 */
export async function seedReceivablesHistory(tx: Transaction, now: Date, store: FileStore): Promise<void> {
  const parties = await demoParties(tx);
  if (!parties) return;
  const { finance, admin, project, contract } = parties;
  const confirmedAt = new Date(now.getTime() - 75 * DAY_MS);
  const period = labDay(new Date(now.getTime() - 110 * DAY_MS)).slice(0, 7);

  // Two non-routine fees of that month, priced by the contract (tax-inclusive at 6 %).
  for (const [n, gross, label] of [
    [1, '8600.00', '样本补寄冷链运输费'],
    [2, '4200.00', '加急检测处理费'],
  ] as const) {
    const p = priceLine({ quantity: '1', unitPrice: gross, taxRate: '0.06' }, true);
    await tx.insert(financeBillableEvents).values({
      projectId: project.id,
      kind: 'nonroutine',
      sourceKind: 'fee',
      sourceRef: `demo-receivables-${n}`,
      sourceLabel: label,
      direction: 'charge',
      workDay: `${period}-1${n}`,
      serviceKey: 'nonroutine:chargeback',
      unit: 'item',
      quantity: '1',
      status: 'priced',
      contractId: contract.id,
      contractVersionNo: 1,
      currency: contract.currency,
      taxInclusive: true,
      unitPrice: gross,
      taxRate: '0.06',
      net: p.net.toFixed(2),
      tax: p.tax.toFixed(2),
      gross: p.gross.toFixed(2),
      pricedAt: confirmedAt,
      createdAt: confirmedAt,
    });
  }
  // And the re-shipments of that month, priced by Huakang's re-shipping contract: 420 of the 500 it
  // covers, so it has billed 84 % of its value once this statement is confirmed (the burn-down alert).
  const reshipDay = `${period}-15`;
  const reship = await contractLineInForce(tx, project.id, 'nonroutine:DUP-SHIP', reshipDay);
  if (reship) {
    const quantity = String(DEMO_RESHIPMENTS.billed);
    const p = priceLine(
      { quantity, unitPrice: reship.unitPrice, taxRate: reship.taxRate },
      reship.taxInclusive,
    );
    await tx.insert(financeBillableEvents).values({
      projectId: project.id,
      kind: reship.kind,
      sourceKind: 'fee',
      sourceRef: 'demo-receivables-reship',
      sourceLabel: `${reship.name} × ${quantity}`,
      direction: 'charge',
      workDay: reshipDay,
      serviceKey: reship.serviceKey,
      unit: reship.unit,
      quantity,
      status: 'priced',
      contractId: reship.contractId,
      contractVersionNo: reship.versionNo,
      currency: reship.currency,
      taxInclusive: reship.taxInclusive,
      unitPrice: reship.unitPrice,
      taxRate: reship.taxRate,
      net: p.net.toFixed(2),
      tax: p.tax.toFixed(2),
      gross: p.gross.toFixed(2),
      pricedAt: confirmedAt,
      createdAt: confirmedAt,
    });
  }
  const [olderId] = await generateStatements(tx, {
    projectId: project.id,
    period,
    toExclusive: periodDays(period).toExclusive,
    userId: finance.id,
    now: confirmedAt,
  });
  if (olderId === undefined) return;
  // Reviewed and confirmed 75 days ago: numbered in that day's series, printed and stored.
  await setStatement(tx, olderId, 1, {
    status: 'reviewed',
    reviewedBy: admin.id,
    reviewedAt: confirmedAt,
    version: 2,
  });
  const number = await nextStatementNumber(tx, statementSeries(labDay(confirmedAt)));
  const row = await visibleStatement(tx, { all: true, userId: finance.id }, olderId, 'zh_CN');
  const pdf = await renderDocument(
    statementDocument,
    {
      statement: { ...row, number, status: 'confirmed' as const },
      kinds: await statementKinds(tx, olderId),
      lines: await printedLines(tx, olderId),
    },
    {
      lang: 'zh_CN',
      time: zonedTime({ timeZone: DEMO_ZONE, lang: 'zh_CN', now: confirmedAt }),
      now: confirmedAt,
      lab: DEMO_LAB_PROFILE,
    },
  );
  const file = await storePdf(tx, store, pdf, `${number}.pdf`, admin.id);
  const signed = await storePdf(tx, store, demoPdf(`${number} signed`), `${number}-signed.pdf`, admin.id);
  await setStatement(tx, olderId, 2, {
    status: 'confirmed',
    number,
    signedFileId: signed.id,
    pdfFileId: file.id,
    pdfSha256: file.sha256,
    confirmedBy: admin.id,
    confirmedAt,
    updatedAt: confirmedAt,
    version: 3,
  });
  for (const [action, from, to, at] of [
    ['review', 'draft', 'reviewed', confirmedAt],
    ['confirm', 'reviewed', 'confirmed', confirmedAt],
  ] as const) {
    await recordEvent(tx, {
      workflow: statementWorkflow.id,
      recordId: olderId,
      action,
      fromState: from,
      toState: to,
      userId: admin.id,
      at,
      reason: null,
    });
    // Both steps are e-signed, as the endpoints record them.
    await signDemo(tx, admin, {
      entity: statementWorkflow.id,
      entityId: olderId,
      action,
      meaning: STATEMENT_SIGNATURE_MEANINGS[action].zh_CN,
      at,
    });
  }
}

/** The payments and allocations; after the statements demo (last month's statement is confirmed). */
export async function seedReceivablesDemo(tx: Transaction, now: Date, store: FileStore): Promise<void> {
  const parties = await demoParties(tx);
  if (!parties) return;
  const { finance, admin, contract, customerId } = parties;
  const confirmed = await tx
    .select()
    .from(financeStatements)
    .where(eq(financeStatements.status, 'confirmed'))
    .orderBy(financeStatements.confirmedAt);
  const [olderRow, lastMonth] = confirmed;
  if (!olderRow || !lastMonth) return;
  const olderId = olderRow.id;
  // A payment 40 days ago covered 6,000.00 of it: the rest is overdue.
  const pay = async (ref: string, amount: string, daysAgo: number, note: string | null) => {
    const at = new Date(now.getTime() - daysAgo * DAY_MS);
    const slip = await storePdf(tx, store, demoPdf(`Bank slip ${ref}`), `${ref}.pdf`, finance.id);
    const [made] = await tx
      .insert(financePayments)
      .values({
        customerId,
        currency: contract.currency,
        amount,
        receivedOn: labDay(at),
        bankRef: ref,
        payer: '华康制药有限公司',
        note,
        slipFileId: slip.id,
        createdBy: finance.id,
        createdAt: at,
      })
      .returning({ id: financePayments.id });
    return { id: made?.id ?? 0, at };
  };
  const allocate = (paymentId: number, statementId: number, amount: string, at: Date) =>
    tx
      .insert(financeAllocations)
      .values({ paymentId, statementId, amount, createdBy: finance.id, createdAt: at });
  const [first, second] = DEMO_PAYMENT_REFS;
  const older = await pay(first, '6000.00', 40, null);
  await allocate(older.id, olderId, '6000.00', older.at);

  // Three days ago: partly allocated to last month's statement; an allocation to the older one was
  // undone (the customer's remittance advice named last month's), the rest waits for the customer.
  const recent = await pay(second, '20000.00', 3, '客户汇款未注明全部对应结算单，余额待确认');
  const half = Decimal.of(lastMonth.gross).div('2', 2);
  const part = half.cmp('10000') > 0 ? Decimal.of('10000.00') : half;
  await allocate(recent.id, lastMonth.id, part.toFixed(2), recent.at);
  const [undone] = await allocate(recent.id, olderId, '1000.00', recent.at).returning({
    id: financeAllocations.id,
  });
  if (undone)
    await tx
      .update(financeAllocations)
      .set({
        unallocatedBy: admin.id,
        unallocatedAt: new Date(recent.at.getTime() + 3_600_000),
        unallocateReason: '客户汇款附言指定上月结算单，撤销误核销',
      })
      .where(eq(financeAllocations.id, undone.id));
}
