import {
  type CustomerRow,
  formatMoney,
  type QuotationLine,
  type QuotationRow,
  quotationWorkflow,
  stateWord,
} from '@trialab/api-contract';
import { defineDocument } from '../../documents/document.js';
import { percent } from './service.js';

export interface QuotationPdfData {
  quotation: QuotationRow;
  customer: CustomerRow;
  lines: QuotationLine[];
}

/**
 * The quotation the customer receives, in the customer's language: its lines as priced by the one
 * rounding rule (quantity, unit price, discount, net, tax, gross), the totals summed from the lines,
 * the validity and who approved it.
 */
export const quotationDocument = defineDocument({
  kind: 'quotation',
  barcode: 'code128',
  number: (d: QuotationPdfData) => `${d.quotation.number}-V${d.quotation.revision}`,
  texts: {
    zh_CN: {
      title: '报价单',
      number: '报价单号',
      revision: '版本',
      status: '状态',
      customer: '客户',
      project: '项目',
      currency: '币种',
      prices: '价格',
      inclusive: '含税价',
      exclusive: '不含税价',
      validUntil: '有效期至',
      reviewer: '审核人',
      lines: '报价明细',
      index: '序号',
      service: '服务',
      unit: '单位',
      quantity: '数量',
      unitPrice: '单价',
      discount: '折扣',
      net: '不含税金额',
      tax: '税额',
      gross: '价税合计',
      totals: '合计',
      documentDiscount: '整单折扣',
      sales: '销售代表',
      acceptance: '客户确认',
    },
    en_US: {
      title: 'Quotation',
      number: 'Quotation no.',
      revision: 'Version',
      status: 'Status',
      customer: 'Customer',
      project: 'Project',
      currency: 'Currency',
      prices: 'Prices',
      inclusive: 'tax included',
      exclusive: 'tax excluded',
      validUntil: 'Valid until',
      reviewer: 'Approved by',
      lines: 'Lines',
      index: 'No.',
      service: 'Service',
      unit: 'Unit',
      quantity: 'Qty',
      unitPrice: 'Unit price',
      discount: 'Discount',
      net: 'Net',
      tax: 'Tax',
      gross: 'Gross',
      totals: 'Totals',
      documentDiscount: 'Document discount',
      sales: 'Sales',
      acceptance: 'Accepted by the customer',
    },
    zh_HK: {
      title: '報價單',
      number: '報價單號',
      revision: '版本',
      status: '狀態',
      customer: '客戶',
      project: '項目',
      currency: '幣種',
      prices: '價格',
      inclusive: '含稅價',
      exclusive: '不含稅價',
      validUntil: '有效期至',
      reviewer: '審核人',
      lines: '報價明細',
      index: '序號',
      service: '服務',
      unit: '單位',
      quantity: '數量',
      unitPrice: '單價',
      discount: '折扣',
      net: '不含稅金額',
      tax: '稅額',
      gross: '價稅合計',
      totals: '合計',
      documentDiscount: '整單折扣',
      sales: '銷售代表',
      acceptance: '客戶確認',
    },
  },
  draw(w, d, t) {
    const q = d.quotation;
    w.fields([
      [t.number, q.number],
      [t.revision, `V${q.revision}`],
      [t.status, stateWord(quotationWorkflow, q.status, w.lang)],
      [t.customer, d.customer.name],
      [t.project, `${q.projectNo} ${q.projectName}`],
      [t.currency, q.currency],
      [t.prices, q.taxInclusive ? t.inclusive : t.exclusive],
      [t.validUntil, q.validUntil],
      [t.reviewer, q.reviewerName],
      [t.documentDiscount, percent(q.discountRate)],
    ]);
    w.heading(t.lines);
    w.table({
      columns: [
        { header: t.index, width: 0.5, align: 'right' },
        { header: t.service, width: 2.6 },
        { header: t.unit, width: 0.9 },
        { header: t.quantity, width: 0.8, align: 'right' },
        { header: t.unitPrice, width: 1.1, align: 'right' },
        { header: t.discount, width: 1, align: 'right' },
        { header: t.net, width: 1.3, align: 'right' },
        { header: t.tax, width: 1.1, align: 'right' },
        { header: t.gross, width: 1.3, align: 'right' },
      ],
      rows: [
        ...d.lines.map((l, i) => [
          i + 1,
          l.name,
          l.unit,
          l.quantity,
          l.unitPrice,
          formatMoney(l.discount),
          formatMoney(l.net),
          formatMoney(l.tax),
          formatMoney(l.gross),
        ]),
        [
          '',
          t.totals,
          '',
          '',
          '',
          formatMoney(q.discount),
          formatMoney(q.net),
          formatMoney(q.tax),
          formatMoney(q.gross),
        ],
      ],
    });
    w.signatures([{ role: t.sales }, { role: t.acceptance }]);
  },
});
