import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { expectPaged } from '../../test/document-check.js';
import { pdfPages } from '../../test/pdf-text.js';
import { zonedTime } from '../lib/time-zone.js';
import { defineDocument, renderDocument } from './document.js';
import { documentFonts, loadFont } from './fonts.js';
import { DEMO_LAB_PROFILE } from './lab-profile.js';

/** A document using every block of the writer, with a QR code and a logo. */
const sample = defineDocument({
  kind: 'writer-sample',
  barcode: 'qrcode',
  number: (d: { no: string; rows: number }) => d.no,
  barcodeText: (d) => `https://lab.example/verify/${d.no}`,
  texts: {
    zh_CN: { title: '样例', notice: '更正', role: '审核' },
    en_US: { title: 'Sample', notice: 'Corrected', role: 'Reviewed by' },
    zh_HK: { title: '樣例', notice: '更正', role: '審核' },
  },
  draw(w, d, t) {
    w.paragraph(t.notice, 'warning');
    w.fields([
      ['A', 'a'],
      ['B', null],
    ]);
    w.parties([{ title: 'From', lines: ['x', null, 'y'] }]);
    w.heading('Rows');
    w.table({
      columns: [
        { header: 'Key', width: 1 },
        { header: 'Value', width: 3, align: 'right' },
      ],
      rows: Array.from({ length: d.rows }, (_, i) => [`K${i}`, 'v '.repeat(1 + (i % 30))]),
    });
    w.signatures([
      { role: t.role, name: 'Chen Jing', meaning: 'Reviewed', at: '2026-11-20 14:30' },
      { role: 'Paper' },
    ]);
  },
});

function logo(): Buffer {
  const png = new PNG({ width: 8, height: 8 });
  png.data.fill(0x80);
  return PNG.sync.write(png);
}

const now = new Date('2026-11-20T06:30:00Z');
const print = { lang: 'en_US' as const, now, time: zonedTime({ timeZone: 'UTC', lang: 'en_US', now }) };

describe('document writer', () => {
  it('breaks a long table with wrapped cells across pages, each row once and the header repeated', async () => {
    const pdf = await renderDocument(
      sample,
      { no: 'S-1', rows: 120 },
      { ...print, lab: { ...DEMO_LAB_PROFILE, logo: logo() } },
    );
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(2);
    expectPaged(pages, 'en_US', {
      header: ['Key', 'Value'],
      rows: Array.from({ length: 120 }, (_, i) => `K${i}`),
    });
    const all = pages.flat();
    expect(all).toContain('Corrected');
    expect(all).toContain('Signed by: Chen Jing');
    expect(all).toContain('Signature');
    // The logo replaces the initials; the running header names the document on later pages.
    expect(all).not.toContain('TC');
    expect(pages[1]).toContain('Sample S-1');
  });

  it('fits a short document on one page', async () => {
    const pages = await pdfPages(
      await renderDocument(sample, { no: 'S-2', rows: 3 }, { ...print, lab: DEMO_LAB_PROFILE }),
    );
    expect(pages).toHaveLength(1);
    expectPaged(pages, 'en_US');
    expect(pages[0]).toContain('TC');
  });

  it('embeds the face of the document language from fonts parsed once per process', async () => {
    const faces = async (lang: 'zh_CN' | 'zh_HK') => {
      const pdf = await renderDocument(
        sample,
        { no: 'S-3', rows: 1 },
        { lang, now, time: zonedTime({ timeZone: 'UTC', lang, now }), lab: DEMO_LAB_PROFILE },
      );
      // The composite font and its descendant both name the face.
      return [
        ...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+(\S+)/g)].map((m) => m[1])),
      ].sort();
    };
    expect(await faces('zh_HK')).toEqual(['NotoSansCJKhk-Bold', 'NotoSansCJKhk-Regular']);
    expect(await faces('zh_CN')).toEqual(['NotoSansCJKsc-Bold', 'NotoSansCJKsc-Regular']);
    const hk = documentFonts('zh_HK').regular;
    expect(loadFont(hk)).toBe(loadFont({ ...hk }));
    expect(loadFont(hk)).not.toBe(loadFont(documentFonts('zh_CN').regular));
  });
});
