import { chargebackWorkflow, dec, endpoints, ResultCode } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client.js';
import { printContext } from '../../documents/document.js';
import { type AuditEntry, appendAudit } from '../../lib/audit.js';
import { download } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { type Ctx, Page, registerGroup } from '../../lib/route.js';
import { assertInScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { applyTransition, eventsOf, nextNumber, recordEvent } from '../../lib/workflow.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { reportSettings } from '../../services/report-review.js';
import { checkedSite } from '../../services/scope.js';
import { findShipment, pageShipments, shipmentDetail } from '../receipt/repository.js';
import { fileById, type ReportRecord, reportDetail, storePdf } from '../reports/repository.js';
import { resultsWorkbook } from './export.js';
import {
  approvedManualReport,
  chargebackInScope,
  insertChargeback,
  markRead,
  pageChargebacks,
  pageRejections,
  pageReleasedReports,
  pageResults,
  portalRowOf,
  recordDownload,
  rejectionsInScope,
  releasedVersions,
  updateChargeback,
  visibleReport,
  withoutIdentity,
} from './repository.js';
import { assertInspected, disputeReason } from './service.js';

const api = endpoints.portalReport;
const staff = endpoints.chargebackStaff;

type ChargebackListCtx = Ctx<typeof api.chargebacks> | Ctx<typeof staff.paging>;
type ChargebackGetCtx = Ctx<typeof api.chargeback> | Ctx<typeof staff.get>;

async function listChargebacks(ctx: ChargebackListCtx) {
  const { page, size, ...filters } = ctx.body;
  const scope = await ctx.scope();
  const r = await pageChargebacks(ctx.db, scope, filters, page, size);
  return new Page(r.rows, r.total);
}

async function chargebackDetail(ctx: ChargebackGetCtx) {
  const scope = await ctx.scope();
  const { raisedBy: _r, ...row } = await chargebackInScope(ctx.db, scope, ctx.params.id);
  return { ...row, events: await eventsOf(ctx.db, chargebackWorkflow.id, row.id) };
}

export async function portalReportRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const p = ctx.principal;
      const { page, size, ...filters } = ctx.body;
      const r = await pageReleasedReports(
        ctx.db,
        await ctx.scope(),
        p.userId,
        { ...filters, zone: ctx.timeZone },
        page,
        size,
      );
      return new Page(r.rows, r.total);
    },
    get: async (ctx) => {
      const p = ctx.principal;
      const report = await visibleReport(ctx.db, await ctx.scope(), ctx.params.id);
      const detail = await reportDetail(ctx.db, report);
      return {
        ...(await portalRowOf(ctx.db, p.userId, report)),
        results: detail.results,
        signatures: detail.signatures,
        versions: await releasedVersions(ctx.db, report.reportNo),
      };
    },
    pdf: async (ctx) => {
      const report = await visibleReport(ctx.db, await ctx.scope(), ctx.params.id);
      if (report.pdfFileId === null) throw new ApiError(ResultCode.NOT_FOUND, { key: 'reportNoPdf' });
      const file = await fileById(ctx.db, await siteCopyOf(ctx, report));
      // Opened first: a file missing from the store is not recorded as downloaded.
      const content = await ctx.deps.files.open(file.sha256);
      await recordPdfDownload(ctx, report, file.id).catch((error: unknown) => {
        content.destroy();
        throw error;
      });
      return download({ name: file.name, mime: 'application/pdf', content, size: file.size });
    },
    manualPdf: async (ctx) => {
      const report = await approvedManualReport(ctx.db, await ctx.scope(), ctx.params.id);
      const file = await fileById(ctx.db, report.fileId);
      const content = await ctx.deps.files.open(file.sha256);
      await auditDownload(ctx, {
        action: 'portalReport.manualPdf',
        entity: 'projectReport',
        entityId: report.id,
        newValue: { reportNo: report.reportNo, fileId: file.id },
      }).catch((error: unknown) => {
        content.destroy();
        throw error;
      });
      return download({ name: file.name, mime: 'application/pdf', content, size: file.size });
    },
    rejections: async (ctx) => {
      const p = ctx.principal;
      const { page, size, ...filters } = ctx.body;
      const scope = await ctx.scope();
      const r = await pageRejections(ctx.db, scope, p.userId, ctx.lang, filters, page, size);
      return new Page(r.rows, r.total);
    },
    markRead: async (ctx) => {
      const p = ctx.principal;
      const ids = [...new Set(ctx.body.ids)];
      const found = await rejectionsInScope(ctx.db, await ctx.scope(), ids);
      // Ids of other sites answer like missing ones, and nothing is marked.
      if (found.length !== ids.length) throw notFound();
      const marked = await markRead(ctx.db, p.userId, ids, ctx.now);
      ctx.audit({ action: 'portalReport.markRead', entity: 'rejectionNotice', newValue: { ids, marked } });
      return { marked };
    },
    // Sites see their sites' notices, staff their projects' (siteScope tells them apart).
    chargebacks: listChargebacks,
    chargeback: chargebackDetail,
    respond: async (ctx) => {
      const p = ctx.principal;
      const notice = await chargebackInScope(ctx.db, await ctx.scope(), ctx.params.id);
      const { action, version } = ctx.body;
      const reason = disputeReason(action, ctx.body.reason);
      const record = { id: notice.id, status: notice.status, creatorId: notice.raisedBy };
      const answered = { respondedBy: p.userId, respondedAt: ctx.now, disputeReason: reason };
      const status = await applyTransition(
        ctx,
        p,
        chargebackWorkflow,
        record,
        { action, version, reason },
        (next) => updateChargeback(ctx.db, notice.id, version, { ...next, ...answered }),
      );
      return { version: version + 1, status };
    },
    results: async (ctx) => {
      const { page, size, ...filters } = ctx.body;
      const scope = await ctx.scope();
      const r = await pageResults(ctx.db, scope, { ...filters, zone: ctx.timeZone }, page, size, ctx.lang);
      return new Page(r.rows.map(withoutIdentity), r.total);
    },
    exportResults: async (ctx) => {
      const { page, size, ...filters } = ctx.body;
      const scope = await ctx.scope();
      const r = await pageResults(ctx.db, scope, { ...filters, zone: ctx.timeZone }, page, size, ctx.lang);
      const time = zonedTime(ctx);
      const book = await resultsWorkbook(r.rows.map(withoutIdentity), ctx.lang, time);
      const name = `results-${time.date(ctx.now)}.xlsx`;
      return download({ name, mime: XLSX_MIME, content: book });
    },
    unblinding: async (ctx) => {
      const { page, size, ...filters } = ctx.body;
      const scope = await ctx.scope();
      const r = await pageResults(ctx.db, scope, { ...filters, zone: ctx.timeZone }, page, size, ctx.lang);
      // Who looked at which subjects' identities, and with which filter (the audit actor is the caller).
      ctx.audit({
        action: 'portalReport.unblinding',
        entity: 'unblindingReport',
        entityId: filters.projectId ?? null,
        newValue: {
          filter: filters,
          page,
          size,
          total: r.total,
          reportIds: [...new Set(r.rows.map((x) => x.reportId))],
        },
      });
      return new Page(r.rows, r.total);
    },
    inspections: async (ctx) => {
      const { page, size, keyword } = ctx.body;
      const scope = await ctx.scope();
      const r = await pageShipments(ctx.db, scope, { keyword, status: 'signed' }, page, size, ctx.lang);
      return new Page(r.rows, r.total);
    },
    inspection: async (ctx) => {
      const scope = await ctx.scope();
      const shipment = await findShipment(ctx.db, { id: ctx.params.id }, ctx.lang);
      assertInspected(shipment);
      assertInScope(scope, shipment);
      return shipmentDetail(ctx.db, shipment, ctx.lang);
    },
  });

  // ---- Staff: raise and withdraw chargeback notices (non-routine fees) ----

  registerGroup(app, staff, {
    paging: listChargebacks,
    get: chargebackDetail,
    create: async (ctx) => {
      const p = ctx.principal;
      const { projectId, siteId, barcode, reason, amount } = ctx.body;
      await checkedSite(ctx.db, await ctx.scope(), projectId, siteId);
      const noticeNo = await nextNumber(ctx.db, 'CB', ctx.now, ctx.timeZone);
      const raised = {
        noticeNo,
        projectId,
        siteId,
        barcode: barcode ?? null,
        reason,
        amount: dec(amount).toFixed(2),
      };
      const status = chargebackWorkflow.initial;
      const row = await insertChargeback(ctx.db, {
        ...raised,
        status,
        raisedBy: p.userId,
        raisedAt: ctx.now,
      });
      await recordEvent(ctx.db, {
        workflow: chargebackWorkflow.id,
        recordId: row.id,
        action: 'create',
        fromState: null,
        toState: chargebackWorkflow.initial,
        userId: p.userId,
        at: ctx.now,
      });
      ctx.audit({
        action: 'chargebackNotice.create',
        entity: chargebackWorkflow.id,
        entityId: row.id,
        newValue: raised,
      });
      return { id: row.id, noticeNo, version: row.version };
    },
    withdraw: async (ctx) => {
      const p = ctx.principal;
      const notice = await chargebackInScope(ctx.db, await ctx.scope(), ctx.params.id);
      const { version, reason } = ctx.body;
      const record = { id: notice.id, status: notice.status, creatorId: notice.raisedBy };
      const input = { action: 'withdraw' as const, version, reason };
      const status = await applyTransition(ctx, p, chargebackWorkflow, record, input, (next) =>
        updateChargeback(ctx.db, notice.id, version, next),
      );
      return { version: version + 1, status };
    },
  });
}

