// The report engine (docs/reports.md): a report is declared once as data (`ReportDef`: its columns in
// three languages, its filters, its query, its permission and its row scope) and every call of
// /bi/manage reads it through here. The row scope is the caller's sites and projects (lib/scope.ts),
// put into the query's WHERE as a condition of its own: filters are AND-ed to it, so no filter a
// client sends can widen what a report shows.
import {
  type Lang,
  type ReportCode,
  type ReportColumn,
  type ReportFilter,
  type ReportHead,
  ResultCode,
  reportPermission,
} from '@trialab/api-contract';
import { and, type Column, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { Page } from '../../lib/route.js';
import { type SiteScope, scopeWhere } from '../../lib/scope.js';
import { prefixPattern } from '../../lib/search.js';
import { dayRange } from '../../lib/time-zone.js';
import { type SheetWords, sheetWord } from '../../lib/xlsx.js';
import { hasPermission, type Principal } from '../../services/identity/permissions.js';

export type FilterValue = string | number | Array<string | number> | null;
export type FilterValues = Readonly<Record<string, FilterValue>>;
export type ReportRow = Record<string, unknown>;

/** What a report's query and its filters are given. */
export interface QueryInput {
  db: Executor;
  lang: Lang;
  /** The caller's zone: date filters are whole days there, periods are counted there. */
  zone: string;
  /** The row scope AND the filters: the report puts it in its WHERE. */
  where: SQL | undefined;
  values: FilterValues;
}

/** A drizzle select, ordered, before `.limit()`; embeddable in SQL (`sql\`(${query})\``). */
export interface OrderedQuery {
  limit(size: number): { offset(skip: number): PromiseLike<ReportRow[]> };
  getSQL(): SQL;
}

export interface ReportColumnDef {
  key: string;
  title: SheetWords;
  kind: ReportColumn['kind'];
  /** Left out until a user chooses it. */
  optional?: true;
  /** Width in the workbook (characters). */
  width?: number;
}

export interface ReportFilterDef {
  key: string;
  title: SheetWords;
  kind: ReportFilter['kind'];
  /** Static choices of a `select` (value, words). */
  options?: ReadonlyArray<{ value: string | number; words: SheetWords }>;
  /** Choices read from the database (table-option), within the caller's scope. */
  load?: (
    db: Executor,
    scope: SiteScope,
    lang: Lang,
  ) => Promise<Array<{ value: string | number; label: string }>>;
  /** The condition of a value (undefined: no condition); none for a filter the query reads itself. */
  where?: (value: FilterValue, zone: string) => SQL | undefined;
}

export interface ReportDef {
  code: ReportCode;
  title: SheetWords;
  columns: readonly ReportColumnDef[];
  filters: readonly ReportFilterDef[];
  /**
   * Answers few rows (a grouped report: a row per project, site and period): read once and paged
   * here, rather than counted by running the whole query a second time.
   */
  whole?: true;
  /**
   * The rows' unique key, in descending order (the query orders by it and selects it as `field`):
   * an export reads its batches after the last key through the key's index, not by offset.
   */
  key?: { column: PgColumn; field: string };
  /** The rows' project and site: the row scope is applied to these, in SQL. */
  scope: { project: PgColumn; site: PgColumn };
  /** The rows, `input.where` in their WHERE, ordered (a total order: pages and exports repeat it). */
  query(input: QueryInput): OrderedQuery;
  /** Turns a batch of raw rows into what is shown (words, place labels); rows as they are when absent. */
  finish?(db: Executor, rows: ReportRow[], lang: Lang): Promise<ReportRow[]>;
}

export const reportNotFound = () => new ApiError(ResultCode.NOT_FOUND, { key: 'reportUnknown' });

/** The report the caller may read (its view permission), or a refusal naming the permission. */
export function readableReport(
  reports: ReadonlyMap<ReportCode, ReportDef>,
  principal: Principal,
  code: ReportCode,
  action: 'view' | 'export' = 'view',
): ReportDef {
  const report = reports.get(code);
  if (!report) throw reportNotFound();
  const permission = reportPermission(code, action);
  if (!hasPermission(principal, permission))
    throw new ApiError(ResultCode.FORBIDDEN, { key: 'forbidden', params: { operation: permission } });
  return report;
}

/** The head in the reader's language, with the user's chosen columns (unknown ones dropped). */
export function reportHead(
  report: ReportDef,
  lang: Lang,
  chosen: readonly string[],
  exportable: boolean,
): ReportHead {
  const keys = new Set(report.columns.map((c) => c.key));
  return {
    code: report.code,
    title: sheetWord(report.title, lang),
    columns: report.columns.map((c) => ({
      key: c.key,
      title: sheetWord(c.title, lang),
      kind: c.kind,
      shown: !c.optional,
    })),
    filters: report.filters.map((f) => ({
      key: f.key,
      title: sheetWord(f.title, lang),
      kind: f.kind,
      ...(f.options
        ? { options: f.options.map((o) => ({ value: o.value, label: sheetWord(o.words, lang) })) }
        : {}),
    })),
    chosen: chosen.filter((k) => keys.has(k)),
    exportable,
  };
}

/** The columns written: those asked for (known ones, in the report's order), else the shown ones. */
export function columnsOf(report: ReportDef, asked: readonly string[]): ReportColumnDef[] {
  const wanted = new Set(asked);
  const picked = report.columns.filter((c) => wanted.has(c.key));
  return picked.length > 0 ? picked : report.columns.filter((c) => !c.optional);
}

/** Refuses a column the report does not have (user-head). */
export function assertColumns(report: ReportDef, columns: readonly string[]): void {
  const keys = new Set(report.columns.map((c) => c.key));
  const unknown = columns.find((c) => !keys.has(c));
  if (unknown !== undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportColumnUnknown', params: { column: unknown } });
}

/**
 * The row scope AND the filters the client sent. A filter the report does not declare is refused
 * (a typo must not silently show everything); the scope comes first and is never replaced.
 */
export function reportWhere(
  report: ReportDef,
  scope: SiteScope,
  values: FilterValues,
  zone: string,
): SQL | undefined {
  const declared = new Map(report.filters.map((f) => [f.key, f]));
  const unknown = Object.keys(values).find((k) => !declared.has(k));
  if (unknown !== undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportFilterUnknown', params: { filter: unknown } });
  const conditions: Array<SQL | undefined> = [
    scopeWhere(scope, report.scope.project, report.scope.site) ?? undefined,
  ];
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    conditions.push(declared.get(key)?.where?.(value, zone));
  }
  return and(...conditions);
}

/** Keeps the declared columns of finished rows (raw keys a query needs for `finish` stay inside). */
const shape = (rows: ReportRow[], columns: readonly ReportColumnDef[]) =>
  rows.map((row) => Object.fromEntries(columns.map((c) => [c.key, toCell(row[c.key])])));

const toCell = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

export async function finished(report: ReportDef, db: Executor, rows: ReportRow[], lang: Lang) {
  return report.finish ? report.finish(db, rows, lang) : rows;
}

/** How many rows the filtered query answers (group-by reports count their groups). */
export async function countRows(db: Executor, query: OrderedQuery): Promise<number> {
  const result = await db.execute(sql`select count(*) as n from (${query}) as report_rows`);
  const [row] = (result as unknown as { rows: Array<{ n: number | string }> }).rows;
  return Number(row?.n ?? 0);
}

/** One page of a report within the caller's scope. */
export async function reportPage(
  db: Executor,
  report: ReportDef,
  scope: SiteScope,
  request: { values: FilterValues; page: number; size: number; lang: Lang; zone: string },
): Promise<Page<ReportRow>> {
  const where = reportWhere(report, scope, request.values, request.zone);
  const query = report.query({ db, lang: request.lang, zone: request.zone, where, values: request.values });
  const skip = (request.page - 1) * request.size;
  if (report.whole) {
    const all = await (query as unknown as PromiseLike<ReportRow[]>);
    const raw = all.slice(skip, skip + request.size);
    return new Page(shape(await finished(report, db, raw, request.lang), report.columns), all.length);
  }
  const total = await countRows(db, query);
  const raw = await query.limit(request.size).offset(skip);
  return new Page(shape(await finished(report, db, raw, request.lang), report.columns), total);
}

// Filter conditions the declarations share.

const asIds = (value: FilterValue): number[] =>
  (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const asTexts = (value: FilterValue): string[] =>
  (Array.isArray(value) ? value : [value]).map((v) => String(v).trim()).filter(Boolean);

/** An id (or several) equal to a column. */
export const idIn =
  (column: Column) =>
  (value: FilterValue): SQL | undefined => {
    const ids = asIds(value);
    return ids.length === 0
      ? sql`false`
      : sql`${column} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  };

/** A value (or several) among a text column's. */
export const textIn =
  (column: Column) =>
  (value: FilterValue): SQL | undefined => {
    const texts = asTexts(value);
    return texts.length === 0
      ? undefined
      : sql`${column} in (${sql.join(
          texts.map((t) => sql`${t}`),
          sql`, `,
        )})`;
  };

/** A code beginning with the text typed (barcodes, report numbers: the index answers a prefix). */
export const startsWith =
  (column: Column) =>
  (value: FilterValue): SQL | undefined => {
    const [text] = asTexts(value);
    return text === undefined ? undefined : sql`${column} like ${prefixPattern(text)}`;
  };

/** A time within whole days (`[from, to]`, `YYYY-MM-DD`, in the caller's zone). */
export const daysWithin =
  (column: Column) =>
  (value: FilterValue, zone: string): SQL | undefined => {
    const [from, to] = Array.isArray(value) ? value.map(String) : [String(value), String(value)];
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if ((from && !day.test(from)) || (to && !day.test(to)))
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportDateInvalid' });
    const range = dayRange(from || undefined, to || undefined, zone);
    return and(
      range.from ? sql`${column} >= ${range.from}` : undefined,
      range.until ? sql`${column} < ${range.until}` : undefined,
    );
  };
