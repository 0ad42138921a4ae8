import { consumableOrderWorkflow, type Lang, stateWord } from '@trialab/api-contract';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';
import type { OrderRow } from './repository.js';

const COLUMNS: Array<XlsxColumn<keyof OrderRow>> = [
  { key: 'orderNo', zh: '申请单号', en: 'Order no.', hk: '申請單號', width: 20 },
  { key: 'projectNo', zh: '项目编号', en: 'Project no.', hk: '項目編號', width: 14 },
  { key: 'projectName', zh: '项目名称', en: 'Project', hk: '項目名稱', width: 24 },
  { key: 'siteNo', zh: '中心编号', en: 'Site no.', hk: '中心編號', width: 10 },
  { key: 'siteName', zh: '中心名称', en: 'Site', hk: '中心名稱', width: 24 },
  { key: 'receiver', zh: '收件人', en: 'Receiver', hk: '收件人', width: 12 },
  { key: 'status', zh: '状态', en: 'Status', hk: '狀態', width: 12 },
  { key: 'expectedShipDate', zh: '期望发货日期', en: 'Expected ship date', hk: '期望發貨日期', width: 14 },
  { key: 'auditTime', zh: '外部审核时间', en: 'Audit time', hk: '外部審核時間', width: 20, time: true },
  { key: 'rejectReason', zh: '驳回原因', en: 'Rejection reason', hk: '駁回原因', width: 30 },
  { key: 'courier', zh: '快递公司', en: 'Courier', hk: '快遞公司', width: 12 },
  { key: 'expressNo', zh: '快递单号', en: 'Waybill', hk: '快遞單號', width: 18 },
  { key: 'applicantName', zh: '申请人', en: 'Applicant', hk: '申請人', width: 12 },
  { key: 'applyTime', zh: '申请时间', en: 'Apply time', hk: '申請時間', width: 20, time: true },
];

/** The filtered applications as an xlsx workbook (headers in the caller's language, times in its zone). */
export function ordersWorkbook(rows: OrderRow[], lang: Lang, time: ZonedTime): Promise<Buffer> {
  return tableWorkbook({
    sheet: { zh: '耗材申请', en: 'Consumable applications', hk: '耗材申請' },
    columns: COLUMNS,
    rows: rows.map((row) => ({ ...row, status: stateWord(consumableOrderWorkflow, row.status, lang) })),
    lang,
    time,
  });
}
