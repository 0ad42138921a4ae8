import type { Lang, PortalResultRow } from '@trialab/api-contract';
import ExcelJS from 'exceljs';

const COLUMNS: Array<{ key: keyof PortalResultRow; zh: string; en: string; width: number }> = [
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
  { key: 'releasedAt', zh: '发布时间', en: 'Released', width: 20 },
];

const FLAGS: Record<string, Record<Lang, string>> = {
  H: { zh_CN: '偏高', en_US: 'High' },
  L: { zh_CN: '偏低', en_US: 'Low' },
  A: { zh_CN: '异常', en_US: 'Abnormal' },
};

/** The filtered results as an xlsx workbook (headers in the caller's language), like the consumables export. */
export async function resultsWorkbook(rows: PortalResultRow[], lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Trialab';
  const sheet = workbook.addWorksheet(lang === 'en_US' ? 'Results' : '结果列表');
  sheet.columns = COLUMNS.map((c) => ({
    header: lang === 'en_US' ? c.en : c.zh,
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      ...row,
      testItemName: lang === 'en_US' ? row.testItemEnName : row.testItemName,
      flag: row.flag ? FLAGS[row.flag]?.[lang] : '',
      releasedAt: row.releasedAt ? row.releasedAt.replace('T', ' ').slice(0, 19) : '',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
