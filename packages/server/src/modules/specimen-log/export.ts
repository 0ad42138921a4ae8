import type { Lang, SpecimenEventKind, SpecimenEventRow } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';

const KIND_NAMES: Record<SpecimenEventKind, Record<Lang, string>> = {
  specimen: { zh_CN: '样本条码', en_US: 'Specimen', zh_HK: '樣本條碼' },
  shipment: { zh_CN: '运单签收', en_US: 'Shipment', zh_HK: '運單簽收' },
  order: { zh_CN: '检测申请', en_US: 'Test order', zh_HK: '檢測申請' },
  result: { zh_CN: '结果录入', en_US: 'Results', zh_HK: '結果錄入' },
  report: { zh_CN: '报告', en_US: 'Report', zh_HK: '報告' },
  query: { zh_CN: '质疑', en_US: 'Query', zh_HK: '質疑' },
  feedback: { zh_CN: '反馈', en_US: 'Feedback', zh_HK: '反饋' },
};

const COLUMNS: Array<XlsxColumn<keyof SpecimenEventRow>> = [
  { key: 'barcode', zh: '条码', en: 'Barcode', hk: '條碼', width: 18 },
  { key: 'at', zh: '时间', en: 'Time', hk: '時間', width: 20, time: true },
  { key: 'kind', zh: '类别', en: 'Kind', hk: '類別', width: 12 },
  { key: 'action', zh: '操作', en: 'Action', hk: '操作', width: 28 },
  { key: 'reference', zh: '单号', en: 'Reference', hk: '單號', width: 22 },
  { key: 'username', zh: '操作人', en: 'By', hk: '操作人', width: 12 },
  { key: 'reason', zh: '原因', en: 'Reason', hk: '原因', width: 30 },
  { key: 'workstation', zh: '工作站', en: 'Workstation', hk: '工作站', width: 16 },
];

/** The log as an xlsx workbook (headers and kinds in the caller's language, times in its zone). */
export function eventsWorkbook(found: SpecimenEventRow[], lang: Lang, time: ZonedTime): Promise<Buffer> {
  return tableWorkbook({
    sheet: { zh: '样本日志', en: 'Specimen log', hk: '樣本日誌' },
    columns: COLUMNS,
    rows: found.map((row) => ({ ...row, kind: KIND_NAMES[row.kind][lang] })),
    lang,
    time,
  });
}
