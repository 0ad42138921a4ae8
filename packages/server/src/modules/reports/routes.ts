import {
  endpoints,
  type Lang,
  labReportWorkflow,
  type ReportState,
  ResultCode,
  reportRevisionWorkflow,
  SIGNATURE_MEANINGS,
  type TransitionDef,
  transitionAudit,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { labReports } from '../../db/schema-lab.js';
import { printContext } from '../../documents/document.js';
import { download } from '../../lib/download.js';
import { ApiError } from '../../lib/errors.js';
import { type Ctx, Page, registerGroup, type SessionCtx } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { actorOf, assertTransition } from '../../lib/workflow.js';
import {
  laterVersionUnderway,
  pendingReviewOf,
  queueLabReview,
  reviewSetting,
} from '../../services/report-review.js';
import { confirmSigner, eSign, type Signer } from '../../services/signatures.js';
import { assertReasonGiven } from '../lab/service.js';
import { findSubject } from '../lab/subjects/repository.js';
import { findOrder, findOrderByBarcode } from '../lab/test-orders/repository.js';
import { assertSubjectApproved } from '../lab/test-orders/service.js';
import { rangesOfItems, subjectProfile } from '../project-config/repository.js';
import { ageAt, sexOfGender, withProjectRanges } from '../project-config/service.js';
import {
  contentHash,
  countByStatus,
  deleteResults,
  fileById,
  findReport,
  insertReport,
  insertResults,
  pageReports,
  pendingRevisionExists,
  type ReportRecord,
  reportDetail,
  reportInScope,
  resultItems,
  setReport,
  storePdf,
  supersede,
  updateReport,
} from './repository.js';
import {
  alreadyEntered,
  assertItemsOrdered,
  assertOrderMatches,
  assertRevisable,
  monitorOf,
  type ResultInput,
  reportNumber,
  resultRows,
  unorderedTarget,
} from './service.js';

const api = endpoints.report;

/**
 * The result rows of a report, checked against the test items' settings; the unit and reference
 * interval are the project's where it sets one for the subject's sex and age (test-project-config).
 */
async function checkedResults(
  db: Executor,
  reportId: number,
  input: ResultInput[],
  of: { projectId: number; subjectId: number; now: Date },
) {
  const ids = [...new Set(input.map((r) => r.testItemId))];
  const profile = await subjectProfile(db, of.subjectId);
  const subject = { sex: sexOfGender(profile.gender), age: ageAt(profile.birthday, of.now) };
  const items = withProjectRanges(
    await resultItems(db, ids),
    await rangesOfItems(db, of.projectId, ids),
    subject,
  );
  return resultRows(reportId, input, items);
}

/**
 * The signer of a transition that needs an electronic signature, checked before anything is written
 * (a wrong password counts against the session, signature.ts); null when the transition needs none.
 */
async function signerOf(
  ctx: SessionCtx,
  transition: TransitionDef<ReportState>,
  signature: { password: string } | undefined,
): Promise<Signer | null> {
  return transition.signature ? confirmSigner(ctx, signature) : null;
}

/**
 * Electronic signature of a transition that needs one: the meaning is the action's, the time the
 * server's, and the hash covers the report content as signed.
 */
async function sign(
  db: Executor,
  lang: Lang,
  signer: Signer | null,
  action: keyof typeof SIGNATURE_MEANINGS,
  report: ReportRecord,
  now: Date,
): Promise<string | null> {
  if (!signer) return null;
  const hash = contentHash(await reportDetail(db, report));
  await eSign(db, signer, {
    entity: 'labReport',
    entityId: report.id,
    action,
    meaning: SIGNATURE_MEANINGS[action][lang],
    contentHash: hash,
    at: now,
  });
  return hash;
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
  if (!order) return unorderedTarget(body);
  assertOrderMatches(body, order);
  if (order.reportId !== null)
    throw alreadyEntered((await findReport(db, order.reportId))?.reportNo ?? String(order.reportId));
  assertItemsOrdered(
    body.results,
    order.testItems.map((i) => i.id),
  );
  return { subjectId: order.subjectId, barcode: order.barcode, visit: order.visit };
}

/** Review, return and release: one path through the labReport workflow. */
async function fire(
  ctx: Ctx<typeof api.review | typeof api.return | typeof api.release>,
  action: 'review' | 'return' | 'release',
  input: {
    version: number;
    reason?: string | null | undefined;
    signature?: { password: string } | undefined;
  },
) {
  const p = ctx.principal;
  const before = await reportInScope(ctx.db, await ctx.scope(), ctx.params.id);
  const transition = labReportWorkflow.transitions[action];
  const to = assertTransition(
    ctx.lang,
    labReportWorkflow,
    before.status,
    action,
    actorOf(p, before.createdBy),
  );
  const reason = input.reason ?? null;
  assertReasonGiven(labReportWorkflow, action, reason);
  const set: Partial<typeof labReports.$inferInsert> = { status: to };
  if (action === 'review') Object.assign(set, { reviewedBy: p.userId, reviewedAt: ctx.now });
  if (action === 'return') Object.assign(set, { returnReason: reason });
  if (action === 'release') Object.assign(set, { releasedBy: p.userId, releasedAt: ctx.now });
  const signer = action === 'return' ? null : await signerOf(ctx, transition, input.signature);
  const updated = await updateReport(ctx.db, before.id, input.version, set);
  if (!updated) throw staleOrMissing(true);
  const hash = action === 'return' ? null : await sign(ctx.db, ctx.lang, signer, action, before, ctx.now);
  if (action === 'release') {
    await setReport(ctx.db, before.id, { contentHash: hash });
    await storePdf(ctx.db, ctx.deps.files, printContext(ctx), before.id, p.userId);
    // A corrected version the project manager returned replaces its prior one now, unless reviewed.
    const queued = await queueLabReview(ctx.db, before, p.userId, ctx.now);
    if (queued === null && before.revisionOf !== null) await supersede(ctx.db, before.revisionOf);
  }
  ctx.audit({
    action: transitionAudit(labReportWorkflow, action),
    entity: 'labReport',
    entityId: before.id,
    oldValue: { status: before.status },
    newValue: { status: to, contentHash: hash },
    reason,
  });
  return { version: updated.version, status: to };
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      const { rows, total } = await pageReports(ctx.db, await ctx.scope(), filter, page, size);
      return new Page(
        rows.map(({ siteId: _s, pdfFileId: _p, sitePdfFileId: _x, ...row }) => row),
        total,
      );
    },
    monitor: async (ctx) => {
      const { rows, abnormal } = await countByStatus(ctx.db, await ctx.scope());
      return monitorOf(rows, abnormal);
    },
    get: async (ctx) => {
      const report = await reportInScope(ctx.db, await ctx.scope(), ctx.params.id);
      const { siteId: _s, pdfFileId: _p, sitePdfFileId: _x, ...detail } = await reportDetail(ctx.db, report);
      return detail;
    },
    create: async (ctx) => {
      const scope = await ctx.scope();
      const target = await resultTarget(ctx.db, scope, ctx.body);
      const subject = await findSubject(ctx.db, scope, target.subjectId);
      assertSubjectApproved(subject);
      const row = await insertReport(ctx.db, {
        reportNo: `pending-${ctx.request.id}`,
        projectId: subject.projectId,
        siteId: subject.siteId,
        subjectId: subject.id,
        barcode: target.barcode,
        visit: ctx.body.visit ?? target.visit,
        samplingTime: ctx.body.samplingTime ? new Date(ctx.body.samplingTime) : null,
        status: labReportWorkflow.initial,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
      });
      const reportNo = reportNumber(ctx.now, ctx.timeZone, row.id);
      await setReport(ctx.db, row.id, { reportNo });
      await insertResults(
        ctx.db,
        await checkedResults(ctx.db, row.id, ctx.body.results, {
          projectId: subject.projectId,
          subjectId: subject.id,
          now: ctx.now,
        }),
      );
      ctx.audit({
        action: 'report.create',
        entity: 'labReport',
        entityId: row.id,
        newValue: { reportNo, ...ctx.body, subjectId: subject.id, barcode: target.barcode },
      });
      return { id: row.id, reportNo, version: row.version };
    },
    update: async (ctx) => {
      const before = await reportInScope(ctx.db, await ctx.scope(), ctx.body.id);
      const actor = actorOf(ctx.principal, before.createdBy);
      const to = assertTransition(ctx.lang, labReportWorkflow, before.status, 'edit', actor);
      const edited = { status: to, visit: ctx.body.visit ?? null, returnReason: null };
      const updated = await updateReport(ctx.db, before.id, ctx.body.version, edited);
      if (!updated) throw staleOrMissing(true);
      const oldResults = (await reportDetail(ctx.db, before)).results;
      await deleteResults(ctx.db, before.id);
      await insertResults(
        ctx.db,
        await checkedResults(ctx.db, before.id, ctx.body.results, { ...before, now: ctx.now }),
      );
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
      const prior = await reportInScope(ctx.db, await ctx.scope(), ctx.params.id);
      assertRevisable(ctx.lang, prior, ctx.body.version);
      if (await pendingRevisionExists(ctx.db, prior.reportNo)) {
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportRevisionPending' });
      }
      // The project manager returns a report under review instead (project-reports).
      if (await pendingReviewOf(ctx.db, prior.id)) {
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportAwaitingProjectReview' });
      }
      if (await laterVersionUnderway(ctx.db, prior.reportNo, prior.revision)) {
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportRevisionPending' });
      }
      const row = await insertReport(ctx.db, {
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
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
      });
      await insertResults(
        ctx.db,
        await checkedResults(ctx.db, row.id, ctx.body.results, { ...prior, now: ctx.now }),
      );
      ctx.audit({
        action: 'report.revise',
        entity: 'labReport',
        entityId: row.id,
        newValue: { revisionOf: prior.id, revision: row.revision, results: ctx.body.results },
        reason: ctx.body.reason,
      });
      return row;
    },
    editRevision: async (ctx) => {
      // Only its requester, only while it awaits review (the workflow says both).
      const before = await reportInScope(ctx.db, await ctx.scope(), ctx.params.id);
      const actor = actorOf(ctx.principal, before.createdBy);
      assertTransition(ctx.lang, reportRevisionWorkflow, before.status, 'editRevision', actor);
      const { version, reason, results } = ctx.body;
      const updated = await updateReport(ctx.db, before.id, version, { revisionReason: reason });
      if (!updated) throw staleOrMissing(true);
      const oldResults = (await reportDetail(ctx.db, before)).results;
      await deleteResults(ctx.db, before.id);
      await insertResults(
        ctx.db,
        await checkedResults(ctx.db, before.id, results, { ...before, now: ctx.now }),
      );
      ctx.audit({
        action: transitionAudit(reportRevisionWorkflow, 'editRevision'),
        entity: 'labReport',
        entityId: before.id,
        oldValue: { reason: before.revisionReason, results: oldResults },
        newValue: { reason, results },
        reason,
      });
      return { version: updated.version };
    },
    reviewRevision: async (ctx) => {
      const p = ctx.principal;
      const revision = await reportInScope(ctx.db, await ctx.scope(), ctx.params.id);
      const { action, version } = ctx.body;
      const transition = reportRevisionWorkflow.transitions[action];
      const actor = actorOf(p, revision.createdBy);
      const to = assertTransition(ctx.lang, reportRevisionWorkflow, revision.status, action, actor);
      const reason = ctx.body.reason ?? null;
      assertReasonGiven(reportRevisionWorkflow, action, reason);
      const approve = action === 'approveRevision';
      const signer = approve ? await signerOf(ctx, transition, ctx.body.signature) : null;
      const updated = await updateReport(ctx.db, revision.id, version, {
        status: to,
        reviewedBy: p.userId,
        reviewedAt: ctx.now,
        ...(approve ? { releasedBy: p.userId, releasedAt: ctx.now } : { returnReason: reason }),
      });
      if (!updated) throw staleOrMissing(true);
      let hash: string | null = null;
      if (approve) {
        hash = await sign(ctx.db, ctx.lang, signer, 'approveRevision', revision, ctx.now);
        await setReport(ctx.db, revision.id, { contentHash: hash });
        // The prior version is kept as it was, marked superseded; under the project's review, once
        // the review approves the correction (the site keeps the prior one until then).
        const reviewed = await reviewSetting(ctx.db, revision.projectId);
        if (revision.revisionOf !== null && !reviewed) await supersede(ctx.db, revision.revisionOf);
        await storePdf(ctx.db, ctx.deps.files, printContext(ctx), revision.id, p.userId);
        await queueLabReview(ctx.db, revision, p.userId, ctx.now);
      }
      ctx.audit({
        action: transitionAudit(reportRevisionWorkflow, action),
        entity: 'labReport',
        entityId: revision.id,
        oldValue: { status: revision.status },
        newValue: { status: to, contentHash: hash, supersedes: approve ? revision.revisionOf : null },
        reason,
      });
      return { version: updated.version, status: to };
    },
    pdf: async (ctx) => {
      const report = await reportInScope(ctx.db, await ctx.scope(), ctx.params.id);
      if (report.pdfFileId === null) throw new ApiError(ResultCode.NOT_FOUND, { key: 'reportNoPdf' });
      const file = await fileById(ctx.db, report.pdfFileId);
      const content = await ctx.deps.files.open(file.sha256);
      return download({ name: file.name, mime: 'application/pdf', content, size: file.size });
    },
  });
}
