import { Decimal, type Lang } from '@trialab/api-contract';
import ExcelJS from 'exceljs';
import type { ZonedTime } from './time-zone.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A word of a workbook (a column's header, a sheet's name) in the server's languages: `zh` for
 * zh_CN, `en` for en_US, `hk` for zh_HK (Traditional Chinese as written in Hong Kong).
 */
export interface SheetWords {
  zh: string;
  en: string;
  hk: string;
}

/** The word in the reader's language. */
export function sheetWord(words: SheetWords, lang: Lang): string {
  return lang === 'en_US' ? words.en : lang === 'zh_HK' ? words.hk : words.zh;
}

const ENABLED: Record<'on' | 'off', SheetWords> = {
  on: { zh: '启用', en: 'Enabled', hk: '啟用' },
  off: { zh: '停用', en: 'Disabled', hk: '停用' },
};

/** An enabled/disabled status cell in the reader's language. */
export const enabledWord = (enabled: boolean, lang: Lang): string =>
  sheetWord(ENABLED[enabled ? 'on' : 'off'], lang);

/**
 * A cell that a spreadsheet would read as a formula (or a DDE command) is written as text: a leading
 * =, +, -, @, tab or carriage return gets an apostrophe (OWASP "CSV injection"). A plain decimal
 * number written as text (a credit's "-10.00") is no formula and stays as it is.
 */
export function safeCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A row's values through `safeCell`, as an array or keyed by column: the one way a value reaches a
 * cell of a workbook (or csv) the server writes, so no export writes a formula it was handed.
 */
export function safeRow<R extends readonly unknown[] | Readonly<Record<string, unknown>>>(values: R): R {
  if (Array.isArray(values)) return values.map(safeCell) as unknown as R;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, safeCell(v)])) as R;
}

/** A column of a document's table: its header and width; `right` for amounts and quantities. */
export interface DocumentColumn {
  header: string;
  width: number;
  right?: boolean;
}

/** A decimal written as a number cell (money: 2 places), so a spreadsheet sums it. */
export interface DecimalCell {
  decimal: string;
  places: number;
}

/** A money cell (`0.00`) or another decimal's (`places`), from its exact decimal text. */
export const decimalCell = (text: string, places = 2): DecimalCell => ({
  decimal: Decimal.of(text).toFixed(places),
  places,
});

/**
 * The number a spreadsheet stores for a decimal's text. The text has at most 15 significant digits
 * (NUMERIC(14,2) amounts, NUMERIC(14,4) prices), which a double holds exactly as written: the number
 * prints back to the same decimal, checked here, so the cell reads (and sums) as the decimal text.
 */
function cellNumber(cell: DecimalCell): number {
  const n = Number(cell.decimal);
  if (!Number.isFinite(n) || !Decimal.of(cell.decimal).eq(Decimal.of(String(n))))
    throw new RangeError(`not exact as a spreadsheet number: ${cell.decimal}`);
  return n;
}

/**
 * A document as one sheet (a statement beside its PDF): label–value fields at the top, then titled
 * tables. Text cells go through `safeCell`; money is a number cell built from its exact decimal
 * text (`decimalCell`) with a `0.00` format, so the sheet sums it and shows its cents.
 */
export async function documentWorkbook(options: {
  sheet: string;
  title: string;
  fields: ReadonlyArray<readonly [string, string]>;
  tables: ReadonlyArray<{
    title: string;
    columns: readonly DocumentColumn[];
    rows: ReadonlyArray<ReadonlyArray<string | DecimalCell>>;
  }>;
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Trialab';
  const sheet = workbook.addWorksheet(options.sheet.slice(0, 31));
  const widths: number[] = [];
  for (const table of options.tables)
    table.columns.forEach((c, i) => {
      widths[i] = Math.max(widths[i] ?? 10, c.width);
    });
  sheet.columns = widths.map((width) => ({ width }));
  sheet.addRow(safeRow([options.title])).font = { bold: true, size: 14 };
  for (const field of options.fields) sheet.addRow(safeRow(field));
  for (const table of options.tables) {
    sheet.addRow([]);
    sheet.addRow(safeRow([table.title])).font = { bold: true };
    const head = sheet.addRow(safeRow(table.columns.map((c) => c.header)));
    head.font = { bold: true };
    for (const cells of table.rows) {
      const row = sheet.addRow(cells.map((c) => (typeof c === 'string' ? safeCell(c) : cellNumber(c))));
      cells.forEach((c, i) => {
        if (typeof c !== 'string') row.getCell(i + 1).numFmt = `0.${'0'.repeat(c.places)}`;
      });
      table.columns.forEach((c, i) => {
        if (c.right) row.getCell(i + 1).alignment = { horizontal: 'right' };
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One column of an exported table; `time` columns hold instants (ISO text or Date). */
export interface XlsxColumn<K extends string = string> extends SheetWords {
  key: K;
  width: number;
  time?: boolean;
}

/**
 * A one-sheet table with bold headers in the caller's language. Time columns are written as
 * wall-clock text (`YYYY-MM-DD HH:mm:ss`) in the request's zone and their header names the zone,
 * so a cell reads the same as the screen and never as UTC. Every cell goes through `safeRow`: a
 * remark typed as `=HYPERLINK(…)` is written as text, never as a formula.
 */
export async function tableWorkbook<K extends string>(options: {
  /** The sheet's name: a word, or a name that reads the same in every language (a container's code). */
  sheet: SheetWords | string;
  columns: ReadonlyArray<XlsxColumn<K>>;
  rows: ReadonlyArray<Partial<Record<K, unknown>>>;
  lang: Lang;
  time: ZonedTime;
}): Promise<Buffer> {
  const { columns, lang, time } = options;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Trialab';
  const name = typeof options.sheet === 'string' ? options.sheet : sheetWord(options.sheet, lang);
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.columns = columns.map((c) => {
    const text = sheetWord(c, lang);
    return { header: c.time ? time.title(text) : text, key: c.key, width: c.time ? c.width + 12 : c.width };
  });
  sheet.getRow(1).font = { bold: true };
  for (const row of options.rows) {
    const values: Record<string, unknown> = {};
    for (const c of columns) {
      const value = row[c.key];
      values[c.key] = c.time ? time.dateTime(value as Date | string | null | undefined) : value;
    }
    sheet.addRow(safeRow(values));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as text: numbers (barcodes typed as numbers), rich text and formulas' results. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  return '';
}

/**
 * The data rows of an uploaded sheet (first sheet; row 1 is the header): the row number and the
 * first `columns` cells as text. Rows with every one of those cells empty are skipped. Null when
 * the bytes are not a readable xlsx workbook.
 */
export async function sheetRows(
  content: Buffer,
  columns: number,
): Promise<Array<{ line: number; cells: string[] }> | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows: Array<{ line: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line === 1) return;
    const cells = Array.from({ length: columns }, (_, i) => cellText(row.getCell(i + 1).value));
    if (cells.some(Boolean)) rows.push({ line, cells });
  });
  return rows;
}
