import {
  EMAIL_PATTERN,
  type Lang,
  PHONE_PATTERN,
  type PROJECT_IMPORT_PROBLEMS,
  type ProjectImportType,
} from '@trialab/api-contract';
import type { MessageKey } from '../../lib/i18n.js';
import { findUnsafeText } from '../../lib/input.js';
import type { ZonedTime } from '../../lib/time-zone.js';
import { enabledWord, tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';
import {
  assertImportRows,
  type ImportColumn,
  importRowMessage,
  importTemplate,
  readImportRows,
} from '../../lib/xlsx-import.js';

// The xlsx imports of a project record's groups, sites and contacts. The rows go into the form
// being edited (create or edit alike), never straight to the database: the record is saved as a
// whole by project.create / update, which checks everything again. So the server only reads and
// checks the sheet; the form takes the rows without errors and the user saves.

/** Rows per import file (the record itself allows 50 groups, 500 sites, 100 contacts). */
const MAX_ROWS = 500;

type Problem = (typeof PROJECT_IMPORT_PROBLEMS)[number];
export interface RowError {
  problem: Problem;
  params: Record<string, string | number>;
}

const GROUP_COLUMNS: Array<ImportColumn<'code' | 'name'>> = [
  { key: 'code', zh: '组别编码', en: 'Group code', hk: '組別編碼', width: 14 },
  { key: 'name', zh: '组别名称', en: 'Group name', hk: '組別名稱', width: 28 },
];
const CENTER_COLUMNS: Array<ImportColumn<'centerNo' | 'center' | 'name'>> = [
  { key: 'centerNo', zh: '中心编号', en: 'Site number', hk: '中心編號', width: 14 },
  {
    key: 'center',
    zh: '研究中心（编码或名称）',
    en: 'Research centre (code or name)',
    hk: '研究中心（編碼或名稱）',
    width: 32,
  },
  { key: 'name', zh: '中心名称（可选）', en: 'Site name (optional)', hk: '中心名稱（可選）', width: 28 },
];
const CONTACT_COLUMNS: Array<ImportColumn<'name' | 'role' | 'phone' | 'email'>> = [
  { key: 'name', zh: '姓名', en: 'Name', hk: '姓名', width: 16 },
  { key: 'role', zh: '角色', en: 'Role', hk: '角色', width: 16 },
  { key: 'phone', zh: '电话（可选）', en: 'Phone (optional)', hk: '電話（可選）', width: 18 },
  { key: 'email', zh: '邮箱（可选）', en: 'E-mail (optional)', hk: '郵箱（可選）', width: 26 },
];

const COLUMNS = { group: GROUP_COLUMNS, center: CENTER_COLUMNS, contact: CONTACT_COLUMNS };
const SHEETS = {
  group: { zh: '组别', en: 'Groups', hk: '組別' },
  center: { zh: '中心', en: 'Sites', hk: '中心' },
  contact: { zh: '联系人', en: 'Contacts', hk: '聯繫人' },
};
const EXAMPLES = {
  group: [{ code: 'A', name: '试验组' }],
  center: [{ centerNo: '01', center: 'RC-0001', name: '' }],
  contact: [{ name: '钱立', role: 'CRA', phone: '13900001111', email: 'qian@example.com' }],
};

const ROW_MESSAGE = {
  missing: 'projectRowMissing',
  tooLong: 'projectRowTooLong',
  repeated: 'projectRowRepeatedLine',
  inRecord: 'projectRowInRecord',
  unknownCenter: 'projectRowUnknownCenter',
  badEmail: 'projectRowBadEmail',
  badPhone: 'projectRowBadPhone',
  unsafeText: 'projectRowUnsafeText',
} as const satisfies Record<Problem, MessageKey>;

/** The template of one section: its header row in the caller's language and an example row. */
export function recordTemplate(type: ProjectImportType, lang: Lang): Promise<Buffer> {
  return importTemplate({ sheet: SHEETS[type], columns: COLUMNS[type], examples: EXAMPLES[type], lang });
}

/** The template's file name (ASCII, so every browser keeps it). */
export const templateName = (type: ProjectImportType) => `project-${type}-template.xlsx`;

/** A row error's message in the caller's language, its column named by the header. */
export function recordRowMessage(type: ProjectImportType, lang: Lang, error: RowError): string {
  return importRowMessage(lang, COLUMNS[type], ROW_MESSAGE, error);
}

/** The sheet's rows as text; an unreadable, empty or too long file is refused as a whole. */
export async function readRecordSheet<T extends ProjectImportType>(type: T, content: Buffer) {
  const rows = await readImportRows(content, COLUMNS[type] as (typeof COLUMNS)[T]);
  return assertImportRows(rows, MAX_ROWS, {
    unreadable: 'projectImportUnreadable',
    empty: 'projectImportEmpty',
    tooMany: 'projectImportTooMany',
  });
}

/** Required and length checks of one row's cells. */
function cellErrors(
  row: Record<string, string | number>,
  rules: Record<string, { max: number; required: boolean }>,
): RowError[] {
  const errors: RowError[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const value = String(row[field] ?? '');
    if (rule.required && !value) errors.push({ problem: 'missing', params: { field } });
    else if (value.length > rule.max) errors.push({ problem: 'tooLong', params: { field, max: rule.max } });
  }
  if (findUnsafeText(row, 'row') !== undefined) errors.push({ problem: 'unsafeText', params: {} });
  return errors;
}

/**
 * A key met twice: the first line in the file holding it, or "in the record" when the form already
 * has it. Keys are compared as typed but without case, as a person reading the list would.
 */
function repeats(existing: readonly string[]) {
  const inRecord = new Set(existing.map((k) => k.toLowerCase()));
  const firstLine = new Map<string, number>();
  return (key: string, line: number, field: string): RowError | undefined => {
    if (!key) return undefined;
    const k = key.toLowerCase();
    if (inRecord.has(k)) return { problem: 'inRecord', params: { field, value: key } };
    const first = firstLine.get(k);
    if (first !== undefined) return { problem: 'repeated', params: { field, line: first } };
    firstLine.set(k, line);
    return undefined;
  };
}

const withAction = <R extends { errors: RowError[] }>(row: R) => ({
  ...row,
  action: row.errors.length > 0 ? ('skip' as const) : ('insert' as const),
});

/** Groups: code (16) and name (64) required; a code once per record. */
export function checkGroupRows(
  rows: ReadonlyArray<{ line: number; code: string; name: string }>,
  existing: string[],
) {
  const repeated = repeats(existing);
  return rows.map((raw) => {
    const errors = cellErrors(raw, { code: { max: 16, required: true }, name: { max: 64, required: true } });
    const twice = repeated(raw.code, raw.line, 'code');
    if (twice) errors.push(twice);
    return withAction({ line: raw.line, code: raw.code, name: raw.name, errors });
  });
}

/** A research centre the sheet may name by code or by name (enabled ones only). */
export interface CenterChoice {
  id: number;
  code: string;
  name: string;
}

/** Sites: number (16) and an enabled research centre required, name (64) optional; a number once. */
export function checkCenterRows(
  rows: ReadonlyArray<{ line: number; centerNo: string; center: string; name: string }>,
  existing: string[],
  centers: readonly CenterChoice[],
) {
  const byKey = new Map<string, CenterChoice>();
  for (const c of centers) {
    byKey.set(c.code.toLowerCase(), c);
    byKey.set(c.name.toLowerCase(), c);
  }
  const repeated = repeats(existing);
  return rows.map((raw) => {
    const errors = cellErrors(raw, {
      centerNo: { max: 16, required: true },
      center: { max: 64, required: true },
      name: { max: 64, required: false },
    });
    const center = raw.center ? byKey.get(raw.center.toLowerCase()) : undefined;
    if (raw.center && !center) errors.push({ problem: 'unknownCenter', params: { value: raw.center } });
    const twice = repeated(raw.centerNo, raw.line, 'centerNo');
    if (twice) errors.push(twice);
    return withAction({
      line: raw.line,
      centerNo: raw.centerNo,
      center: raw.center,
      researchCenterId: center?.id ?? null,
      researchCenterName: center?.name ?? null,
      name: raw.name,
      errors,
    });
  });
}

/** Contacts: name and role (32) required, phone and e-mail optional but well-formed; a person in a role once. */
export function checkContactRows(
  rows: ReadonlyArray<{ line: number; name: string; role: string; phone: string; email: string }>,
  existing: ReadonlyArray<{ name: string; role: string }>,
) {
  // A name and role pair is the key: the same person may be listed in two roles.
  const keyOf = (c: { name: string; role: string }) => `${c.name}\u0000${c.role}`;
  const repeated = repeats(existing.map(keyOf));
  return rows.map((raw) => {
    const errors = cellErrors(raw, {
      name: { max: 32, required: true },
      role: { max: 32, required: true },
      phone: { max: 32, required: false },
      email: { max: 64, required: false },
    });
    if (raw.phone && !PHONE_PATTERN.test(raw.phone))
      errors.push({ problem: 'badPhone', params: { value: raw.phone } });
    if (raw.email && !EMAIL_PATTERN.test(raw.email))
      errors.push({ problem: 'badEmail', params: { value: raw.email } });
    const twice = raw.name && raw.role ? repeated(keyOf(raw), raw.line, 'name') : undefined;
    if (twice)
      errors.push(
        twice.problem === 'inRecord' ? { ...twice, params: { field: 'name', value: raw.name } } : twice,
      );
    return withAction({
      line: raw.line,
      name: raw.name,
      role: raw.role,
      phone: raw.phone,
      email: raw.email,
      errors,
    });
  });
}

/** The preview the console shows: rows with their messages, and the counts. */
export function previewOf<R extends { errors: RowError[]; action: 'insert' | 'skip' }>(
  type: ProjectImportType,
  lang: Lang,
  rows: R[],
) {
  const valid = rows.filter((r) => r.action === 'insert').length;
  return {
    rows: rows.map((r) => ({
      ...r,
      errors: r.errors.map((e) => ({ problem: e.problem, message: recordRowMessage(type, lang, e) })),
    })),
    valid,
    invalid: rows.length - valid,
  };
}

/** A record's section in the import layout, so an exported file imports again unchanged. */
export function recordWorkbook<T extends ProjectImportType>(
  type: T,
  rows: ReadonlyArray<Partial<Record<(typeof COLUMNS)[T][number]['key'], unknown>>>,
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  return tableWorkbook({
    sheet: SHEETS[type],
    columns: COLUMNS[type],
    rows,
    lang,
    time,
  });
}

const USER_COLUMNS: Array<XlsxColumn> = [
  { key: 'username', zh: '姓名', en: 'Name', hk: '姓名', width: 16 },
  { key: 'mobile', zh: '手机号', en: 'Mobile', hk: '手機號', width: 16 },
  { key: 'email', zh: '邮箱', en: 'E-mail', hk: '郵箱', width: 26 },
  { key: 'status', zh: '状态', en: 'Status', hk: '狀態', width: 10 },
  { key: 'grantedAt', zh: '授权时间', en: 'Granted at', hk: '授權時間', width: 20, time: true },
];

/** The research users (staff granted the project). */
export function researchUsersWorkbook(
  rows: ReadonlyArray<
    { status: number; jobNumber: string | null; deptName: string | null } & Record<string, unknown>
  >,
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  return tableWorkbook({
    sheet: { zh: '研究用户', en: 'Research users', hk: '研究用戶' },
    columns: [
      { key: 'jobNumber', zh: '工号', en: 'Job number', hk: '工號', width: 12 },
      ...USER_COLUMNS.slice(0, 3),
      { key: 'deptName', zh: '部门', en: 'Department', hk: '部門', width: 18 },
      ...USER_COLUMNS.slice(3),
    ],
    rows: rows.map((r) => ({ ...r, status: enabledWord(r.status === 1, lang) })),
    lang,
    time,
  });
}

/** The external users with the site each grant names (blank: the whole project). */
export function externalUsersWorkbook(
  rows: ReadonlyArray<
    { status: number; centerNo: string | null; siteName: string | null } & Record<string, unknown>
  >,
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  return tableWorkbook({
    sheet: { zh: '外部用户', en: 'External users', hk: '外部用戶' },
    columns: [
      { key: 'centerNo', zh: '中心编号', en: 'Site number', hk: '中心編號', width: 12 },
      { key: 'siteName', zh: '中心名称', en: 'Site name', hk: '中心名稱', width: 24 },
      ...USER_COLUMNS,
    ],
    rows: rows.map((r) => ({ ...r, status: enabledWord(r.status === 1, lang) })),
    lang,
    time,
  });
}
