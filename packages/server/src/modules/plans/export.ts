import type { Lang, ReconciliationRow, ReconciliationState } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { sheetWord, tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';

const STATE_NAMES: Record<ReconciliationState, Record<Lang, string>> = {
  complete: { zh_CN: '已收齐', en_US: 'Complete', zh_HK: '已收齊' },
  overdue: { zh_CN: '已超窗', en_US: 'Overdue', zh_HK: '已超窗' },
  due: { zh_CN: '窗口期内', en_US: 'In window', zh_HK: '窗口期內' },
  open: { zh_CN: '未收齐（无窗口）', en_US: 'Missing (no window)', zh_HK: '未收齊（無窗口）' },
  upcoming: { zh_CN: '未到窗口', en_US: 'Upcoming', zh_HK: '未到窗口' },
};

type Column = 'site' | 'barcodes' | 'stateName' | keyof ReconciliationRow;
const COLUMNS: Array<XlsxColumn<Column>> = [
  { key: 'site', zh: '中心', en: 'Site', hk: '中心', width: 24 },
  { key: 'subjectNo', zh: '受试者编号', en: 'Subject no.', hk: '受試者編號', width: 14 },
  { key: 'enrolledOn', zh: '入组日期', en: 'Enrolled on', hk: '入組日期', width: 12 },
  { key: 'visitName', zh: '访视', en: 'Visit', hk: '訪視', width: 14 },
  { key: 'sampleTypeName', zh: '样本类型', en: 'Sample type', hk: '樣本類型', width: 12 },
  { key: 'dueOn', zh: '计划日期', en: 'Due on', hk: '計劃日期', width: 12 },
  { key: 'windowFrom', zh: '窗口开始', en: 'Window from', hk: '窗口開始', width: 12 },
  { key: 'windowTo', zh: '窗口结束', en: 'Window to', hk: '窗口結束', width: 12 },
  { key: 'expected', zh: '应收', en: 'Expected', hk: '應收', width: 9 },
  { key: 'received', zh: '已收', en: 'Received', hk: '已收', width: 9 },
  { key: 'labelled', zh: '在途', en: 'On the way', hk: '在途', width: 10 },
  { key: 'missing', zh: '缺失', en: 'Missing', hk: '缺失', width: 9 },
  { key: 'extra', zh: '多收', en: 'Extra', hk: '多收', width: 9 },
  { key: 'stateName', zh: '状态', en: 'State', hk: '狀態', width: 16 },
  { key: 'barcodes', zh: '条码', en: 'Barcodes', hk: '條碼', width: 40 },
];

/**
 * The reconciliation as an xlsx workbook: one line per subject, visit and sample type, headers and
 * states in the caller's language; dates are the caller's calendar days (as on the screen).
 */
const SHEET = { zh: '应收实收对账', en: 'Reconciliation', hk: '應收實收對賬' };

export function reconciliationWorkbook(
  rows: ReconciliationRow[],
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  return tableWorkbook({
    sheet: SHEET,
    columns: COLUMNS,
    rows: rows.map((r) => ({
      ...r,
      site: `${r.centerNo} ${r.siteName}`,
      stateName: STATE_NAMES[r.state][lang],
      barcodes: r.barcodes.map((b) => b.code).join(', '),
    })),
    lang,
    time,
  });
}

/** `应收实收对账-2026-11-28.xlsx` / `reconciliation-2026-11-28.xlsx` (the caller's today). */
export const reconciliationFileName = (lang: Lang, today: string) =>
  `${sheetWord({ ...SHEET, en: 'reconciliation' }, lang)}-${today}.xlsx`;
