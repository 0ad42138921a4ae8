import { type Lang, ResultCode } from '@trialab/api-contract';
import ExcelJS from 'exceljs';
import { ApiError } from './errors.js';
import { type MessageKey, t } from './i18n.js';
import { type SheetWords, safeRow, sheetRows, sheetWord } from './xlsx.js';

// The pieces every xlsx import shares (dictionary items, code mappings): a template in the caller's
// language, the typed rows of the first sheet, the whole-file refusals and the row errors' column
// names. Each import keeps its own row checks; preview and confirm run them on the same upload.

/** One column of an import template, in sheet order. */
export interface ImportColumn<K extends string> extends SheetWords {
  key: K;
  width: number;
}

/** A column's header in the caller's language (names the field in a row's error). */
export function importColumnTitle<K extends string>(
  columns: ReadonlyArray<ImportColumn<K>>,
  key: string,
  lang: Lang,
): string {
  const column = columns.find((c) => c.key === key);
  return column ? sheetWord(column, lang) : key;
}

/** A row error's message in the caller's language; a `field` parameter is named by its column's header. */
export function importRowMessage<K extends string, P extends string>(
  lang: Lang,
  columns: ReadonlyArray<ImportColumn<K>>,
  keys: Record<P, MessageKey>,
  error: { problem: P; params: Record<string, string | number> },
): string {
  const { field, ...rest } = error.params;
  const params =
    field === undefined ? rest : { ...rest, field: importColumnTitle(columns, String(field), lang) };
  return t(lang, keys[error.problem], params);
}

/** The template: one bold header row in the caller's language and example rows. */
export async function importTemplate<K extends string>(options: {
  sheet: SheetWords;
  columns: ReadonlyArray<ImportColumn<K>>;
  examples: ReadonlyArray<Partial<Record<K, string | number>>>;
  lang: Lang;
}): Promise<Buffer> {
  const { columns, lang } = options;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Trialab';
  const sheet = workbook.addWorksheet(sheetWord(options.sheet, lang));
  sheet.columns = columns.map((c) => ({
    header: sheetWord(c, lang),
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const example of options.examples) sheet.addRow(safeRow(example));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows after the header as text by column key (empty rows skipped); null when not a readable xlsx. */
export async function readImportRows<K extends string>(
  content: Buffer,
  columns: ReadonlyArray<ImportColumn<K>>,
): Promise<Array<{ line: number } & Record<K, string>> | null> {
  const rows = await sheetRows(content, columns.length);
  return (
    rows?.map(({ line, cells }) => {
      const row = { line } as { line: number } & Record<K, string>;
      columns.forEach((column, i) => {
        (row as Record<K, string>)[column.key] = cells[i] ?? '';
      });
      return row;
    }) ?? null
  );
}

/** Refuses an unreadable, empty or too long file as a whole, with the import's own messages. */
export function assertImportRows<R>(
  rows: R[] | null,
  max: number,
  keys: { unreadable: MessageKey; empty: MessageKey; tooMany: MessageKey },
): R[] {
  if (!rows) throw new ApiError(ResultCode.BAD_REQUEST, { key: keys.unreadable });
  if (rows.length === 0) throw new ApiError(ResultCode.BAD_REQUEST, { key: keys.empty });
  if (rows.length > max) throw new ApiError(ResultCode.BAD_REQUEST, { key: keys.tooMany, params: { max } });
  return rows;
}

/** Confirming writes something or nothing: a file without one valid row is refused. */
export function assertSomeRowValid(rows: ReadonlyArray<{ action: string }>, key: MessageKey): void {
  if (rows.every((r) => r.action === 'skip')) throw new ApiError(ResultCode.BAD_REQUEST, { key });
}
