// Report exports as jobs (docs/reports.md "Exports"). The request checks and records the export; the
// job then reads the rows in one REPEATABLE READ, read-only transaction (a consistent snapshot: the
// count and every batch see the same data) in batches, writing each batch straight into a streaming
// xlsx (or csv) writer whose bytes go to the file store as they come: memory holds one batch, never
// the file. One running export per user; progress and cancel are kept by the instance running it.
import { PassThrough } from 'node:stream';
import { type Lang, type ReportCode, type ReportExport, ResultCode } from '@trialab/api-contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Executor } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { reportExports } from '../../db/schema-report-manage.js';
import { appendAudit } from '../../lib/audit.js';
import { ApiError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { HandlerDeps } from '../../lib/route-domains.js';
import type { SiteScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { safeRow, sheetWord, XLSX_MIME } from '../../lib/xlsx.js';
import {
  countRows,
  type FilterValues,
  finished,
  type ReportColumnDef,
  type ReportDef,
  reportWhere,
} from './engine.js';
import { assertFormatFits } from './service.js';

/** Rows read and written per batch. */
export const EXPORT_BATCH = 2000;
/** A running export not heard of for this long (its instance stopped) no longer blocks a new one. */
const LOST_AFTER_MS = 30 * 60_000;
/** The largest file an export may write. */
const MAX_EXPORT_BYTES = 4 * 1024 ** 3;
const CSV_MIME = 'text/csv; charset=utf-8';

/** The exports this instance is running: progress and the cancel switch. */
const live = new Map<
  number,
  { written: number; total: number; abort: AbortController; done: Promise<void> }
>();

/** A CSV field: quoted when it holds a separator, quote or line break. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type Row = typeof reportExports.$inferSelect;

function toExport(row: Row): ReportExport {
  const running = live.get(row.id);
  return {
    id: row.id,
    code: row.code as ReportCode,
    format: row.format === 'csv' ? 'csv' : 'xlsx',
    state: row.state as ReportExport['state'],
    written: running && row.state === 'running' ? running.written : row.written,
    total: running && row.state === 'running' ? running.total : row.total,
    fileName: row.fileName,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The caller's exports, newest first (the last 20). */
export async function myExports(db: Executor, userId: number): Promise<ReportExport[]> {
  const rows = await db
    .select()
    .from(reportExports)
    .where(eq(reportExports.userId, userId))
    .orderBy(desc(reportExports.id))
    .limit(20);
  return rows.map(toExport);
}

/** The caller's own export by id (another user's answers as missing). */
export async function myExport(db: Executor, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.id, id), eq(reportExports.userId, userId)));
  if (!row) throw new ApiError(ResultCode.NOT_FOUND, { key: 'notFound' });
  return row;
}

export interface ExportRequest {
  report: ReportDef;
  scope: SiteScope;
  values: FilterValues;
  format: 'xlsx' | 'csv';
  columns: ReportColumnDef[];
  lang: Lang;
  zone: string;
  now: Date;
  user: { userId: number; username: string };
}

/**
 * Records a new export (in the request's transaction): refused while the user has one running, and
 * for xlsx above its row limit (csv offered; never a silently cut file). Answers the row and the
 * job to start once the request has committed.
 */
export async function recordExport(
  db: Executor,
  request: ExportRequest,
): Promise<{ row: Row; rows: number }> {
  const { report, user } = request;
  const [running] = await db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.userId, user.userId), eq(reportExports.state, 'running')));
  if (running) {
    const lost = !live.has(running.id) && request.now.getTime() - running.createdAt.getTime() > LOST_AFTER_MS;
    if (!lost)
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'reportExportRunning',
        params: { report: running.fileName },
      });
    await db
      .update(reportExports)
      .set({ state: 'failed', error: t(request.lang, 'reportExportLost'), finishedAt: request.now })
      .where(eq(reportExports.id, running.id));
  }
  const where = reportWhere(report, request.scope, request.values, request.zone);
  const rows = await countRows(
    db,
    report.query({ db, lang: request.lang, zone: request.zone, where, values: request.values }),
  );
  assertFormatFits(request.format, rows);
  const time = zonedTime({ timeZone: request.zone, lang: request.lang, now: request.now });
  const [row] = await db
    .insert(reportExports)
    .values({
      userId: user.userId,
      code: report.code,
      format: request.format,
      filters: { ...request.values },
      columns: request.columns.map((c) => c.key),
      state: 'running',
      total: rows,
      fileName: `${sheetWord(report.title, request.lang)}-${time.date(request.now)}.${request.format}`,
      createdAt: request.now,
    })
    .returning();
  if (!row) throw new Error('export not recorded');
  return { row, rows };
}

/** The writer of one file format: rows in, bytes out to `sink`. */
interface SheetSink {
  add(values: unknown[]): void;
  end(): Promise<void>;
}

