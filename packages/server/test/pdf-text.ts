import { inflateSync } from 'node:zlib';

/** Every stream of a PDF made by pdfkit, inflated (pdfkit compresses with FlateDecode). */
function streams(pdf: Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const start = bytes.indexOf('stream\n', from, 'latin1');
    if (start === -1) break;
    const end = bytes.indexOf('\nendstream', start, 'latin1');
    if (end === -1) break;
    const data = bytes.subarray(start + 'stream\n'.length, end);
    try {
      out.push(inflateSync(data).toString('latin1'));
    } catch {
      out.push(data.toString('latin1'));
    }
    from = end + '\nendstream'.length;
  }
  return out;
}

/**
 * The text lines of a pdfkit PDF with one embedded font: glyph ids of each `TJ` mapped back through
 * the font's ToUnicode CMap. Enough for tests to read what a document prints.
 */
export function pdfText(pdf: Uint8Array): string[] {
  const all = streams(pdf);
  const unicode = new Map<number, string>();
  for (const s of all.filter((x) => x.includes('beginbfrange'))) {
    for (const [, start, entries] of s.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
      let gid = Number.parseInt(start ?? '0', 16);
      for (const [, units] of (entries ?? '').matchAll(/<([0-9a-f ]*)>/gi)) {
        const codes = (units ?? '').split(' ').filter(Boolean);
        unicode.set(gid++, String.fromCharCode(...codes.map((u) => Number.parseInt(u, 16))));
      }
    }
  }
  const lines: string[] = [];
  for (const s of all) {
    for (const [, array] of s.matchAll(/\[([^\]]*)\] TJ/g)) {
      let text = '';
      for (const [, hex] of (array ?? '').matchAll(/<([0-9a-f]*)>/gi)) {
        for (let i = 0; i + 4 <= (hex ?? '').length; i += 4) {
          text += unicode.get(Number.parseInt((hex ?? '').slice(i, i + 4), 16)) ?? '\uFFFD';
        }
      }
      lines.push(text);
    }
  }
  return lines;
}
