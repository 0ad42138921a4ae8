// Reports (/report-manage, SPEC section 7 `/bi/manage/*`; docs/reports.md). One engine serves every
// report: a report is declared once on the server (columns, filters, query, permission, row scope)
// and these calls read any of them by its code. The codes and their permissions are declared here,
// so the console gates its buttons and the seed knows the permission rows.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, pageFields } from '../schemas.js';
import { timelineEvent } from './library-log.js';

/** Every report, named as its page under /report-manage (`lab-query-barcode` is lab/query-barcode). */
export const REPORT_CODES = [
  'lab-query-barcode',
  'lab-barcode-stat',
  'lab-result-report',
  'sample-sample-out-detail',
  'sample-sample-in-detail',
] as const;
export type ReportCode = (typeof REPORT_CODES)[number];

/** A report's permissions: its page's view (reading it) and its export. */
export const reportPermission = (code: ReportCode, action: 'view' | 'export') =>
  `report-manage:${code}:${action}`;

/** The export permissions (buttons of the report pages; the seed gives each its row). */
export const REPORT_EXPORT_PERMISSIONS: readonly string[] = REPORT_CODES.map((c) =>
  reportPermission(c, 'export'),
);

/** XLSX holds at most this many rows (with its header row): a longer export is refused, CSV offered. */
export const XLSX_MAX_ROWS = 1_048_575;

export const REPORT_COLUMN_KINDS = ['text', 'code', 'time', 'date', 'count', 'status'] as const;
export const REPORT_FILTER_KINDS = ['text', 'select', 'project', 'site', 'dateRange'] as const;
export const REPORT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const REPORT_EXPORT_STATES = ['running', 'done', 'failed', 'cancelled'] as const;
export type ReportExportState = (typeof REPORT_EXPORT_STATES)[number];

const reportCode = z.enum(REPORT_CODES);
/** A filter's value: text, a number (an id), a list (states) or a pair of days (`YYYY-MM-DD`). */
const filterValue = z.union([
  z.string().trim().max(64),
  z.number().int().min(-2_147_483_648).max(2_147_483_647),
  z.array(z.union([z.string().trim().max(64), z.number().int()])).max(50),
  z.null(),
]);
/** The filters a client sends: they only narrow what the report's row scope already allows. */
const filters = z.record(z.string().max(32), filterValue).default({});

export const reportColumn = z.object({
  key: z.string(),
  /** In the caller's language. */
  title: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
  /** Shown until the user chooses their own columns. */
  shown: z.boolean(),
});
export const reportFilter = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(REPORT_FILTER_KINDS),
  /** `select`: the choices (more through table-option). */
  options: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).optional(),
});
export const reportHead = z.object({
  code: reportCode,
  title: z.string(),
  columns: z.array(reportColumn),
  filters: z.array(reportFilter),
  /** The columns this user chose (user-head); empty: the report's shown columns. */
  chosen: z.array(z.string()),
  /** Whether the caller may export it. */
  exportable: z.boolean(),
});
export type ReportHead = z.infer<typeof reportHead>;
export type ReportColumn = z.infer<typeof reportColumn>;
export type ReportFilter = z.infer<typeof reportFilter>;

export const reportExport = z.object({
  id: z.number(),
  code: reportCode,
  format: z.enum(REPORT_EXPORT_FORMATS),
  state: z.enum(REPORT_EXPORT_STATES),
  /** Rows written so far and rows the snapshot holds. */
  written: z.number(),
  total: z.number(),
  fileName: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExport>;

export const reportManage = defineGroup('reportManage', {
  tableHead: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/table-head',
    summary:
      "A report's columns and filters in the caller's language, and the columns the caller chose (the report's view permission)",
    access: 'authenticated',
    mutates: false,
    body: z.object({ code: reportCode }),
    data: reportHead,
  }),
  tableOption: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/table-option',
    summary: "A select filter's choices, limited to what the caller may see (the report's view permission)",
    access: 'authenticated',
    mutates: false,
    body: z.object({ code: reportCode, field: z.string().trim().min(1).max(32) }),
    data: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })),
  }),
  tableData: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/table-data',
    summary:
      "A page of a report's rows, filtered, within the caller's row scope (sites, projects, a site user's own sites), applied in SQL",
    access: 'authenticated',
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, code: reportCode, filters }),
    data: z.array(z.record(z.string(), z.unknown())),
  }),
  userHead: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/user-head',
    summary: 'Keeps the columns the caller chose for a report (their own; an unknown column is refused)',
    access: 'authenticated',
    mutates: true,
    body: z.object({ code: reportCode, columns: z.array(z.string().trim().min(1).max(32)).max(60) }),
    data: z.object({ chosen: z.array(z.string()) }),
  }),
  excel: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/excel',
    summary:
      "Starts an export of a report's filtered rows as a job (one running per user): a consistent snapshot streamed into xlsx or csv; xlsx above its row limit is refused with csv offered",
    access: 'authenticated',
    mutates: true,
    body: z.object({
      code: reportCode,
      filters,
      format: z.enum(REPORT_EXPORT_FORMATS).default('xlsx'),
      /** The chosen columns to write (default: the user's columns). */
      columns: z.array(z.string().trim().min(1).max(32)).max(60).optional(),
    }),
    data: reportExport,
  }),
  resultReport: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/resultReport',
    summary:
      "The caller's export jobs, newest first: state and progress (the console polls it while one runs)",
    access: 'authenticated',
    mutates: false,
    body: z.object({}).default({}),
    data: z.array(reportExport),
  }),
  resultReportDownload: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/resultReport/download',
    summary: "A finished export's file (the caller's own; binary body; each download audited)",
    access: 'authenticated',
    mutates: true,
    body: z.object({ id }),
    data: z.unknown(),
  }),
  resultReportCancel: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/resultReport/cancel',
    summary: "Cancels the caller's running export (its partial file is dropped)",
    access: 'authenticated',
    mutates: true,
    body: z.object({ id }),
    data: reportExport,
  }),
  barcodeTimeline: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/bi/manage/barcode-timeline',
    summary:
      "Everything about one barcode (lab/query-barcode): the specimen library's timeline of it, within the caller's scope",
    access: 'authenticated',
    mutates: false,
    body: z.object({ code: z.string().trim().min(1).max(32) }),
    data: z.object({ code: z.string(), events: z.array(timelineEvent) }),
  }),
});
