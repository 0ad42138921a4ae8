import {
  auditActionWord,
  auditFieldWord,
  auditObjectWord,
  auditRecordText,
  auditValueText,
  fieldChanges,
  type Lang,
} from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';
import type { auditRows } from './queries.js';

/** How many audit records an export holds at most (the newest of the filter). */
export const AUDIT_EXPORT_MAX = 10_000;

type AuditExportRow = Awaited<ReturnType<typeof auditRows>>[number] & { refs: Record<string, string> };

const COLUMNS: Array<XlsxColumn> = [
  { key: 'id', zh: '编号', en: 'No.', hk: '編號', width: 10 },
  { key: 'at', zh: '时间', en: 'Time', hk: '時間', width: 20, time: true },
  { key: 'username', zh: '操作人', en: 'By', hk: '操作人', width: 14 },
  { key: 'action', zh: '操作', en: 'Action', hk: '操作', width: 28 },
  { key: 'entity', zh: '对象', en: 'Object', hk: '對象', width: 18 },
  { key: 'entityId', zh: '对象编号', en: 'Record', hk: '對象編號', width: 18 },
  {
    key: 'changes',
    zh: '变更（原值 → 新值）',
    en: 'Changes (old → new)',
    hk: '變更（原值 → 新值）',
    width: 60,
  },
  { key: 'reason', zh: '原因', en: 'Reason', hk: '原因', width: 30 },
  { key: 'requestId', zh: '请求编号', en: 'Request id', hk: '請求編號', width: 24 },
  { key: 'workstation', zh: '工作站', en: 'Workstation', hk: '工作站', width: 16 },
  { key: 'ip', zh: 'IP', en: 'IP', hk: 'IP', width: 16 },
];

/** One line a changed field, in words: `Field: old → new` (the field left out when the values are not records). */
function changeLines(row: AuditExportRow, lang: Lang, time: ZonedTime): string {
  const text = (field: string, v: unknown) =>
    auditValueText(row, field, v, lang, (iso) => time.dateTime(iso));
  return fieldChanges(row.oldValue, row.newValue)
    .map(
      (c) =>
        `${c.field ? `${auditFieldWord(c.field, lang, row.entity)}: ` : ''}${text(c.field, c.before)} → ${text(c.field, c.after)}`,
    )
    .join('\n');
}

/** The filtered trail as an xlsx workbook, in words (headers, actions, objects, fields in the caller's language, times in its zone). */
export function auditWorkbook(rows: AuditExportRow[], lang: Lang, time: ZonedTime): Promise<Buffer> {
  return tableWorkbook({
    sheet: { zh: '操作日志', en: 'Operation log', hk: '操作日誌' },
    columns: COLUMNS,
    rows: rows.map((r) => ({
      ...r,
      action: auditActionWord(r.action, lang),
      entity: auditObjectWord(r.entity, lang),
      entityId: auditRecordText(r),
      changes: changeLines(r, lang, time),
    })),
    lang,
    time,
  });
}
