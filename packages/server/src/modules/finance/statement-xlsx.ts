// The statement as an xlsx workbook beside its PDF (docs/finance.md "Statements"): the same data and
// the same words as the PDF (statement-pdf.ts) in the reader's language; money (amounts and unit
// prices) as number cells built from the exact decimal text, so the sheet sums them.
import { Decimal, type Lang } from '@trialab/api-contract';
import { decimalCell, documentWorkbook } from '../../lib/xlsx.js';
import { percent, type StatementPdfData, statementDocument, statementFields } from './statement-pdf.js';

const money = (value: string) => decimalCell(value, 2);

/** The statement's sheet: its fields (the locked rate and date when foreign), lines by kind, totals. */
export function statementWorkbook(d: StatementPdfData, lang: Lang): Promise<Buffer> {
  const t = statementDocument.texts[lang];
  const st = d.statement;
  const amounts = [
    { header: t.net, width: 14, right: true },
    { header: t.tax, width: 12, right: true },
    { header: t.gross, width: 14, right: true },
  ];
  return documentWorkbook({
    sheet: st.number ?? t.title,
    title: `${t.title} ${st.number ?? ''}`.trim(),
    fields: statementFields(st, t, lang),
    tables: [
      {
        title: t.lines,
        columns: [
          { header: t.kind, width: 12 },
          { header: t.service, width: 30 },
          { header: t.unit, width: 10 },
          { header: t.quantity, width: 10, right: true },
          { header: t.unitPrice, width: 12, right: true },
          { header: t.taxRate, width: 9, right: true },
          ...amounts,
        ],
        rows: [
          ...d.lines.map((l) => [
            l.kind,
            l.serviceKey,
            l.unit ?? '',
            Decimal.of(l.quantity).toString(),
            decimalCell(l.unitPrice, 4),
            percent(l.taxRate),
            money(l.net),
            money(l.tax),
            money(l.gross),
          ]),
          [t.totals, '', '', '', '', st.currency, money(st.net), money(st.tax), money(st.gross)],
        ],
      },
      {
        title: t.byKind,
        columns: [{ header: t.kind, width: 12 }, { header: t.quantity, width: 10, right: true }, ...amounts],
        rows: d.kinds.map((k) => [k.kind, String(k.lines), money(k.net), money(k.tax), money(k.gross)]),
      },
    ],
  });
}