/**
 * Records the download and audits it in a committed transaction before the bytes leave (the route
 * itself does not open one for a download).
 */
/**
 * The PDF a site receives: the sites' copy (subject number and initials) unless the project shows
 * its sites the subject's full name, then the lab's. A version released before there were two
 * copies gets its sites' copy printed now, once.
 */
async function siteCopyOf(ctx: Ctx<typeof api.pdf>, report: ReportRecord): Promise<number> {
  const { siteSubjectName } = await reportSettings(ctx.db, report.projectId);
  if (siteSubjectName && report.pdfFileId !== null) return report.pdfFileId;
  if (report.sitePdfFileId !== null) return report.sitePdfFileId;
  return storePdf(ctx.db, ctx.deps.files, printContext(ctx), report.id, ctx.principal.userId, true);
}

async function recordPdfDownload(
  ctx: Ctx<typeof api.pdf>,
  report: ReportRecord,
  fileId: number,
): Promise<void> {
  await auditDownload(
    ctx,
    {
      action: 'portalReport.pdf',
      entity: 'labReport',
      entityId: report.id,
      newValue: { reportNo: report.reportNo, revision: report.revision, fileId },
    },
    (tx) => recordDownload(tx, ctx.principal.userId, report.id, ctx.now),
  );
}

/** The audit entry of a download (and its record, if any), committed before the bytes leave. */
async function auditDownload(
  ctx: Ctx<typeof api.pdf | typeof api.manualPdf>,
  entry: AuditEntry,
  record?: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const p = ctx.principal;
  await ctx.deps.db.transaction(async (tx) => {
    await record?.(tx);
    const workstation = ctx.request.headers.workstation;
    await appendAudit(
      tx,
      {
        at: ctx.now,
        userId: p.userId,
        username: p.username,
        requestId: ctx.request.id,
        workstation: typeof workstation === 'string' ? workstation.slice(0, 128) : null,
        ip: ctx.ip,
      },
      [entry],
    );
  });
}
