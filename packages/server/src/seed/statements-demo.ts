// Statements demo (docs/finance.md "Statements"): KM-2026-001's work of last month on a statement
// drafted by finance, reviewed by the super account, confirmed with the customer's signed statement
// and its fapiao recorded; a credit on it reviewed and a debit waiting for review; this month's work
// on a draft waiting for review. Northbridge's KM-2026-003 work of its latest month (priced in USD,
// tax excluded, by DEMO-HT-2026-003 of marketing-demo.ts) on a statement drafted by finance and
// reviewed by the super account, waiting for the customer's signed confirmation (its FX rate is
// locked then). Each statements and adjustments page, and each state's queue, opens on content.
import { createHash } from 'node:crypto';
import {
  ADJUSTMENT_SIGNATURE_MEANING,
  adjustmentWorkflow,
  STATEMENT_SIGNATURE_MEANINGS,
  statementWorkflow,
} from '@trialab/api-contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { financeBillableEvents } from '../db/schema-finance.js';
import { renderDocument } from '../documents/document.js';
import { DEMO_LAB_PROFILE } from '../documents/lab-profile.js';
import type { FileStore } from '../lib/file-store.js';
import { zonedTime } from '../lib/time-zone.js';
import { recordEvent } from '../lib/workflow.js';
import { periodDays } from '../modules/finance/service.js';
import { statementDocument } from '../modules/finance/statement-pdf.js';
import {
  generateStatements,
  insertAdjustment,
  nextStatementNumber,
  printedLines,
  setAdjustment,
  setStatement,
  statementKinds,
  statementLines,
  visibleStatement,
} from '../modules/finance/statements-repository.js';
import {
  adjustmentMoney,
  statementSeries,
  storePdf,
  sumLines,
} from '../modules/finance/statements-service.js';
import { insertSignature } from '../services/signatures.js';
import { demoUser } from './lookups.js';
import { demoPdf } from './portal-admin-demo.js';

const DEMO_ZONE = 'Asia/Shanghai';
const ALL = { all: true } as const;

/** A demo user's e-signature of a demo transition (what the endpoints record). */
export function signDemo(
  tx: Transaction,
  signer: { id: number; username: string },
  at: { entity: string; entityId: number; action: string; meaning: string; at: Date },
) {
  return insertSignature(tx, {
    entity: at.entity,
    entityId: at.entityId,
    action: at.action,
    meaning: at.meaning,
    userId: signer.id,
    signerName: signer.username,
    signedAt: at.at,
    contentHash: createHash('sha256').update(`${at.entity}-${at.entityId}-${at.action}`).digest('hex'),
  });
}

