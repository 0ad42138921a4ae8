import type { BarcodeRow } from '@trialab/api-contract';
import type { LabelSnapshot } from '../../db/schema-supply-labels.js';

const KIND_WORDS = { tube: ['采样管', 'TUBE'], kit: ['采样包', 'KIT'] } as const;

/** The values a label prints, as the snapshot keeps them (Chinese names only on a CJK template). */
function valuesOf(row: BarcodeRow, cjk: boolean): Record<string, string> {
  return {
    code: row.code,
    projectNo: row.projectNo,
    centerNo: row.centerNo,
    siteName: row.siteName,
    visitName: row.visitName ?? '',
    kind: KIND_WORDS[row.kind][cjk ? 0 : 1],
  };
}

/**
 * What a print job freezes: the template version and every label's values (the rows read in the
 * template's language). A reprint, and the PDF sheet, render from this, never from the template
 * as edited since.
 */
export function labelSnapshot(template: LabelSnapshot['template'], rows: BarcodeRow[]): LabelSnapshot {
  return {
    template: {
      code: template.code,
      version: template.version,
      name: template.name,
      enName: template.enName ?? null,
      kind: template.kind,
      symbology: template.symbology,
      widthMm: template.widthMm,
      heightMm: template.heightMm,
      fields: template.fields,
      cjk: template.cjk,
    },
    labels: rows.map((r) => ({ code: r.code, values: valuesOf(r, template.cjk) })),
  };
}
