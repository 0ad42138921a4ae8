import type { Lang, SpecimenEventKind, SpecimenEventRow } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';

const KIND_NAMES: Record<SpecimenEventKind, Record<Lang, string>> = {
  specimen: { zh_CN: '样本条码', en_US: 'Specimen' },
  shipment: { zh_CN: '运单签收', en_US: 'Shipment' },
  order: { zh_CN: '检测申请', en_US: 'Test order' },
  result: { zh_CN: '结果录入', en_US: 'Results' },
  report: { zh_CN: '报告', en_US: 'Report' },
  query: { zh_CN: '质疑', en_US: 'Query' },
  feedback: { zh_CN: '反馈', en_US: 'Feedback' },
};

const COLUMNS: Array<XlsxColumn<keyof SpecimenEventRow>> = [
  { key: 'barcode', zh: '条码', en: 'Barcode', width: 18 },
  { key: 'at', zh: '时间', en: 'Time', width: 20, time: true },
  { key: 'kind', zh: '类别', en: 'Kind', width: 12 },
  { key: 'action', zh: '操作', en: 'Action', width: 28 },
  { key: 'reference', zh: '单号', en: 'Reference', width: 22 },
  { key: 'username', zh: '操作人', en: 'By', width: 12 },
  { key: 'reason', zh: '原因', en: 'Reason', width: 30 },
  { key: 'workstation', zh: '工作站', en: 'Workstation', width: 16 },
];

/** The log as an xlsx workbook (headers and kinds in the caller's language, times in its zone). */
export function eventsWorkbook(found: SpecimenEventRow[], lang: Lang, time: ZonedTime): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'en_US' ? 'Specimen log' : '样本日志',
    columns: COLUMNS,
    rows: found.map((row) => ({ ...row, kind: KIND_NAMES[row.kind][lang] })),
    lang,
    time,
  });
}
