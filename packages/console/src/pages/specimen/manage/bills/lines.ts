// The bills' page logic without React: pasted or scanned barcodes to bill lines, and a bill's
// lines grouped for the pick list.
import type { BillLine } from '@trialab/api-contract';

export interface LineInput {
  barcode: string;
  quantityUl?: number;
}

/**
 * Text pasted or scanned into the barcode box (one a line; a scanner ends each with Enter) to bill
 * lines: `BARCODE` takes the whole tube, `BARCODE,200` (or a tab or space) 200 µL of it. Blank lines
 * are skipped, a barcode given twice counts once. The first malformed line is reported (1-based).
 */
export function parseLines(
  text: string,
): { lines: LineInput[]; bad?: undefined } | { lines?: undefined; bad: { line: number; text: string } } {
  const lines: LineInput[] = [];
  const seen = new Set<string>();
  const rows = text.split(/\r?\n/);
  for (const [i, raw] of rows.entries()) {
    const row = raw.trim();
    if (!row) continue;
    const match = /^([A-Za-z0-9][A-Za-z0-9_.-]{0,63})(?:[\s,，\t]+(\d{1,7}))?$/.exec(row);
    const barcode = match?.[1];
    const quantity = match?.[2] ? Number(match[2]) : undefined;
    if (!barcode || quantity === 0) return { bad: { line: i + 1, text: row } };
    if (seen.has(barcode)) continue;
    seen.add(barcode);
    lines.push(quantity === undefined ? { barcode } : { barcode, quantityUl: quantity });
  }
  return { lines };
}

/** A line's place for the pick list: `Room / Unit / Rack / Box Cell`, or a dash when not in the library. */
export function placeOf(line: Pick<BillLine, 'roomName' | 'unitName' | 'rack' | 'box' | 'position'>): string {
  if (!line.box) return '-';
  return [line.roomName, line.unitName, line.rack, `${line.box} ${line.position ?? ''}`.trim()]
    .filter(Boolean)
    .join(' / ');
}

/** The boxes of the pick list with how many of their tubes the bill takes (in pick order). */
export function boxesOf(lines: Array<Pick<BillLine, 'box'>>): Array<{ box: string; tubes: number }> {
  const out: Array<{ box: string; tubes: number }> = [];
  for (const line of lines) {
    if (!line.box) continue;
    const last = out[out.length - 1];
    if (last?.box === line.box) last.tubes += 1;
    else out.push({ box: line.box, tubes: 1 });
  }
  return out;
}
