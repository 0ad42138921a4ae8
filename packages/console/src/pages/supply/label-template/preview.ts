import {
  DEFAULT_SYMBOLOGY,
  type LABEL_KINDS,
  type LABEL_SYMBOLOGIES,
  type LabelField,
} from '@trialab/api-contract';

type Kind = (typeof LABEL_KINDS)[number];
type Symbology = (typeof LABEL_SYMBOLOGIES)[number];

/** Example values a preview prints (no personal data is a field a template can name). */
const EXAMPLE: Record<LabelField, { latin: string; chinese?: string }> = {
  code: { latin: 'T26000123K' },
  projectNo: { latin: 'KM-2026-001' },
  centerNo: { latin: '01' },
  siteName: { latin: 'Peking Union Medical College Hospital', chinese: '北京协和医院' },
  visitName: { latin: 'V1 Baseline', chinese: 'V1 基线' },
  kind: { latin: 'TUBE', chinese: '采样管' },
};

export interface PreviewInput {
  kind?: Kind;
  symbology?: Symbology;
  widthMm?: number;
  heightMm?: number;
  fields?: LabelField[];
  cjk?: boolean;
}

export interface Preview {
  symbology: Symbology;
  /** A DataMatrix is square, beside the text; a Code 128 is linear, above it. */
  square: boolean;
  /** Chinese is printed: kit-box templates only (the server keeps the same rule). */
  chinese: boolean;
  lines: string[];
  /** The label's box in pixels, scaled to fit `maxPx` wide and half as high, proportions kept. */
  box: { width: number; height: number };
}

/**
 * What a template prints, for the editor's preview: the server's rules (docs/supply.md "Labels"):
 * the kind's default symbology unless one is chosen, Chinese only on kit boxes, the fields in the
 * order given with example values, the code first as readable text when it is one of them.
 */
export function labelPreview(input: PreviewInput, maxPx = 320): Preview {
  const kind = input.kind ?? 'tube';
  const symbology = input.symbology ?? DEFAULT_SYMBOLOGY[kind];
  const chinese = Boolean(input.cjk) && kind === 'kit';
  const widthMm = input.widthMm && input.widthMm > 0 ? input.widthMm : 40;
  const heightMm = input.heightMm && input.heightMm > 0 ? input.heightMm : 20;
  const scale = Math.min(maxPx / widthMm, maxPx / 2 / heightMm);
  const values = {
    ...Object.fromEntries(Object.entries(EXAMPLE).map(([k, v]) => [k, (chinese && v.chinese) || v.latin])),
    kind: chinese ? { tube: '采样管', kit: '采样包', requisition: '申请单' }[kind] : kind.toUpperCase(),
  } as Record<LabelField, string>;
  return {
    symbology,
    square: symbology === 'datamatrix',
    chinese,
    lines: (input.fields ?? []).map((f) => values[f]),
    box: { width: Math.round(widthMm * scale), height: Math.round(heightMm * scale) },
  };
}
