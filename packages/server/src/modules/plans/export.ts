import type { Lang, ReconciliationRow, ReconciliationState } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';

const STATE_NAMES: Record<ReconciliationState, Record<Lang, string>> = {
  complete: { zh_CN: '已收齐', en_US: 'Complete' },
  overdue: { zh_CN: '已超窗', en_US: 'Overdue' },
  due: { zh_CN: '窗口期内', en_US: 'In window' },
  open: { zh_CN: '未收齐（无窗口）', en_US: 'Missing (no window)' },
  upcoming: { zh_CN: '未到窗口', en_US: 'Upcoming' },
};

type Column = 'site' | 'barcodes' | 'stateName' | keyof ReconciliationRow;
const COLUMNS: Array<XlsxColumn<Column>> = [
  { key: 'site', zh: '中心', en: 'Site', width: 24 },
  { key: 'subjectNo', zh: '受试者编号', en: 'Subject no.', width: 14 },
  { key: 'enrolledOn', zh: '入组日期', en: 'Enrolled on', width: 12 },
  { key: 'visitName', zh: '访视', en: 'Visit', width: 14 },
  { key: 'sampleTypeName', zh: '样本类型', en: 'Sample type', width: 12 },
  { key: 'dueOn', zh: '计划日期', en: 'Due on', width: 12 },
  { key: 'windowFrom', zh: '窗口开始', en: 'Window from', width: 12 },
  { key: 'windowTo', zh: '窗口结束', en: 'Window to', width: 12 },
  { key: 'expected', zh: '应收', en: 'Expected', width: 9 },
  { key: 'received', zh: '已收', en: 'Received', width: 9 },
  { key: 'labelled', zh: '在途', en: 'On the way', width: 10 },
  { key: 'missing', zh: '缺失', en: 'Missing', width: 9 },
  { key: 'extra', zh: '多收', en: 'Extra', width: 9 },
  { key: 'stateName', zh: '状态', en: 'State', width: 16 },
  { key: 'barcodes', zh: '条码', en: 'Barcodes', width: 40 },
];

/**
 * The reconciliation as an xlsx workbook: one line per subject, visit and sample type, headers and
 * states in the caller's language; dates are the caller's calendar days (as on the screen).
 */
export function reconciliationWorkbook(
  rows: ReconciliationRow[],
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'en_US' ? 'Reconciliation' : '应收实收对账',
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
  `${lang === 'en_US' ? 'reconciliation' : '应收实收对账'}-${today}.xlsx`;
