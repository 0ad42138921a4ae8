import {
  dec,
  formatMoney,
  type Lang,
  type StatementRow,
  statementWorkflow,
  stateWord,
} from '@trialab/api-contract';
import { defineDocument } from '../../documents/document.js';

export interface StatementPdfData {
  statement: StatementRow;
  kinds: Array<{ kind: string; lines: number; net: string; tax: string; gross: string }>;
  lines: Array<{
    kind: string;
    serviceKey: string;
    unit: string | null;
    unitPrice: string;
    taxRate: string;
    quantity: string;
    net: string;
    tax: string;
    gross: string;
  }>;
}

/** A rate as a percentage ("13%"), exactly. */
export const percent = (rate: string) => `${dec(rate).mul('100').round(2).toString()}%`;

type StatementTexts = (typeof statementDocument)['texts']['zh_CN'];

/** The statement's fields as printed (PDF and xlsx): the locked rate and its date when foreign. */
export function statementFields(st: StatementRow, t: StatementTexts, lang: Lang): Array<[string, string]> {
  return [
    [t.number, st.number ?? '-'],
    [t.status, stateWord(statementWorkflow, st.status, lang)],
    [t.period, st.period],
    [t.customer, st.customerName ?? '-'],
    [t.project, `${st.projectNo} ${st.projectName}`],
    [t.currency, st.currency],
    [t.prices, st.taxInclusive ? t.inclusive : t.exclusive],
    ...(st.fxRate
      ? ([
          [t.fx, st.fxRate],
          [t.fxDate, st.fxDate ?? '-'],
        ] as Array<[string, string]>)
      : []),
  ];
}

/**
 * The statement the customer signs and keeps: its number (given at confirmation), period, project,
 * currency and, for a foreign currency, the rate to CNY and its date locked then; its lines by kind
 * (services at one price grouped, quantities and amounts summed from the rounded lines), totals by
 * kind and in all.
 */
export const statementDocument = defineDocument({
  kind: 'statement',
  barcode: 'code128',
  number: (d: StatementPdfData) => d.statement.number ?? `DRAFT-${d.statement.id}`,
  texts: {
    zh_CN: {
      title: '结算单',
      number: '结算单号',
      status: '状态',
      period: '结算期间',
      customer: '客户',
      project: '项目',
      currency: '币种',
      prices: '价格',
      inclusive: '含税价',
      exclusive: '不含税价',
      fx: '汇率（人民币）',
      fxDate: '汇率日期',
      lines: '结算明细',
      byKind: '分类合计',
      kind: '类别',
      service: '服务',
      unit: '单位',
      quantity: '数量',
      unitPrice: '单价',
      taxRate: '税率',
      net: '不含税金额',
      tax: '税额',
      gross: '价税合计',
      totals: '合计',
      lab: '实验室',
      acceptance: '客户确认',
    },
    en_US: {
      title: 'Statement',
      number: 'Statement no.',
      status: 'Status',
      period: 'Period',
      customer: 'Customer',
      project: 'Project',
      currency: 'Currency',
      prices: 'Prices',
      inclusive: 'tax included',
      exclusive: 'tax excluded',
      fx: 'Rate (CNY)',
      fxDate: 'Rate date',
      lines: 'Lines',
      byKind: 'Totals by kind',
      kind: 'Kind',
      service: 'Service',
      unit: 'Unit',
      quantity: 'Qty',
      unitPrice: 'Unit price',
      taxRate: 'Tax rate',
      net: 'Net',
      tax: 'Tax',
      gross: 'Gross',
      totals: 'Totals',
      lab: 'Laboratory',
      acceptance: 'Accepted by the customer',
    },
    zh_HK: {
      title: '結算單',
      number: '結算單號',
      status: '狀態',
      period: '結算期間',
      customer: '客戶',
      project: '項目',
      currency: '幣種',
      prices: '價格',
      inclusive: '含稅價',
      exclusive: '不含稅價',
      fx: '匯率（人民幣）',
      fxDate: '匯率日期',
      lines: '結算明細',
      byKind: '分類合計',
      kind: '類別',
      service: '服務',
      unit: '單位',
      quantity: '數量',
      unitPrice: '單價',
      taxRate: '稅率',
      net: '不含稅金額',
      tax: '稅額',
      gross: '價稅合計',
      totals: '合計',
      lab: '實驗室',
      acceptance: '客戶確認',
    },
  },
  draw(w, d, t) {
    const st = d.statement;
    w.fields(statementFields(st, t, w.lang));
    w.heading(t.lines);
    w.table({
      columns: [
        { header: t.service, width: 2.4 },
        { header: t.unit, width: 0.9 },
        { header: t.quantity, width: 0.9, align: 'right' },
        { header: t.unitPrice, width: 1.1, align: 'right' },
        { header: t.taxRate, width: 0.8, align: 'right' },
        { header: t.net, width: 1.3, align: 'right' },
        { header: t.tax, width: 1.1, align: 'right' },
        { header: t.gross, width: 1.3, align: 'right' },
      ],
      rows: [
        ...d.lines.map((l) => [
          l.serviceKey,
          l.unit ?? '',
          l.quantity,
          l.unitPrice,
          percent(l.taxRate),
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
          formatMoney(st.net),
          formatMoney(st.tax),
          formatMoney(st.gross, st.currency),
        ],
      ],
    });
    w.heading(t.byKind);
    w.table({
      columns: [
        { header: t.kind, width: 2 },
        { header: t.quantity, width: 1, align: 'right' },
        { header: t.net, width: 1.5, align: 'right' },
        { header: t.tax, width: 1.3, align: 'right' },
        { header: t.gross, width: 1.5, align: 'right' },
      ],
      rows: d.kinds.map((k) => [
        k.kind,
        k.lines,
        formatMoney(k.net),
        formatMoney(k.tax),
        formatMoney(k.gross),
      ]),
    });
    w.signatures([{ role: t.lab }, { role: t.acceptance }]);
  },
});
