import { consumableOrderWorkflow, type Lang, stateWord } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';
import type { OrderRow } from './repository.js';

const COLUMNS: Array<XlsxColumn<keyof OrderRow>> = [
  { key: 'orderNo', zh: '申请单号', en: 'Order no.', width: 20 },
  { key: 'projectNo', zh: '项目编号', en: 'Project no.', width: 14 },
  { key: 'projectName', zh: '项目名称', en: 'Project', width: 24 },
  { key: 'siteNo', zh: '中心编号', en: 'Site no.', width: 10 },
  { key: 'siteName', zh: '中心名称', en: 'Site', width: 24 },
  { key: 'receiver', zh: '收件人', en: 'Receiver', width: 12 },
  { key: 'status', zh: '状态', en: 'Status', width: 12 },
  { key: 'expectedShipDate', zh: '期望发货日期', en: 'Expected ship date', width: 14 },
  { key: 'auditTime', zh: '外部审核时间', en: 'Audit time', width: 20, time: true },
  { key: 'rejectReason', zh: '驳回原因', en: 'Rejection reason', width: 30 },
  { key: 'courier', zh: '快递公司', en: 'Courier', width: 12 },
  { key: 'expressNo', zh: '快递单号', en: 'Waybill', width: 18 },
  { key: 'applicantName', zh: '申请人', en: 'Applicant', width: 12 },
  { key: 'applyTime', zh: '申请时间', en: 'Apply time', width: 20, time: true },
];

/** The filtered applications as an xlsx workbook (headers in the caller's language, times in its zone). */
export function ordersWorkbook(rows: OrderRow[], lang: Lang, time: ZonedTime): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'en_US' ? 'Consumable applications' : '耗材申请',
    columns: COLUMNS,
    rows: rows.map((row) => ({ ...row, status: stateWord(consumableOrderWorkflow, row.status, lang) })),
    lang,
    time,
  });
}