function xlsxSink(sink: PassThrough, name: string, headers: string[], widths: number[]): SheetSink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Trialab';
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.columns = headers.map((header, i) => ({ header, width: widths[i] ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    add: (values) => sheet.addRow(safeRow(values)).commit(),
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

function csvSink(sink: PassThrough, headers: string[]): SheetSink {
  // A BOM so that Excel reads UTF-8 (Chinese names) as such.
  sink.write(`\uFEFF${headers.map(csvField).join(',')}\r\n`);
  return {
    add: (values) => sink.write(`${safeRow(values).map(csvField).join(',')}\r\n`),
    end: async () => {
      sink.end();
    },
  };
}

/** Runs a recorded export to its end (done, failed or cancelled); never throws. */
export function startExport(
  deps: HandlerDeps,
  row: Row,
  request: ExportRequest,
  log: (failure: { err: unknown; exportId: number }) => void,
): Promise<void> {
  const abort = new AbortController();
  const entry = { written: 0, total: row.total, abort, done: Promise.resolve() };
  live.set(row.id, entry);
  entry.done = runExport(deps, row, request, entry, log).finally(() => live.delete(row.id));
  return entry.done;
}

async function runExport(
  deps: HandlerDeps,
  row: Row,
  request: ExportRequest,
  progress: { written: number; total: number; abort: AbortController },
  log: (failure: { err: unknown; exportId: number }) => void,
): Promise<void> {
  const { report, lang, zone, columns } = request;
  const time = zonedTime({ timeZone: zone, lang, now: request.now });
  const headers = columns.map((c) => {
    const title = sheetWord(c.title, lang);
    return c.kind === 'time' ? time.title(title) : title;
  });
  const sink = new PassThrough();
  const staged = deps.files.stage(sink, MAX_EXPORT_BYTES);
  // A failure of the store must not leave an unhandled rejection while rows are still being read.
  staged.catch(() => undefined);
  const writer =
    row.format === 'csv'
      ? csvSink(sink, headers)
      : xlsxSink(
          sink,
          sheetWord(report.title, lang),
          headers,
          columns.map((c) => (c.kind === 'time' ? (c.width ?? 20) + 12 : (c.width ?? 16))),
        );
  const cell = (column: ReportColumnDef, value: unknown) => {
    if (value === null || value === undefined) return null;
    if (column.kind === 'time') return time.dateTime(value as Date | string);
    if (column.kind === 'count') return Number(value);
    return value instanceof Date ? value.toISOString() : String(value);
  };
  let state: 'done' | 'failed' | 'cancelled' = 'done';
  let error: string | null = null;
  try {
    await deps.db.transaction(
      async (tx) => {
        const where = reportWhere(report, request.scope, request.values, zone);
        const query = (after?: number) =>
          report.query({
            db: tx,
            lang,
            zone,
            where: after === undefined || !report.key ? where : and(where, lt(report.key.column, after)),
            values: request.values,
          });
        progress.total = await countRows(tx, query());
        // Keyset batches (rows after the last one's key, through its index) where the report has a
        // key; otherwise by offset.
        let after: number | undefined;
        for (let skip = 0; skip < progress.total; skip += EXPORT_BATCH) {
          if (progress.abort.signal.aborted) return;
          const raw = report.key
            ? await query(after).limit(EXPORT_BATCH).offset(0)
            : await query().limit(EXPORT_BATCH).offset(skip);
          const last = raw[raw.length - 1];
          if (report.key && last) after = Number(last[report.key.field]);
          const batch = await finished(report, tx, raw, lang);
          for (const r of batch) writer.add(columns.map((c) => cell(c, r[c.key])));
          progress.written += batch.length;
          if (batch.length < EXPORT_BATCH) break;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (progress.abort.signal.aborted) state = 'cancelled';
  } catch (cause) {
    state = 'failed';
    error = t(lang, 'reportExportFailed');
    log({ err: cause, exportId: row.id });
  }
  let fileId: number | null = null;
  if (state === 'done') {
    try {
      await writer.end();
      const blob = await staged;
      await blob.commit();
      const [file] = await deps.db
        .insert(files)
        .values({
          name: row.fileName,
          mime: row.format === 'csv' ? CSV_MIME : XLSX_MIME,
          size: blob.size,
          sha256: blob.sha256,
          uploadedBy: null,
        })
        .returning({ id: files.id });
      fileId = file?.id ?? null;
    } catch (cause) {
      state = 'failed';
      error = t(lang, 'reportExportFailed');
      log({ err: cause, exportId: row.id });
    }
  } else {
    sink.destroy();
    await staged.then((blob) => blob.discard()).catch(() => undefined);
  }
  const finishedAt = new Date(deps.clock());
  await deps.db.transaction(async (tx) => {
    // A cancel already recorded stays as it is.
    await tx
      .update(reportExports)
      .set({ state, error, fileId, written: progress.written, total: progress.total, finishedAt })
      .where(and(eq(reportExports.id, row.id), eq(reportExports.state, 'running')));
    await appendAudit(
      tx,
      {
        at: finishedAt,
        userId: request.user.userId,
        username: request.user.username,
        requestId: null,
        workstation: null,
        ip: null,
      },
      [
        {
          action: 'reportExport.exportFinished',
          entity: 'reportExport',
          entityId: row.id,
          newValue: { code: row.code, format: row.format, state, rows: progress.written, fileId },
        },
      ],
    );
  });
}

/** Cancels the user's running export; its job stops before its next batch. */
export async function cancelExport(
  db: Executor,
  userId: number,
  id: number,
  now: Date,
): Promise<ReportExport> {
  const row = await myExport(db, userId, id);
  if (row.state !== 'running') throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportExportNotRunning' });
  const running = live.get(id);
  running?.abort.abort();
  const [updated] = await db
    .update(reportExports)
    .set({ state: 'cancelled', finishedAt: now, written: running?.written ?? row.written })
    .where(eq(reportExports.id, id))
    .returning();
  return toExport(updated ?? row);
}

/** Waits for this instance's running exports (tests and a graceful stop). */
export async function settledExports(): Promise<void> {
  await Promise.all([...live.values()].map((e) => e.done));
}
