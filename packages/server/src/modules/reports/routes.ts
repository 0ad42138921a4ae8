import {
  endpoints,
  type Lang,
  labReportWorkflow,
  REPORT_STATES,
  type ReportState,
  ResultCode,
  reportRevisionWorkflow,
  SIGNATURE_MEANINGS,
  type TransitionDef,
} from '@trialab/api-contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { files, testItems } from '../../db/schema.js';
import { labReportResults, labReports, labSignatures, testItemSettings } from '../../db/schema-lab.js';
import { sendDownload } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { type Ctx, Page, type Principal, registerGroup, SENT } from '../../lib/route.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { actorOf, assertTransition } from '../../lib/workflow.js';
import { verifyPassword } from '../auth/passwords.js';
import { findSubject } from '../lab/subjects/repository.js';
import { findOrder, findOrderByBarcode } from '../lab/test-orders/repository.js';
import { assertInScope, type SiteScope } from '../portal/scope.js';
import { resultFlag, validNumeric } from './flags.js';
import { renderReportPdf } from './pdf.js';
import {
  contentHash,
  countByStatus,
  findReport,
  pageReports,
  pendingRevisionExists,
  type ReportRecord,
  reportDetail,
} from './repository.js';

const api = endpoints.report;

async function scoped(db: Executor, scope: SiteScope, id: number): Promise<ReportRecord> {
  const report = await findReport(db, id);
  if (!report) throw notFound();
  assertInScope(scope, report);
  return report;
}

type ResultInput = { testItemId: number; value: string; remark?: string | null | undefined };

/** Checks the items (existing, enabled, numeric where numeric) and computes unit, range and flag. */
async function resultRows(db: Executor, reportId: number, input: ResultInput[]) {
  const ids = [...new Set(input.map((r) => r.testItemId))];
  const items = await db
    .select({
      id: testItems.id,
      code: testItems.code,
      enabled: testItems.enabled,
      unit: testItemSettings.unit,
      referenceRange: testItemSettings.referenceRange,
      resultType: testItemSettings.resultType,
      decimals: testItemSettings.decimals,
    })
    .from(testItems)
    .leftJoin(testItemSettings, eq(testItemSettings.testItemId, testItems.id))
    .where(inArray(testItems.id, ids));
  const bad = ids.filter((id) => !items.some((i) => i.id === id && i.enabled));
  if (bad.length > 0 || ids.length !== input.length) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'reportItemInvalid',
      params: { items: (bad.length ? bad : ids).join(', ') },
    });
  }
  return input.map((r) => {
    const item = items.find((i) => i.id === r.testItemId);
    if (!item) throw new Error('item vanished');
    const type = item.resultType === 'text' ? 'text' : 'numeric';
    const decimals = item.decimals ?? 2;
    if (type === 'numeric' && !validNumeric(r.value, decimals)) {
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'reportValueInvalid',
        params: { item: item.code, decimals },
      });
    }
    return {
      reportId,
      testItemId: r.testItemId,
      value: r.value.trim(),
      unit: item.unit ?? null,
      referenceRange: item.referenceRange ?? null,
      flag: resultFlag(r.value, item.referenceRange ?? null, type),
      remark: r.remark ?? null,
    };
  });
}

/**
 * Electronic signature of a transition that needs one: the password is re-entered and checked, the
 * meaning is the action's, the time the server's, and the hash covers the report content as signed.
 */
async function sign(
  db: Executor,
  lang: Lang,
  p: Principal,
  transition: TransitionDef<ReportState>,
  action: keyof typeof SIGNATURE_MEANINGS,
  signature: { password: string } | undefined,
  report: ReportRecord,
  now: Date,
): Promise<string | null> {
  if (!transition.signature) return null;
  if (!signature) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'signatureRequired' });
  if (!(await verifyPassword(p.user.passwordHash, signature.password))) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'signaturePasswordWrong' });
  }
  const hash = contentHash(await reportDetail(db, report));
  await db.insert(labSignatures).values({
    entity: 'labReport',
    entityId: report.id,
    action,
    meaning: SIGNATURE_MEANINGS[action][lang],
    userId: p.userId,
    signerName: p.username,
    signedAt: now,
    contentHash: hash,
  });
  return hash;
}

