import type { Lang, StoredSample } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { sheetRows, tableWorkbook, XLSX_MIME, type XlsxColumn } from '../../lib/xlsx.js';
import { type ImportColumn, importTemplate } from '../../lib/xlsx-import.js';

const TEMPLATE_COLUMNS: Array<ImportColumn<'barcode' | 'position'>> = [
  { key: 'barcode', zh: '条码', en: 'Barcode', hk: '條碼', width: 24 },
  {
    key: 'position',
    zh: '位置（可选，如 B3）',
    en: 'Position (optional, e.g. B3)',
    hk: '位置（可選，如 B3）',
    width: 24,
  },
];

const EXPORT_COLUMNS: Array<XlsxColumn<keyof StoredSample>> = [
  { key: 'position', zh: '位置', en: 'Position', hk: '位置', width: 10 },
  { key: 'barcode', zh: '条码', en: 'Barcode', hk: '條碼', width: 22 },
  { key: 'projectNo', zh: '项目编号', en: 'Project no.', hk: '項目編號', width: 14 },
  { key: 'sampleTypeName', zh: '样本类型', en: 'Sample type', hk: '樣本類型', width: 12 },
  { key: 'temperatureName', zh: '温度条件', en: 'Condition', hk: '溫度條件', width: 12 },
  { key: 'deviceName', zh: '设备', en: 'Device', hk: '設備', width: 20 },
  { key: 'containerCode', zh: '容器', en: 'Container', hk: '容器', width: 16 },
  { key: 'storedByName', zh: '入库人', en: 'Stored by', hk: '入庫人', width: 12 },
  { key: 'storedAt', zh: '入库时间', en: 'Stored at', hk: '入庫時間', width: 20, time: true },
];

export { XLSX_MIME };

/** The import template: barcode and optional position columns, headers in the caller's language. */
export function templateWorkbook(lang: Lang): Promise<Buffer> {
  return importTemplate({
    sheet: { zh: '样本', en: 'Samples', hk: '樣本' },
    columns: TEMPLATE_COLUMNS,
    examples: [],
    lang,
  });
}

/** The samples of one container, by position (times in the request's zone). */
export function containerWorkbook(
  code: string,
  rows: StoredSample[],
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  return tableWorkbook({ sheet: code, columns: EXPORT_COLUMNS, rows, lang, time });
}

/**
 * The rows of an import (first sheet; row 1 is the header): line number, barcode, position.
 * Empty rows are skipped. Null when the bytes are not a readable xlsx workbook.
 */
export async function readImport(
  content: Buffer,
): Promise<Array<{ line: number; barcode: string; position: string | null }> | null> {
  const rows = await sheetRows(content, 2);
  return (
    rows?.map(({ line, cells: [barcode = '', position = ''] }) => ({
      line,
      barcode,
      position: position || null,
    })) ?? null
  );
}
