// ZPL of label print jobs (docs/supply.md "Barcodes and labels"), rendered on the server only, from a
// job's snapshot and the printer's profile: tubes as DataMatrix (ECC 200, `^BX…,200`) beside readable
// text, kit boxes and requisitions as Code 128 (`^BC`) over it. Text is UTF-8 (`^CI28`); Chinese
// prints only when the template allows it and the printer has a CJK font (`E:SIMSUN.TTF`), else the
// lines with characters outside ASCII are left out rather than printed as boxes.
import type { LabelPrinter } from '@trialab/api-contract';
import type { LabelSnapshot } from '../../db/schema-supply-labels.js';

const dots = (mm: number, dpi: number) => Math.round((mm * dpi) / 25.4);
/** ZPL field data: `^` and `~` are command prefixes; `_` is made the hex escape by `^FH`. */
const fieldData = (value: string) =>
  value.replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
const ascii = (value: string) => /^[\x20-\x7e]*$/.test(value);

function header(printer: LabelPrinter, widthMm: number, heightMm: number, cjk: boolean): string {
  return [
    '^XA',
    '^CI28',
    `~SD${String(printer.darkness).padStart(2, '0')}`,
    `^PW${dots(widthMm, printer.dpi)}`,
    `^LL${dots(heightMm, printer.dpi)}`,
    `^LH${printer.offsetXDots},${printer.offsetYDots}`,
    cjk ? '^CW1,E:SIMSUN.TTF' : '',
  ].join('');
}

function label(
  t: LabelSnapshot['template'],
  item: LabelSnapshot['labels'][number],
  printer: LabelPrinter,
): string {
  const cjk = t.cjk && printer.cjkFont;
  const d = (mm: number) => dots(mm, printer.dpi);
  const font = (h: number) => (cjk ? `^A1N,${h},${h}` : `^A0N,${h},${h}`);
  const lines = t.fields.map((f) => item.values[f] ?? '').filter((v) => v !== '' && (cjk || ascii(v)));
  const margin = d(1.5);
  const parts = [header(printer, t.widthMm, t.heightMm, cjk)];
  if (t.symbology === 'datamatrix') {
    const side = Math.min(d(t.heightMm) - 2 * margin, d(t.widthMm) / 2);
    const module = Math.max(2, Math.floor(side / 18));
    parts.push(`^FO${margin},${margin}^BXN,${module},200^FH^FD${fieldData(item.code)}^FS`);
    const x = margin * 2 + module * 18;
    const h = Math.max(16, Math.floor((d(t.heightMm) - 2 * margin) / Math.max(lines.length, 3)) - 4);
    lines.forEach((line, i) => {
      parts.push(`^FO${x},${margin + i * (h + 4)}${font(h)}^FH^FD${fieldData(line)}^FS`);
    });
  } else {
    const barHeight = Math.floor(d(t.heightMm) * 0.45);
    parts.push(`^FO${margin},${margin}^BY2^BCN,${barHeight},N,N,N^FH^FD${fieldData(item.code)}^FS`);
    const h = Math.max(
      16,
      Math.floor((d(t.heightMm) - barHeight - 3 * margin) / Math.max(lines.length, 2)) - 4,
    );
    lines.forEach((line, i) => {
      parts.push(`^FO${margin},${barHeight + 2 * margin + i * (h + 4)}${font(h)}^FH^FD${fieldData(line)}^FS`);
    });
  }
  parts.push('^PQ1^XZ');
  return parts.join('');
}

/** The whole job: one `^XA … ^XZ` format per label, one per line. */
export function renderZpl(snapshot: LabelSnapshot, printer: LabelPrinter): string {
  return snapshot.labels.map((item) => label(snapshot.template, item, printer)).join('\n');
}

/** A test label: the printable frame of the stock and the profile in words. */
export function testLabelZpl(printer: LabelPrinter): string {
  const w = dots(printer.widthMm, printer.dpi);
  const h = dots(printer.heightMm, printer.dpi);
  const text = `${printer.name} ${printer.dpi}dpi ${printer.widthMm}x${printer.heightMm}mm D${printer.darkness}`;
  return [
    header(printer, printer.widthMm, printer.heightMm, false),
    `^FO0,0^GB${w},${h},3^FS`,
    `^FO20,20^A0N,24,24^FH^FD${fieldData(text)}^FS`,
    `^FO20,60^A0N,24,24^FDoffset ${printer.offsetXDots},${printer.offsetYDots}^FS`,
    '^PQ1^XZ',
  ].join('');
}
