import { barcode, positionLabel, rangeCodes, SAMPLE_CODE_BATCH_MAX } from '@trialab/api-contract';
import { parseBarcodes } from '../barcodes';

/** What a barcode label may hold: the contract's rule. */
export const isBarcode = (code: string): boolean => barcode.safeParse(code).success;

/**
 * Adds scanned or typed barcodes (one scan, or several pasted) to a list: keeps the order, drops
 * repeats and reports the malformed and the already-listed ones so the page can say so.
 */
export function addScanned(
  list: readonly string[],
  raw: string,
): { list: string[]; added: string[]; invalid: string[]; repeated: string[] } {
  const next = [...list];
  const added: string[] = [];
  const invalid: string[] = [];
  const repeated: string[] = [];
  for (const code of parseBarcodes(raw)) {
    if (!isBarcode(code)) invalid.push(code);
    else if (next.includes(code)) repeated.push(code);
    else {
      next.push(code);
      added.push(code);
    }
  }
  return { list: next, added, invalid, repeated };
}

export interface GridCell {
  position: string;
  row: number;
  col: number;
  taken: boolean;
  /** Null for a free position, or a sample of a project the user cannot see. */
  barcode: string | null;
}

/** The container's positions row by row (A1, A2, …), each free or taken. */
export function containerGrid(
  rows: number,
  cols: number,
  occupied: ReadonlyArray<{ row: number; col: number; barcode: string | null }>,
): GridCell[][] {
  const at = new Map(occupied.map((o) => [`${o.row}:${o.col}`, o]));
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => {
      const hit = at.get(`${r + 1}:${c + 1}`);
      return {
        position: positionLabel(r + 1, c + 1),
        row: r + 1,
        col: c + 1,
        taken: hit !== undefined,
        barcode: hit?.barcode ?? null,
      };
    }),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A printable page listing barcodes (the sub-barcode print list), one row each with its details. */
export function printSheet(
  title: string,
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  const head = headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${r.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body{font-family:sans-serif;margin:16px}table{border-collapse:collapse;width:100%}
th,td{border:1px solid #999;padding:4px 8px;text-align:left;font-size:12px}td:first-child{font-family:monospace;font-size:14px}
</style></head><body><h3>${escapeHtml(title)}</h3><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`;
}

/** The codes a range would register, or null while the range is incomplete or too long. */
export function rangePreview(v: {
  prefix?: string;
  from?: number;
  to?: number;
  width?: number;
}): string[] | null {
  if (!v.prefix || v.from === undefined || v.to === undefined || !v.width) return null;
  if (v.to < v.from || v.to - v.from >= SAMPLE_CODE_BATCH_MAX) return null;
  return rangeCodes({ prefix: v.prefix, from: v.from, to: v.to, width: v.width });
}
