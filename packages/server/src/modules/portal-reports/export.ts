import { type Lang, localName, type PortalResultRow } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';

const COLUMNS: Array<XlsxColumn<keyof PortalResultRow>> = [
  { key: 'reportNo', zh: '报告编号', en: 'Report no.', hk: '報告編號', width: 22 },
  { key: 'projectNo', zh: '项目编号', en: 'Project no.', hk: '項目編號', width: 14 },
  { key: 'siteName', zh: '中心名称', en: 'Site', hk: '中心名稱', width: 22 },
  { key: 'subjectNo', zh: '受试者编号', en: 'Subject no.', hk: '受試者編號', width: 14 },
  { key: 'visit', zh: '访视', en: 'Visit', hk: '訪視', width: 14 },
  { key: 'barcode', zh: '条码', en: 'Barcode', hk: '條碼', width: 16 },
  { key: 'testItemName', zh: '检测项目', en: 'Test item', hk: '檢測項目', width: 20 },
  { key: 'value', zh: '检测结果', en: 'Result', hk: '檢測結果', width: 12 },
  { key: 'referenceRange', zh: '参考范围', en: 'Reference range', hk: '參考範圍', width: 16 },
  { key: 'unit', zh: '单位', en: 'Unit', hk: '單位', width: 10 },
  { key: 'flag', zh: '异常类型', en: 'Abnormality', hk: '異常類型', width: 10 },
  { key: 'releasedAt', zh: '发布时间', en: 'Released', hk: '發布時間', width: 20, time: true },
];

const FLAGS: Record<string, Record<Lang, string>> = {
  H: { zh_CN: '偏高', en_US: 'High', zh_HK: '偏高' },
  L: { zh_CN: '偏低', en_US: 'Low', zh_HK: '偏低' },
  A: { zh_CN: '异常', en_US: 'Abnormal', zh_HK: '異常' },
};

/** The filtered results as an xlsx workbook (headers in the caller's language, times in its zone). */
export function resultsWorkbook(rows: PortalResultRow[], lang: Lang, time: ZonedTime): Promise<Buffer> {
  return tableWorkbook({
    sheet: { zh: '结果列表', en: 'Results', hk: '結果列表' },
    columns: COLUMNS,
    rows: rows.map((row) => ({
      ...row,
      testItemName: localName({ name: row.testItemName, enName: row.testItemEnName }, lang),
      flag: row.flag ? FLAGS[row.flag]?.[lang] : '',
    })),
    lang,
    time,
  });
}
