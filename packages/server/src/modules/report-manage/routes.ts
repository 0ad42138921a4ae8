import { endpoints, ResultCode, reportPermission } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { files } from '../../db/schema.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { download } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { registerGroup } from '../../lib/route.js';
import { hasPermission } from '../../services/identity/permissions.js';
import { specimenEvents } from '../../services/library-timeline/index.js';
import { barcodeInScope } from '../specimen/repository.js';
import { saveTableHead, tableHeadOf } from '../system/repository.js';
import { REPORTS } from './catalogue.js';
import { assertColumns, columnsOf, readableReport, reportHead, reportPage } from './engine.js';
import { cancelExport, myExport, myExports, recordExport, startExport } from './exports.js';

const { reportManage: api } = endpoints;

/** The user's chosen columns of a report are kept with the table heads, under this code. */
const headCode = (code: string) => `bi.${code}`;

/** The reports of /report-manage (`/bi/manage/*`, docs/reports.md). */
export async function reportManageRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    tableHead: async (ctx) => {
      const report = readableReport(REPORTS, ctx.principal, ctx.body.code);
      const chosen = await tableHeadOf(ctx.db, ctx.principal.userId, headCode(report.code));
      return reportHead(
        report,
        ctx.lang,
        chosen,
        hasPermission(ctx.principal, reportPermission(report.code, 'export')),
      );
    },
    tableOption: async (ctx) => {
      const report = readableReport(REPORTS, ctx.principal, ctx.body.code);
      const filter = report.filters.find((f) => f.key === ctx.body.field);
      if (!filter)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'reportFilterUnknown',
          params: { filter: ctx.body.field },
        });
      if (filter.load) return filter.load(ctx.db, await ctx.scope(), ctx.lang);
      return (filter.options ?? []).map((o) => ({
        value: o.value,
        label: ctx.lang === 'en_US' ? o.words.en : ctx.lang === 'zh_HK' ? o.words.hk : o.words.zh,
      }));
    },
    tableData: async (ctx) => {
      const report = readableReport(REPORTS, ctx.principal, ctx.body.code);
      return reportPage(ctx.db, report, await ctx.scope(), {
        values: ctx.body.filters,
        page: ctx.body.page,
        size: ctx.body.size,
        lang: ctx.lang,
        zone: ctx.timeZone,
      });
    },
    userHead: async (ctx) => {
      const report = readableReport(REPORTS, ctx.principal, ctx.body.code);
      assertColumns(report, ctx.body.columns);
      const chosen = [...new Set(ctx.body.columns)];
      await saveTableHead(ctx.db, ctx.principal.userId, headCode(report.code), chosen, ctx.now);
      ctx.audit({ action: api.userHead.id, entity: 'reportManage', newValue: { code: report.code, chosen } });
      return { chosen };
    },
    excel: async (ctx) => {
      const report = readableReport(REPORTS, ctx.principal, ctx.body.code, 'export');
      const asked =
        ctx.body.columns ?? (await tableHeadOf(ctx.db, ctx.principal.userId, headCode(report.code)));
      const request = {
        report,
        scope: await ctx.scope(),
        values: ctx.body.filters,
        format: ctx.body.format,
        columns: columnsOf(report, asked),
        lang: ctx.lang,
        zone: ctx.timeZone,
        now: ctx.now,
        user: { userId: ctx.principal.userId, username: ctx.principal.username },
      };
      const { row, rows } = await recordExport(ctx.db, request);
      ctx.audit({
        action: api.excel.id,
        entity: 'reportExport',
        entityId: row.id,
        newValue: { code: report.code, format: row.format, filters: row.filters, columns: row.columns, rows },
      });
      // The job starts once this request has answered (its transaction committed first).
      const { deps } = ctx;
      const log = ctx.request.log;
      ctx.reply.raw.once('finish', () => {
        void startExport(deps, row, request, (failure) => log.error(failure, 'report export failed'));
      });
      return {
        id: row.id,
        code: report.code,
        format: request.format,
        state: 'running' as const,
        written: 0,
        total: rows,
        fileName: row.fileName,
        error: null,
        createdAt: row.createdAt.toISOString(),
        finishedAt: null,
      };
    },
    resultReport: async (ctx) => myExports(ctx.db, ctx.principal.userId),
    resultReportDownload: async (ctx) => {
      const row = await myExport(ctx.db, ctx.principal.userId, ctx.body.id);
      if (row.state !== 'done' || row.fileId === null)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportExportNotReady' });
      const [file] = await ctx.db.select().from(files).where(eq(files.id, row.fileId));
      if (!file) throw notFound();
      ctx.audit({
        action: api.resultReportDownload.id,
        entity: 'reportExport',
        entityId: row.id,
        newValue: { code: row.code, fileId: file.id },
      });
      return download({
        name: row.fileName,
        mime: file.mime,
        content: await ctx.deps.files.open(file.sha256),
        size: file.size,
      });
    },
    resultReportCancel: async (ctx) => {
      const cancelled = await cancelExport(ctx.db, ctx.principal.userId, ctx.body.id, ctx.now);
      ctx.audit({
        action: api.resultReportCancel.id,
        entity: 'reportExport',
        entityId: cancelled.id,
        newValue: { code: cancelled.code, written: cancelled.written },
      });
      return cancelled;
    },
    barcodeTimeline: async (ctx) => {
      readableReport(REPORTS, ctx.principal, 'lab-query-barcode');
      const scope = await ctx.scope();
      const [specimen] = await ctx.db
        .select()
        .from(specimenBarcodes)
        .where(eq(specimenBarcodes.code, ctx.body.code));
      // Another project's barcode answers as a missing one: it cannot be probed.
      if (!specimen || !barcodeInScope(scope, specimen)) throw notFound();
      return {
        code: specimen.code,
        events: await specimenEvents({ db: ctx.db, lang: ctx.lang, scope }, specimen),
      };
    },
  });
}