export async function seedStatementsDemo(tx: Transaction, now: Date, store: FileStore): Promise<void> {
  const finance = await demoUser(tx, '13800000005');
  const admin = await demoUser(tx, '13800000000');
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  if (!finance || !admin || !project) return;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE }).format(now);
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  const lastMonth = first.toISOString().slice(0, 7);
  const draft = (period: string, projectId = project.id) =>
    generateStatements(tx, {
      projectId,
      period,
      toExclusive: periodDays(period).toExclusive,
      userId: finance.id,
      now,
    });
  const event = (
    workflow: string,
    recordId: number,
    action: string,
    fromState: string,
    toState: string,
    userId: number,
  ) => recordEvent(tx, { workflow, recordId, action, fromState, toState, userId, at: now, reason: null });
  const sign = (entity: string, entityId: number, action: string, meaning: string) =>
    signDemo(tx, admin, { entity, entityId, action, meaning, at: now });
  const reviewed = async (id: number) => {
    await event(statementWorkflow.id, id, 'review', 'draft', 'reviewed', admin.id);
    await sign(statementWorkflow.id, id, 'review', STATEMENT_SIGNATURE_MEANINGS.review.zh_CN);
  };

  // Last month: drafted, reviewed, confirmed with the signed statement, fapiao recorded.
  const [confirmedId] = await draft(lastMonth);
  if (confirmedId !== undefined) {
    const vis = { ...ALL, userId: finance.id };
    await setStatement(tx, confirmedId, 1, {
      status: 'reviewed',
      reviewedBy: admin.id,
      reviewedAt: now,
      version: 2,
    });
    await reviewed(confirmedId);
    const number = await nextStatementNumber(tx, statementSeries(today));
    const row = await visibleStatement(tx, vis, confirmedId, 'zh_CN');
    const printed = { ...row, number, status: 'confirmed' as const };
    const pdf = await renderDocument(
      statementDocument,
      {
        statement: printed,
        kinds: await statementKinds(tx, confirmedId),
        lines: await printedLines(tx, confirmedId),
      },
      {
        lang: 'zh_CN',
        time: zonedTime({ timeZone: DEMO_ZONE, lang: 'zh_CN', now }),
        now,
        lab: DEMO_LAB_PROFILE,
      },
    );
    const file = await storePdf(tx, store, pdf, `${number}.pdf`, admin.id);
    const scan = demoPdf(`${number} signed by the customer`);
    const signed = await storePdf(tx, store, scan, `${number}-signed.pdf`, admin.id);
    await setStatement(tx, confirmedId, 2, {
      status: 'confirmed',
      number,
      signedFileId: signed.id,
      pdfFileId: file.id,
      pdfSha256: file.sha256,
      confirmedBy: admin.id,
      confirmedAt: now,
      version: 3,
    });
    await event(statementWorkflow.id, confirmedId, 'confirm', 'reviewed', 'confirmed', admin.id);
    await sign(statementWorkflow.id, confirmedId, 'confirm', STATEMENT_SIGNATURE_MEANINGS.confirm.zh_CN);
    await setStatement(tx, confirmedId, 3, {
      fapiaoNo: '31000226110012345678',
      fapiaoDate: today,
      version: 4,
    });

    // Its adjustments: a credit reviewed (a test repeated at the lab's cost) and a debit waiting.
    const [line, second] = (await statementLines(tx, confirmedId)).filter((l) => l.direction === 'charge');
    if (line) {
      const credit = adjustmentMoney('credit', line.gross === '0.00' ? '0.01' : '10.00', {
        taxRate: line.taxRate,
        taxInclusive: row.taxInclusive,
      });
      const creditLines = [
        { statementLineId: line.id, eventId: null, direction: 'credit' as const, ...credit },
      ];
      const credited = await insertAdjustment(
        tx,
        {
          statementId: confirmedId,
          reason: '复测由实验室承担，冲减检测费',
          userId: finance.id,
          now,
          totals: sumLines(creditLines),
        },
        creditLines,
      );
      await setAdjustment(tx, credited, 1, {
        status: 'reviewed',
        reviewedBy: admin.id,
        reviewedAt: now,
        version: 2,
      });
      await event(adjustmentWorkflow.id, credited, 'review', 'draft', 'reviewed', admin.id);
      await sign(adjustmentWorkflow.id, credited, 'review', ADJUSTMENT_SIGNATURE_MEANING.zh_CN);
      const target = second ?? line;
      const debit = adjustmentMoney('debit', '20.00', {
        taxRate: target.taxRate,
        taxInclusive: row.taxInclusive,
      });
      const debitLines = [
        { statementLineId: target.id, eventId: null, direction: 'debit' as const, ...debit },
      ];
      await insertAdjustment(
        tx,
        {
          statementId: confirmedId,
          reason: '加急处理费补收',
          userId: finance.id,
          now,
          totals: sumLines(debitLines),
        },
        debitLines,
      );
    }
  }
  // This month so far: a draft waiting for review.
  await draft(today.slice(0, 7));

  // Northbridge (KM-2026-003, USD): its latest month of priced work drafted and reviewed, waiting
  // for the customer's signed confirmation.
  const [northbridge] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-003'));
  if (!northbridge) return;
  const [latest] = await tx
    .select({ workDay: financeBillableEvents.workDay })
    .from(financeBillableEvents)
    .where(
      and(eq(financeBillableEvents.projectId, northbridge.id), eq(financeBillableEvents.status, 'priced')),
    )
    .orderBy(desc(financeBillableEvents.workDay))
    .limit(1);
  if (!latest) return;
  for (const id of await draft(latest.workDay.slice(0, 7), northbridge.id)) {
    await setStatement(tx, id, 1, { status: 'reviewed', reviewedBy: admin.id, reviewedAt: now, version: 2 });
    await reviewed(id);
  }
}
