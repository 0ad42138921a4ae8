// The PDF label sheet (docs/supply.md "Labels"): a print job's labels on A4 for laser printers and
// adhesive-sheet stock, for sites and desks without a label printer. Rendered from the job's frozen
// snapshot, like a ZPL reprint, so a template edited since changes nothing.

import { localName } from '@trialab/api-contract';
import type { LabelSnapshot } from '../../db/schema-supply-labels.js';
import { barcodePng } from '../../documents/barcode.js';
import { defineDocument } from '../../documents/document.js';

export interface LabelSheetData {
  jobNo: string;
  template: LabelSnapshot['template'];
  printer: string;
  printedBy: string;
  printedAt: Date;
  labels: Array<{ png: Buffer; square: boolean; lines: string[] }>;
  /** False: the labels alone, for adhesive label stock (no letterhead, job details or footer). */
  letterhead: boolean;
}

/**
 * The lines a label prints, in the template's field order: the code first as readable text, then
 * the others that have a value. Chinese only on a template that allows it (the snapshot's values
 * already follow that choice; anything outside ASCII is left out of the others, as on a printer
 * without the font).
 */
export function labelLines(template: LabelSnapshot['template'], values: Record<string, string>): string[] {
  const lines: string[] = [];
  for (const field of template.fields) {
    const value = (values[field] ?? '').trim();
    if (!value) continue;
    if (!template.cjk && /[^\x20-\x7e]/.test(value)) continue;
    lines.push(value);
  }
  return lines;
}

/** The sheet's data: each label's barcode rendered (DataMatrix square, Code 128 linear) and its lines. */
export async function labelSheetData(
  job: { id: number; snapshot: LabelSnapshot; printer: string; printedAt: Date },
  printedBy: string,
  letterhead = true,
): Promise<LabelSheetData> {
  const { template } = job.snapshot;
  const square = template.symbology === 'datamatrix';
  const labels = [];
  for (const label of job.snapshot.labels)
    labels.push({
      png: await barcodePng(square ? 'datamatrix' : 'code128', label.code),
      square,
      lines: labelLines(template, { ...label.values, code: label.code }),
    });
  return {
    jobNo: `LJ-${String(job.id).padStart(6, '0')}`,
    template,
    printer: job.printer,
    printedBy,
    printedAt: job.printedAt,
    labels,
    letterhead,
  };
}

export const labelSheet = defineDocument({
  kind: 'label-sheet',
  barcode: 'code128',
  number: (sheet: LabelSheetData) => sheet.jobNo,
  framed: (sheet) => sheet.letterhead,
  texts: {
    zh_CN: {
      title: '标签打印页',
      template: '标签模板',
      size: '标签尺寸',
      labels: '标签数',
      printedBy: '打印人',
      printedAt: '打印任务时间',
      printer: '原打印机',
      cut: '请用激光打印机按 100% 比例打印在 A4 不干胶纸上，沿虚线裁切；条码不得缩放。',
    },
    en_US: {
      title: 'Label sheet',
      template: 'Label template',
      size: 'Label size',
      labels: 'Labels',
      printedBy: 'Printed by',
      printedAt: 'Print job time',
      printer: 'Original printer',
      cut: 'Print on A4 adhesive sheets with a laser printer at 100% scale and cut along the dashed lines; do not scale the barcodes.',
    },
    zh_HK: {
      title: '標籤打印頁',
      template: '標籤範本',
      size: '標籤尺寸',
      labels: '標籤數',
      printedBy: '打印人',
      printedAt: '打印任務時間',
      printer: '原打印機',
      cut: '請用鐳射打印機按 100% 比例打印在 A4 不乾膠紙上，沿虛線裁切；條碼不得縮放。',
    },
  },
  draw(w, sheet, t) {
    const tp = sheet.template;
    if (!sheet.letterhead) {
      w.labelGrid(tp, sheet.labels);
      return;
    }
    w.fields(
      [
        [t.template, `${localName(tp, w.lang)} · ${tp.code} v${tp.version}`],
        [
          t.size,
          `${tp.widthMm} × ${tp.heightMm} mm · ${tp.symbology === 'datamatrix' ? 'DataMatrix' : 'Code 128'}`,
        ],
        [t.labels, String(sheet.labels.length)],
        [t.printer, sheet.printer],
        [t.printedBy, sheet.printedBy],
        [t.printedAt, w.time.minutes(sheet.printedAt)],
      ],
      3,
    );
    w.paragraph(t.cut, 'muted');
    w.space(4);
    w.labelGrid(tp, sheet.labels);
  },
});
