import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectPaged } from '../../../test/document-check.js';
import { pdfPages } from '../../../test/pdf-text.js';
import { renderDocument } from '../../documents/document.js';
import { DEMO_LAB_PROFILE } from '../../documents/lab-profile.js';
import { zonedTime } from '../../lib/time-zone.js';
import { labelLines, labelSheet, labelSheetData } from './label-sheet.js';

const template = {
  code: 'KIT-128',
  version: 1,
  name: 'Kit box',
  kind: 'kit',
  symbology: 'code128',
  widthMm: 70,
  heightMm: 40,
  fields: ['code', 'kind', 'siteName', 'visitName'],
  cjk: true,
};
const values = { code: 'K0000123X', kind: '采样包', siteName: '北京协和医院', visitName: '' };

describe('the lines of a label on the PDF sheet', () => {
  it('prints the template fields in order, the code first, skipping empty values', () => {
    expect(labelLines(template, values)).toEqual(['K0000123X', '采样包', '北京协和医院']);
  });
  it('leaves Chinese out of a template that does not allow it', () => {
    expect(labelLines({ ...template, cjk: false }, { ...values, kind: 'KIT' })).toEqual(['K0000123X', 'KIT']);
  });
});

describe('the A4 label sheet', () => {
  it('prints every label once, in a grid across pages with the page frame, from the snapshot', async () => {
    const now = new Date('2026-11-20T06:30:00Z');
    const codes = Array.from({ length: 60 }, (_, i) => `T26${String(i).padStart(6, '0')}K`);
    const tube = {
      ...template,
      code: 'TUBE-DM',
      kind: 'tube',
      symbology: 'datamatrix',
      widthMm: 40,
      heightMm: 20,
      cjk: false,
    };
    const sheet = await labelSheetData(
      {
        id: 42,
        printer: 'desk',
        printedAt: now,
        snapshot: {
          template: { ...tube, fields: ['code', 'projectNo', 'centerNo'] },
          labels: codes.map((code) => ({ code, values: { code, projectNo: 'KM-2026-001', centerNo: '01' } })),
        },
      },
      '赵样本',
    );
    const pdf = await renderDocument(labelSheet, sheet, {
      lang: 'en_US',
      now,
      lab: DEMO_LAB_PROFILE,
      time: zonedTime({ timeZone: 'Asia/Shanghai', lang: 'en_US', now }),
    });
    if (process.env.LABEL_SHEET_OUT) writeFileSync(process.env.LABEL_SHEET_OUT, pdf);
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expectPaged(pages, 'en_US', { header: [], rows: codes });
    expect(pages[0]).toContain('Label sheet');
    expect(pages[0]).toContain('LJ-000042');
  });
});
