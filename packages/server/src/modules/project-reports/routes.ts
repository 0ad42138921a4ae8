import {
  endpoints,
  PROJECT_REPORT_SIGNATURE_MEANING,
  type ProjectReportAction,
  projectReportWorkflow,
  ResultCode,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { printContext } from '../../documents/document.js';
import { download } from '../../lib/download.js';
import { ApiError } from '../../lib/errors.js';
import { type Principal, registerGroup, type SessionCtx } from '../../lib/route.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { applyTransition, nextNumber, type TransitionCtx } from '../../lib/workflow.js';
import { insertProjectReport, reportSettings, setReportSettings } from '../../services/report-review.js';
import { checkedProject, checkedSite } from '../../services/scope.js';
import { confirmSigner, eSign, type Signer } from '../../services/signatures.js';
import { fileById, findReport, storePdf, supersede, updateReport } from '../reports/repository.js';
import {
  deleteProjectReport,
  manualReportChoices,
  type ProjectReportRecord,
  pageProjectReports,
  projectReportInScope,
  updateProjectReport,
} from './repository.js';
import {
  assertDeletable,
  assertManualChoice,
  assertManualPdf,
  assertNotFuture,
  assertPending,
} from './service.js';

const { projectReports, manualReports } = endpoints;

/**
 * Approve or return a report awaiting review. Approving is an electronic signature (password
 * re-entered first, meaning and content hash stored). Returning a lab report sends it back to the
 * lab: its state becomes `returned` with the reason, so the enterer corrects it and it is reviewed
 * and released again (and, the review still on, comes back here).
 */
async function fire(
  ctx: SessionCtx,
  id: number,
  action: ProjectReportAction,
  input: { version: number; reason?: string | undefined; signature?: { password: string } | undefined },
) {
  const report = await projectReportInScope(ctx.db, await ctx.scope(), id);
  assertPending(ctx.lang, report.status);
  const reason = input.reason ?? null;
  // The approver's password is checked before anything is written.
  const signer = action === 'approve' ? await confirmSigner(ctx, input.signature) : null;
  await applyTransition(
    ctx as TransitionCtx,
    ctx.principal as Principal,
    projectReportWorkflow,
    { id: report.id, status: report.status, creatorId: report.createdBy, authorIds: report.authorIds },
    { action, version: input.version, reason, patch: { kind: report.kind, reportNo: report.reportNo } },
    (next) =>
      updateProjectReport(ctx.db, report.id, input.version, {
        status: next.status,
        version: next.version,
        reason,
        reviewedBy: ctx.principal.userId,
        reviewedAt: ctx.now,
      }),
  );
  if (signer) await signApproval(ctx, signer, report);
  if (report.labReportId !== null) {
    if (action === 'return') await returnToLab(ctx, report.labReportId, reason);
    // An approved correction replaces, from now on, the version the site saw until then.
    const lab = await findReport(ctx.db, report.labReportId);
    if (action === 'approve' && lab?.revisionOf) await supersede(ctx.db, lab.revisionOf);
  }
  return { version: input.version + 1 };
}

/**
 * The approval signature: on the lab report version (with the lab's signatures, so its PDF, printed
 * again now, carries it) or on the manual report, whose uploaded PDF is signed by its SHA-256.
 */
async function signApproval(ctx: SessionCtx, signer: Signer, report: ProjectReportRecord) {
  const meaning = PROJECT_REPORT_SIGNATURE_MEANING[ctx.lang];
  const lab = report.labReportId === null ? undefined : await findReport(ctx.db, report.labReportId);
  if (lab) {
    await eSign(ctx.db, signer, {
      entity: 'labReport',
      entityId: lab.id,
      action: 'projectApprove',
      meaning,
      contentHash: lab.contentHash ?? '',
      at: ctx.now,
    });
    await storePdf(ctx.db, ctx.deps.files, printContext(ctx), lab.id, signer.userId);
    return;
  }
  const file = report.fileId === null ? null : await fileById(ctx.db, report.fileId);
  await eSign(ctx.db, signer, {
    entity: 'projectReport',
    entityId: report.id,
    action: 'projectApprove',
    meaning,
    contentHash: file?.sha256 ?? '',
    at: ctx.now,
  });
}

async function returnToLab(ctx: SessionCtx, labReportId: number, reason: string | null) {
  const lab = await findReport(ctx.db, labReportId);
  if (!lab) throw staleOrMissing(false);
  const updated = await updateReport(ctx.db, lab.id, lab.version, {
    status: 'returned',
    returnReason: reason,
  });
  if (!updated) throw staleOrMissing(true);
  ctx.audit({
    action: 'report.projectReturn',
    entity: 'labReport',
    entityId: lab.id,
    oldValue: { status: lab.status },
    newValue: { status: 'returned' },
    reason,
  });
}

async function pdfOf(ctx: SessionCtx, report: ProjectReportRecord) {
  if (report.fileId === null) throw new ApiError(ResultCode.NOT_FOUND, { key: 'reportNoPdf' });
  const file = await fileById(ctx.db, report.fileId);
  const content = await ctx.deps.files.open(file.sha256);
  return download({ name: file.name, mime: 'application/pdf', content, size: file.size });
}

/** /project/report-review and /project/manual-report; every change audited. */
export async function projectReportRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, projectReports, {
    paging: async (ctx) => pageProjectReports(ctx.db, await ctx.scope(), ctx.body),
    approve: (ctx) => fire(ctx, ctx.params.id, 'approve', ctx.body),
    return: (ctx) => fire(ctx, ctx.params.id, 'return', ctx.body),
    pdf: async (ctx) => pdfOf(ctx, await projectReportInScope(ctx.db, await ctx.scope(), ctx.params.id)),
    setting: async (ctx) => {
      await checkedProject(ctx.db, await ctx.scope(), ctx.params.id);
      return { projectId: ctx.params.id, ...(await reportSettings(ctx.db, ctx.params.id)) };
    },
    saveSetting: async (ctx) => {
      const { projectId, reportReview } = ctx.body;
      await checkedProject(ctx.db, await ctx.scope(), projectId);
      const before = await reportSettings(ctx.db, projectId);
      const after = { reportReview, siteSubjectName: ctx.body.siteSubjectName ?? before.siteSubjectName };
      await setReportSettings(ctx.db, projectId, after);
      ctx.audit({
        action: 'projectReports.saveSetting',
        entity: 'project',
        entityId: projectId,
        oldValue: before,
        newValue: after,
      });
      return after;
    },
  });

  registerGroup(app, manualReports, {
    paging: async (ctx) => pageProjectReports(ctx.db, await ctx.scope(), { ...ctx.body, kind: 'manual' }),
    choices: async (ctx) => {
      const { projectId, siteId } = ctx.body;
      await checkedSite(ctx.db, await ctx.scope(), projectId, siteId);
      return manualReportChoices(ctx.db, projectId, siteId);
    },
    create: async (ctx) => {
      const { projectId, siteId, subjectNo, visit, title, reportDate, fileId } = ctx.body;
      await checkedSite(ctx.db, await ctx.scope(), projectId, siteId);
      assertManualChoice(await manualReportChoices(ctx.db, projectId, siteId), { subjectNo, visit });
      assertNotFuture(reportDate, ctx.now);
      const file = await fileById(ctx.db, fileId);
      assertManualPdf(file, file.size > 0 ? await ctx.deps.files.read(file.sha256) : new Uint8Array());
      const reportNo = await nextNumber(ctx.db, 'MR', ctx.now, ctx.timeZone);
      const values = { projectId, siteId, reportNo, subjectNo, visit, title, reportDate, fileId };
      const id = await insertProjectReport(ctx.db, {
        ...values,
        kind: 'manual',
        status: projectReportWorkflow.initial,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
      });
      ctx.audit({ action: 'manualReports.create', entity: 'projectReport', entityId: id, newValue: values });
      return { id, reportNo, version: 1 };
    },
    remove: async (ctx) => {
      const report = await projectReportInScope(ctx.db, await ctx.scope(), ctx.params.id, 'manual');
      assertDeletable(ctx.lang, report.status);
      if (!(await deleteProjectReport(ctx.db, report.id, report.status))) throw staleOrMissing(true);
      ctx.audit({
        action: 'manualReports.remove',
        entity: 'projectReport',
        entityId: report.id,
        oldValue: { reportNo: report.reportNo, status: report.status, fileId: report.fileId },
      });
      return null;
    },
    pdf: async (ctx) =>
      pdfOf(ctx, await projectReportInScope(ctx.db, await ctx.scope(), ctx.params.id, 'manual')),
  });
}