/** Renders the PDF of a report just released and stores it as a file. */
async function storePdf(
  db: Executor,
  store: FileStore,
  request: { lang: Lang; now: Date; timeZone: string },
  id: number,
  userId: number,
): Promise<void> {
  const report = await findReport(db, id);
  if (!report) throw notFound();
  const { lang, now } = request;
  const pdf = await renderReportPdf(await reportDetail(db, report), lang, now, zonedTime(request));
  const [file] = await db
    .insert(files)
    .values({
      name: `${report.reportNo}-v${report.revision}.pdf`,
      mime: 'application/pdf',
      size: pdf.length,
      sha256: await store.put(pdf),
      uploadedBy: userId,
    })
    .returning({ id: files.id });
  if (!file) throw new Error('pdf not stored');
  await db.update(labReports).set({ pdfFileId: file.id }).where(eq(labReports.id, id));
}

/**
 * What results are entered for: an approved test order (its subject, barcode, visit and items), or,
 * for a barcode without an order, the subject and barcode given. A barcode that has an order always
 * goes through it: results of an order not approved (yet) are refused, and entered once only.
 */
async function resultTarget(
  db: Executor,
  scope: SiteScope,
  body: {
    testOrderId?: number | undefined;
    subjectId?: number | undefined;
    barcode?: string | undefined;
    results: ResultInput[];
  },
): Promise<{ subjectId: number; barcode: string; visit: string | null }> {
  const order = body.testOrderId
    ? await findOrder(db, scope, body.testOrderId)
    : await findOrderByBarcode(db, scope, body.barcode ?? '');
  if (!order) {
    if (body.subjectId === undefined || body.barcode === undefined)
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportOrderMismatch' });
    return { subjectId: body.subjectId, barcode: body.barcode, visit: null };
  }
  if (
    (body.subjectId !== undefined && body.subjectId !== order.subjectId) ||
    (body.barcode !== undefined && body.barcode !== order.barcode)
  )
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportOrderMismatch' });
  if (order.status !== 'approved')
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportOrderNotApproved' });
  if (order.reportId !== null) {
    const existing = await findReport(db, order.reportId);
    throw new ApiError(ResultCode.DUPLICATE, {
      key: 'reportAlreadyEntered',
      params: { reportNo: existing?.reportNo ?? String(order.reportId) },
    });
  }
  const ordered = new Set(order.testItems.map((i) => i.id));
  const extra = body.results.filter((r) => !ordered.has(r.testItemId)).map((r) => r.testItemId);
  if (extra.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'reportItemNotOrdered',
      params: { items: extra.join(', ') },
    });
  return { subjectId: order.subjectId, barcode: order.barcode, visit: order.visit };
}

