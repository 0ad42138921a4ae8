import type { DICT_IMPORT_PROBLEMS, Lang } from '@trialab/api-contract';
import type { MessageKey } from '../../lib/i18n.js';
import { findUnsafeText } from '../../lib/input.js';
import {
  assertImportRows,
  assertSomeRowValid,
  type ImportColumn,
  importRowMessage,
  importTemplate,
  readImportRows,
} from '../../lib/xlsx-import.js';

// The xlsx import of dictionary items: the template, reading a sheet and checking each row.
// Preview and confirm run the same check on the same uploaded file, so what is written is what
// the user saw (rows with errors are skipped, never half-written).

/** Rows per import file. */
export const DICT_IMPORT_MAX_ROWS = 2000;
const MAX_TEXT = 64;

const COLUMNS: Array<ImportColumn<Exclude<keyof RawRow, 'line'>>> = [
  { key: 'dictNo', zh: '字典编号', en: 'Dictionary no.', hk: '字典編號', width: 14 },
  { key: 'value', zh: '字典值', en: 'Value', hk: '字典值', width: 16 },
  { key: 'label', zh: '中文名称', en: 'Chinese label', hk: '中文名稱', width: 24 },
  { key: 'enLabel', zh: '英文名称', en: 'English label', hk: '英文名稱', width: 24 },
  { key: 'sort', zh: '排序（可选）', en: 'Sort (optional)', hk: '排序（可選）', width: 14 },
];

const ROW_MESSAGE = {
  unknownType: 'dictRowUnknownType',
  missingValue: 'dictRowMissingValue',
  missingLabel: 'dictRowMissingLabel',
  missingEnLabel: 'dictRowMissingEnLabel',
  tooLong: 'dictRowTooLong',
  badSort: 'dictRowBadSort',
  repeatedValue: 'dictRowRepeatedValue',
  unsafeText: 'dictRowUnsafeText',
} as const satisfies Record<Problem, MessageKey>;

/** A row error's message in the caller's language. */
export function dictRowMessage(lang: Lang, error: CheckedRow['errors'][number]): string {
  return importRowMessage(lang, COLUMNS, ROW_MESSAGE, error);
}

/** One sheet row as typed (all text). */
export interface RawRow {
  line: number;
  dictNo: string;
  value: string;
  label: string;
  enLabel: string;
  sort: string;
}

type Problem = (typeof DICT_IMPORT_PROBLEMS)[number];

export interface CheckedRow {
  line: number;
  dictNo: number | null;
  value: string;
  label: string;
  enLabel: string;
  sort: number | null;
  action: 'insert' | 'update' | 'skip';
  errors: Array<{ problem: Problem; params: Record<string, string | number> }>;
}

/** The template: one header row in the caller's language and an example row. */
export function dictTemplate(lang: Lang): Promise<Buffer> {
  return importTemplate({
    sheet: { zh: '字典', en: 'Dictionary', hk: '字典' },
    columns: COLUMNS,
    examples: [{ dictNo: 1011, value: 'black', label: '黑色', enLabel: 'Black', sort: 9 }],
    lang,
  });
}

/** The rows of the first sheet after the header (empty rows skipped); null when not a readable xlsx. */
export function readDictSheet(content: Buffer): Promise<RawRow[] | null> {
  return readImportRows(content, COLUMNS);
}

/** Refuses an unreadable, empty or too long file as a whole. */
export function assertImportable(rows: RawRow[] | null): RawRow[] {
  return assertImportRows(rows, DICT_IMPORT_MAX_ROWS, {
    unreadable: 'dictImportUnreadable',
    empty: 'dictImportEmpty',
    tooMany: 'dictImportTooMany',
  });
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * Each row with what confirming would do: a value new to its dictionary is inserted, a value it
 * has is relabelled (`existing` holds `dictNo/value`), a row with any error is skipped. A value
 * repeated within the file is an error on every later row.
 */
export function checkDictRows(
  rows: RawRow[],
  knownTypes: ReadonlySet<number>,
  existing: ReadonlySet<string>,
): CheckedRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((raw) => {
    const errors: CheckedRow['errors'] = [];
    const dictNo = wholeNumber(raw.dictNo);
    if (dictNo === null || !knownTypes.has(dictNo))
      errors.push({ problem: 'unknownType', params: { dictNo: raw.dictNo || '-' } });
    if (!raw.value) errors.push({ problem: 'missingValue', params: {} });
    if (!raw.label) errors.push({ problem: 'missingLabel', params: {} });
    if (!raw.enLabel) errors.push({ problem: 'missingEnLabel', params: {} });
    for (const field of ['value', 'label', 'enLabel'] as const) {
      if (raw[field].length > MAX_TEXT) errors.push({ problem: 'tooLong', params: { field, max: MAX_TEXT } });
    }
    const sort = raw.sort === '' ? 0 : wholeNumber(raw.sort);
    if (sort === null || sort > 9999) errors.push({ problem: 'badSort', params: {} });
    if (findUnsafeText(raw, 'row') !== undefined) errors.push({ problem: 'unsafeText', params: {} });
    const key = `${dictNo ?? raw.dictNo}/${raw.value}`;
    const first = firstLine.get(key);
    if (raw.value && first !== undefined) errors.push({ problem: 'repeatedValue', params: { line: first } });
    else if (raw.value) firstLine.set(key, raw.line);
    const action = errors.length > 0 ? 'skip' : existing.has(key) ? 'update' : 'insert';
    return {
      line: raw.line,
      dictNo,
      value: raw.value,
      label: raw.label,
      enLabel: raw.enLabel,
      sort: sort !== null && sort <= 9999 ? sort : null,
      action,
      errors,
    };
  });
}

/** Confirming writes something or nothing: a file without one valid row is refused. */
export function assertSomethingValid(rows: CheckedRow[]): void {
  assertSomeRowValid(rows, 'dictImportNothingValid');
}
