import { type Lang, localName, type PortalResultRow } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';

const COLUMNS: Array<XlsxColumn<keyof PortalResultRow>> = [
  { key: 'reportNo', zh: '报告编号', en: 'Report no.', width: 22 },
  { key: 'projectNo', zh: '项目编号', en: 'Project no.', width: 14 },
  { key: 'siteName', zh: '中心名称', en: 'Site', width: 22 },
  { key: 'subjectNo', zh: '受试者编号', en: 'Subject no.', width: 14 },
  { key: 'visit', zh: '访视', en: 'Visit', width: 14 },
  { key: 'barcode', zh: '条码', en: 'Barcode', width: 16 },
  { key: 'testItemName', zh: '检测项目', en: 'Test item', width: 20 },
  { key: 'value', zh: '检测结果', en: 'Result', width: 12 },
  { key: 'referenceRange', zh: '参考范围', en: 'Reference range', width: 16 },
  { key: 'unit', zh: '单位', en: 'Unit', width: 10 },
  { key: 'flag', zh: '异常类型', en: 'Abnormality', width: 10 },
  { key: 'releasedAt', zh: '发布时间', en: 'Released', width: 20, time: true },
];

const FLAGS: Record<string, Record<Lang, string>> = {
  H: { zh_CN: '偏高', en_US: 'High' },
  L: { zh_CN: '偏低', en_US: 'Low' },
  A: { zh_CN: '异常', en_US: 'Abnormal' },
};

/** The filtered results as an xlsx workbook (headers in the caller's language, times in its zone). */
export function resultsWorkbook(rows: PortalResultRow[], lang: Lang, time: ZonedTime): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'en_US' ? 'Results' : '结果列表',
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