function requireReason(
  transition: TransitionDef<ReportState>,
  reason: string | null | undefined,
): string | null {
  if (transition.reason?.required && !reason)
    throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'actionReasonRequired' });
  return reason ?? null;
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  /** Review, return and release: one path through the labReport workflow. */
  const fire = async (
    ctx: Ctx<typeof api.review | typeof api.return | typeof api.release>,
    action: 'review' | 'return' | 'release',
    input: {
      version: number;
      reason?: string | null | undefined;
      signature?: { password: string } | undefined;
    },
  ) => {
    const p = ctx.principal;
    const before = await scoped(ctx.db, await ctx.scope(), ctx.params.id);
    const { version } = input;
    const transition = labReportWorkflow.transitions[action];
    const to = assertTransition(
      ctx.lang,
      labReportWorkflow,
      before.status,
      action,
      actorOf(p, before.createdBy),
    );
    const reason = requireReason(transition, input.reason);
    const set: Partial<typeof labReports.$inferInsert> = { status: to };
    if (action === 'review') Object.assign(set, { reviewedBy: p.userId, reviewedAt: ctx.now });
    if (action === 'return') Object.assign(set, { returnReason: reason });
    if (action === 'release') Object.assign(set, { releasedBy: p.userId, releasedAt: ctx.now });
    const [updated] = await ctx.db
      .update(labReports)
      .set({ ...set, version: sql`${labReports.version} + 1` })
      .where(and(eq(labReports.id, before.id), eq(labReports.version, version)))
      .returning({ version: labReports.version });
    if (!updated) throw staleOrMissing(true);
    const hash =
      action === 'return'
        ? null
        : await sign(ctx.db, ctx.lang, p, transition, action, input.signature, before, ctx.now);
    if (action === 'release') {
      await ctx.db.update(labReports).set({ contentHash: hash }).where(eq(labReports.id, before.id));
      await storePdf(ctx.db, ctx.deps.files, ctx, before.id, p.userId);
    }
    ctx.audit({
      action: `report.${action}`,
      entity: 'labReport',
      entityId: before.id,
      oldValue: { status: before.status },
      newValue: { status: to, contentHash: hash },
      reason,
    });
    return { version: updated.version, status: to };
  };

  registerGroup(app, api, {
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, ...filter } = ctx.body;
      const { rows, total } = await pageReports(ctx.db, scope, filter, page, size);
      return new Page(
        rows.map(({ siteId: _s, pdfFileId: _p, ...row }) => row),
        total,
      );
    },
    monitor: async (ctx) => {
      const scope = await ctx.scope();
      const { rows, abnormal } = await countByStatus(ctx.db, scope);
      const byStatus = Object.fromEntries(
        REPORT_STATES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
      ) as Record<ReportState, number>;
      return {
        byStatus,
        abnormal,
        awaitingReview: byStatus.entered + byStatus.revision_pending,
        awaitingRelease: byStatus.reviewed,
      };
    },
    get: async (ctx) => {
      const report = await scoped(ctx.db, await ctx.scope(), ctx.params.id);
      const { siteId: _s, pdfFileId: _p, ...detail } = await reportDetail(ctx.db, report);
      return detail;
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const target = await resultTarget(ctx.db, scope, ctx.body);
      const subject = await findSubject(ctx.db, scope, target.subjectId);
      if (subject.status !== 'approved')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportSubjectNotApproved' });
      const [row] = await ctx.db
        .insert(labReports)
        .values({
          reportNo: `pending-${ctx.request.id}`,
          projectId: subject.projectId,
          siteId: subject.siteId,
          subjectId: subject.id,
          barcode: target.barcode,
          visit: ctx.body.visit ?? target.visit,
          samplingTime: ctx.body.samplingTime ? new Date(ctx.body.samplingTime) : null,
          status: labReportWorkflow.initial,
          createdBy: p.userId,
          createdAt: ctx.now,
        })
        .returning({ id: labReports.id, version: labReports.version });
      if (!row) throw new Error('insert returned nothing');
      // Report numbers: RPT-<date>-<id>, unique because the id is.
      const reportNo = `RPT-${ctx.now.toISOString().slice(0, 10).replaceAll('-', '')}-${String(row.id).padStart(6, '0')}`;
      await ctx.db.update(labReports).set({ reportNo }).where(eq(labReports.id, row.id));
      await ctx.db.insert(labReportResults).values(await resultRows(ctx.db, row.id, ctx.body.results));
      ctx.audit({
        action: 'report.create',
        entity: 'labReport',
        entityId: row.id,
        newValue: { reportNo, ...ctx.body, subjectId: subject.id, barcode: target.barcode },
      });
      return { id: row.id, reportNo, version: row.version };
    },
    update: async (ctx) => {
      const p = ctx.principal;
      const before = await scoped(ctx.db, await ctx.scope(), ctx.body.id);
      const to = assertTransition(
        ctx.lang,
        labReportWorkflow,
        before.status,
        'edit',
        actorOf(p, before.createdBy),
      );
      const [updated] = await ctx.db
        .update(labReports)
        .set({
          status: to,
          visit: ctx.body.visit ?? null,
          returnReason: null,
          version: sql`${labReports.version} + 1`,
        })
        .where(and(eq(labReports.id, before.id), eq(labReports.version, ctx.body.version)))
        .returning({ version: labReports.version });
      if (!updated) throw staleOrMissing(true);
      const oldResults = (await reportDetail(ctx.db, before)).results;
      await ctx.db.delete(labReportResults).where(eq(labReportResults.reportId, before.id));
      await ctx.db.insert(labReportResults).values(await resultRows(ctx.db, before.id, ctx.body.results));
      ctx.audit({
        action: 'report.update',
        entity: 'labReport',
        entityId: before.id,
        oldValue: { results: oldResults },
        newValue: ctx.body,
      });
      return updated;
    },
    review: (ctx) => fire(ctx, 'review', ctx.body),
    return: (ctx) => fire(ctx, 'return', ctx.body),
    release: (ctx) => fire(ctx, 'release', ctx.body),
    revise: async (ctx) => {
      const p = ctx.principal;
      const prior = await scoped(ctx.db, await ctx.scope(), ctx.params.id);
      if (prior.status !== 'released' || prior.version !== ctx.body.version) {
        if (prior.status === 'released') throw staleOrMissing(true);
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'invalidState',
          params: { state: prior.status, action: 'revise' },
        });
      }
      if (await pendingRevisionExists(ctx.db, prior.reportNo)) {
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportRevisionPending' });
      }
      const [row] = await ctx.db
        .insert(labReports)
        .values({
          reportNo: prior.reportNo,
          revision: prior.revision + 1,
          revisionOf: prior.id,
          revisionReason: ctx.body.reason,
          projectId: prior.projectId,
          siteId: prior.siteId,
          subjectId: prior.subjectId,
          barcode: prior.barcode,
          visit: prior.visit,
          samplingTime: prior.samplingTime ? new Date(prior.samplingTime) : null,
          status: reportRevisionWorkflow.initial,
          createdBy: p.userId,
          createdAt: ctx.now,
        })
        .returning({ id: labReports.id, revision: labReports.revision, version: labReports.version });
      if (!row) throw new Error('insert returned nothing');
      await ctx.db.insert(labReportResults).values(await resultRows(ctx.db, row.id, ctx.body.results));
      ctx.audit({
        action: 'report.revise',
        entity: 'labReport',
        entityId: row.id,
        newValue: { revisionOf: prior.id, revision: row.revision, results: ctx.body.results },
        reason: ctx.body.reason,
      });
      return row;
    },
    reviewRevision: async (ctx) => {
      const p = ctx.principal;
      const revision = await scoped(ctx.db, await ctx.scope(), ctx.params.id);
      const { action, version } = ctx.body;
      const transition = reportRevisionWorkflow.transitions[action];
      const to = assertTransition(
        ctx.lang,
        reportRevisionWorkflow,
        revision.status,
        action,
        actorOf(p, revision.createdBy),
      );
      const reason = requireReason(transition, ctx.body.reason);
      const approve = action === 'approveRevision';
      const [updated] = await ctx.db
        .update(labReports)
        .set({
          status: to,
          reviewedBy: p.userId,
          reviewedAt: ctx.now,
          ...(approve ? { releasedBy: p.userId, releasedAt: ctx.now } : { returnReason: reason }),
          version: sql`${labReports.version} + 1`,
        })
        .where(and(eq(labReports.id, revision.id), eq(labReports.version, version)))
        .returning({ version: labReports.version });
      if (!updated) throw staleOrMissing(true);
      let hash: string | null = null;
      if (approve) {
        hash = await sign(
          ctx.db,
          ctx.lang,
          p,
          transition,
          'approveRevision',
          ctx.body.signature,
          revision,
          ctx.now,
        );
        await ctx.db.update(labReports).set({ contentHash: hash }).where(eq(labReports.id, revision.id));
        // The prior version is kept as it was, marked superseded.
        if (revision.revisionOf !== null) {
          await ctx.db
            .update(labReports)
            .set({ status: 'superseded', version: sql`${labReports.version} + 1` })
            .where(and(eq(labReports.id, revision.revisionOf), eq(labReports.status, 'released')));
        }
        await storePdf(ctx.db, ctx.deps.files, ctx, revision.id, p.userId);
      }
      ctx.audit({
        action: `report.${action}`,
        entity: 'labReport',
        entityId: revision.id,
        oldValue: { status: revision.status },
        newValue: { status: to, contentHash: hash, supersedes: approve ? revision.revisionOf : null },
        reason,
      });
      return { version: updated.version, status: to };
    },
    pdf: async (ctx) => {
      const report = await scoped(ctx.db, await ctx.scope(), ctx.params.id);
      if (report.pdfFileId === null) throw new ApiError(ResultCode.NOT_FOUND, { key: 'reportNoPdf' });
      const [file] = await ctx.db.select().from(files).where(eq(files.id, report.pdfFileId));
      if (!file) throw notFound();
      await sendDownload(ctx.reply, {
        name: file.name,
        mime: 'application/pdf',
        content: await ctx.deps.files.open(file.sha256),
        size: file.size,
      });
      return SENT;
    },
  });
}
