// Statements and adjustments (docs/finance.md "Statements"): every path goes through the workflow
// engine (state, actor, version, transition record, audit) in the request's transaction.
import { createHash } from 'node:crypto';
import {
  ADJUSTMENT_SIGNATURE_MEANING,
  type AdjustmentAction,
  type AdjustmentState,
  adjustmentWorkflow,
  endpoints,
  type Lang,
  ResultCode,
  STATEMENT_SIGNATURE_MEANINGS,
  type StatementAction,
  type StatementState,
  statementWorkflow,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { printContext, renderDocument } from '../../documents/document.js';
import { download } from '../../lib/download.js';
import { ApiError } from '../../lib/errors.js';
import { type Ctx, registerGroup } from '../../lib/route.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { applyTransition, eventsOf } from '../../lib/workflow.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { confirmSigner, eSign, signaturesOf } from '../../services/signatures.js';
import type { CustomerVisibility } from '../marketing/service.js';
import { labToday, visibility } from './routes.js';
import { periodDays } from './service.js';
import { statementDocument } from './statement-pdf.js';
import { statementWorkbook } from './statement-xlsx.js';
import {
  type AdjustmentLineInsert,
  adjustmentLines,
  assertProjectVisible,
  creditedOn,
  customerLangOf,
  generateStatements,
  insertAdjustment,
  linesDigest,
  linesOfStatement,
  lockStatement,
  nextStatementNumber,
  pageAdjustments,
  pageStatementLines,
  pageStatements,
  printedLines,
  releaseLines,
  setAdjustment,
  setStatement,
  statementAdjustments,
  statementKinds,
  storedPdf,
  visibleAdjustment,
  visibleStatement,
} from './statements-repository.js';
import {
  adjustmentMoney,
  assertWithinLine,
  lockedRate,
  statementSeries,
  storePdf,
  sumLines,
} from './statements-service.js';

const { statement: statementApi, adjustment: adjustmentApi } = endpoints;

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The statement's PDF data: the row, totals by kind, its lines grouped by service and price. */
async function pdfData(db: Executor, vis: CustomerVisibility, id: number, lang: Lang) {
  const statement = await visibleStatement(db, vis, id, lang);
  return { statement, kinds: await statementKinds(db, id), lines: await printedLines(db, id) };
}

/**
 * What a statement signature attests: at review its lines (their digest, `linesDigest`, computed in
 * the database whatever their number) and total; at confirmation also the number, the locked rate,
 * the customer's signed statement and the stored PDF's hash.
 */
export async function signedContentHash(
  db: Executor,
  vis: CustomerVisibility,
  id: number,
  action: 'review' | 'confirm',
) {
  const lines = await linesDigest(db, id);
  const st = await visibleStatement(db, vis, id, 'zh_CN');
  if (action === 'review') return hashOf({ id, gross: st.gross, lines });
  const { number, currency, net, tax, gross, fxRate, fxDate, signedFileId, pdfSha256 } = st;
  return hashOf({ id, number, currency, net, tax, gross, fxRate, fxDate, signedFileId, pdfSha256, lines });
}

type StatementFireCtx = Ctx<
  typeof statementApi.review | typeof statementApi.confirm | typeof statementApi.cancel
>;

async function fireStatement(
  ctx: StatementFireCtx,
  action: StatementAction,
  body: {
    version: number;
    reason?: string;
    signature?: { password: string } | undefined;
    signedFileId?: number;
    fxRate?: string | null | undefined;
    fxDate?: string | null | undefined;
  },
) {
  const vis = visibility(ctx);
  const st = await visibleStatement(ctx.db, vis, ctx.params.id, ctx.lang);
  // Review and confirmation are e-signed (confirmation fixes the money and the number): the
  // password is checked before anything changes.
  const signer = action === 'cancel' ? null : await confirmSigner(ctx, body.signature);
  const reason = body.reason ?? null;
  const status = await applyTransition(
    ctx,
    ctx.principal,
    statementWorkflow,
    { id: st.id, status: st.status as StatementState, creatorId: st.createdBy, authorIds: [st.createdBy] },
    { action, version: body.version, reason },
    async (next) => {
      const base = { status: next.status, version: next.version, updatedAt: ctx.now };
      if (action === 'review')
        return setStatement(ctx.db, st.id, body.version, {
          ...base,
          reviewedBy: ctx.principal.userId,
          reviewedAt: ctx.now,
        });
      if (action === 'cancel') {
        await releaseLines(ctx.db, st.id);
        return setStatement(ctx.db, st.id, body.version, { ...base, cancelReason: reason });
      }
      // Confirm: the rate locked, the number given (gapless, in this transaction), the PDF printed
      // with both and stored with its SHA-256, all in one write.
      const fx = lockedRate(st.currency, body.fxRate, body.fxDate);
      const number = await nextStatementNumber(ctx.db, statementSeries(labToday(ctx)));
      // In the customer's language, whatever the confirmer's (as the quotation).
      const customerLang = (await customerLangOf(ctx.db, st.projectId)) ?? ctx.lang;
      const data = await pdfData(ctx.db, vis, st.id, customerLang);
      const printed = { ...data.statement, ...fx, number, status: next.status };
      const pdf = await renderDocument(
        statementDocument,
        { ...data, statement: printed },
        printContext({ lang: customerLang, now: ctx.now, timeZone: ctx.timeZone, deps: ctx.deps }),
      );
      const file = await storePdf(ctx.db, ctx.deps.files, pdf, `${number}.pdf`, ctx.principal.userId);
      return setStatement(ctx.db, st.id, body.version, {
        ...base,
        ...fx,
        number,
        signedFileId: body.signedFileId ?? null,
        pdfFileId: file.id,
        pdfSha256: file.sha256,
        confirmedBy: ctx.principal.userId,
        confirmedAt: ctx.now,
      });
    },
  );
  if (signer && action !== 'cancel')
    await eSign(ctx.db, signer, {
      entity: statementWorkflow.id,
      entityId: st.id,
      action,
      meaning: STATEMENT_SIGNATURE_MEANINGS[action][ctx.lang],
      contentHash: await signedContentHash(ctx.db, vis, st.id, action),
      at: ctx.now,
    });
  return { version: body.version + 1, status };
}

type AdjustmentFireCtx = Ctx<typeof adjustmentApi.review | typeof adjustmentApi.cancel>;

async function fireAdjustment(
  ctx: AdjustmentFireCtx,
  action: AdjustmentAction,
  body: { version: number; reason?: string; signature?: { password: string } | undefined },
) {
  const vis = visibility(ctx);
  const adj = await visibleAdjustment(ctx.db, vis, ctx.params.id);
  const signer = action === 'review' ? await confirmSigner(ctx, body.signature) : null;
  const reason = body.reason ?? null;
  const lines = await adjustmentLines(ctx.db, adj.id);
  const status = await applyTransition(
    ctx,
    ctx.principal,
    adjustmentWorkflow,
    {
      id: adj.id,
      status: adj.status as AdjustmentState,
      creatorId: adj.createdBy,
      authorIds: [adj.createdBy],
    },
    { action, version: body.version, reason },
    async (next) => {
      const base = { status: next.status, version: next.version, updatedAt: ctx.now };
      if (action === 'cancel')
        return setAdjustment(ctx.db, adj.id, body.version, { ...base, cancelReason: reason });
      // The red-letter rule again, against the credits already reviewed (one statement at a time).
      await lockStatement(ctx.db, adj.statementId);
      const credits = lines.filter((x) => x.direction === 'credit');
      const ids = credits.map((x) => x.statementLineId);
      const originals = new Map((await linesOfStatement(ctx.db, adj.statementId, ids)).map((x) => [x.id, x]));
      const earlier = await creditedOn(ctx.db, ids, ['reviewed'], adj.id);
      for (const credit of credits) {
        const original = originals.get(credit.statementLineId);
        if (original) assertWithinLine(original, earlier.get(credit.statementLineId), credit.gross);
      }
      return setAdjustment(ctx.db, adj.id, body.version, {
        ...base,
        reviewedBy: ctx.principal.userId,
        reviewedAt: ctx.now,
      });
    },
  );
  if (signer)
    await eSign(ctx.db, signer, {
      entity: adjustmentWorkflow.id,
      entityId: adj.id,
      action,
      meaning: ADJUSTMENT_SIGNATURE_MEANING[ctx.lang],
      contentHash: hashOf({ id: adj.id, statementId: adj.statementId, reason: adj.reason, lines }),
      at: ctx.now,
    });
  return { version: body.version + 1, status };
}

export async function financeStatementRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, statementApi, {
    paging: async (ctx) => pageStatements(ctx.db, visibility(ctx), ctx.body, ctx.lang),
    get: async (ctx) => {
      const st = await visibleStatement(ctx.db, visibility(ctx), ctx.params.id, ctx.lang);
      return {
        ...st,
        kinds: await statementKinds(ctx.db, st.id),
        adjustments: await statementAdjustments(ctx.db, st.id),
        signatures: await signaturesOf(ctx.db, statementWorkflow.id, st.id),
        events: await eventsOf(ctx.db, statementWorkflow.id, st.id),
      };
    },
    lines: async (ctx) => {
      const st = await visibleStatement(ctx.db, visibility(ctx), ctx.params.id, ctx.lang);
      return pageStatementLines(ctx.db, st.id, ctx.body);
    },
    generate: async (ctx) => {
      const vis = visibility(ctx);
      await assertProjectVisible(ctx.db, vis, ctx.body.projectId);
      const ids = await generateStatements(ctx.db, {
        projectId: ctx.body.projectId,
        period: ctx.body.period,
        toExclusive: periodDays(ctx.body.period).toExclusive,
        userId: ctx.principal.userId,
        now: ctx.now,
      });
      if (ids.length === 0)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'statementNothingToBill',
          params: { period: ctx.body.period },
        });
      for (const id of ids)
        ctx.audit({ action: 'statement.generate', entity: 'statement', entityId: id, newValue: ctx.body });
      return { ids };
    },
    review: (ctx) => fireStatement(ctx, 'review', ctx.body),
    confirm: (ctx) => fireStatement(ctx, 'confirm', ctx.body),
    cancel: (ctx) => fireStatement(ctx, 'cancel', ctx.body),
    fapiao: async (ctx) => {
      const st = await visibleStatement(ctx.db, visibility(ctx), ctx.params.id, ctx.lang);
      if (st.status !== 'confirmed')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'statementNotConfirmed' });
      const version = ctx.body.version + 1;
      const written = await setStatement(ctx.db, st.id, ctx.body.version, {
        fapiaoNo: ctx.body.fapiaoNo,
        fapiaoDate: ctx.body.fapiaoDate,
        version,
        updatedAt: ctx.now,
      });
      if (!written) throw staleOrMissing(true);
      ctx.audit({
        action: 'statement.fapiao',
        entity: 'statement',
        entityId: st.id,
        oldValue: { fapiaoNo: st.fapiaoNo, fapiaoDate: st.fapiaoDate },
        newValue: { fapiaoNo: ctx.body.fapiaoNo, fapiaoDate: ctx.body.fapiaoDate },
      });
      return { version };
    },
    pdf: async (ctx) => {
      const vis = visibility(ctx);
      const st = await visibleStatement(ctx.db, vis, ctx.params.id, ctx.lang);
      if (st.status === 'confirmed') {
        if (!st.pdfSha256) throw new ApiError(ResultCode.NOT_FOUND, { key: 'statementNoPdf' });
        const file = await storedPdf(ctx.db, st.pdfSha256);
        const content = await ctx.deps.files.open(st.pdfSha256);
        return download({ name: `${st.number}.pdf`, mime: 'application/pdf', content, size: file.size });
      }
      const pdf = await renderDocument(
        statementDocument,
        await pdfData(ctx.db, vis, st.id, ctx.lang),
        printContext({ lang: ctx.lang, now: ctx.now, timeZone: ctx.timeZone, deps: ctx.deps }),
      );
      return download({ name: `statement-${st.id}-draft.pdf`, mime: 'application/pdf', content: pdf });
    },
    xlsx: async (ctx) => {
      // In the reader's language; the numbers are the statement's (its locked rate once confirmed).
      const data = await pdfData(ctx.db, visibility(ctx), ctx.params.id, ctx.lang);
      const book = await statementWorkbook(data, ctx.lang);
      const name = data.statement.number ?? `statement-${data.statement.id}-draft`;
      return download({ name: `${name}.xlsx`, mime: XLSX_MIME, content: book });
    },
  });

  registerGroup(app, adjustmentApi, {
    paging: async (ctx) => pageAdjustments(ctx.db, visibility(ctx), ctx.body),
    get: async (ctx) => {
      const adj = await visibleAdjustment(ctx.db, visibility(ctx), ctx.params.id);
      return {
        ...adj,
        lines: await adjustmentLines(ctx.db, adj.id),
        signatures: await signaturesOf(ctx.db, adjustmentWorkflow.id, adj.id),
        events: await eventsOf(ctx.db, adjustmentWorkflow.id, adj.id),
      };
    },
    create: async (ctx) => {
      const b = ctx.body;
      const st = await visibleStatement(ctx.db, visibility(ctx), b.statementId, ctx.lang);
      if (st.status !== 'confirmed')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'statementNotConfirmed' });
      const ids = b.lines.map((x) => x.statementLineId);
      await lockStatement(ctx.db, st.id);
      const originals = new Map((await linesOfStatement(ctx.db, st.id, ids)).map((x) => [x.id, x]));
      if (new Set(ids).size !== ids.length || originals.size !== ids.length)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'adjustmentLineNotOnStatement' });
      const earlier = await creditedOn(ctx.db, ids, ['draft', 'reviewed']);
      const lines: AdjustmentLineInsert[] = b.lines.map((x) => {
        const original = originals.get(x.statementLineId);
        if (!original) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'adjustmentLineNotOnStatement' });
        const money = adjustmentMoney(x.direction, x.amount, original);
        if (x.direction === 'credit') assertWithinLine(original, earlier.get(x.statementLineId), money.gross);
        return { statementLineId: x.statementLineId, eventId: null, direction: x.direction, ...money };
      });
      const id = await insertAdjustment(
        ctx.db,
        {
          statementId: st.id,
          reason: b.reason,
          userId: ctx.principal.userId,
          now: ctx.now,
          totals: sumLines(lines),
        },
        lines,
      );
      ctx.audit({
        action: 'adjustment.create',
        entity: 'adjustment',
        entityId: id,
        newValue: b,
        reason: b.reason,
      });
      return { id };
    },
    review: (ctx) => fireAdjustment(ctx, 'review', ctx.body),
    cancel: (ctx) => fireAdjustment(ctx, 'cancel', ctx.body),
  });
}
