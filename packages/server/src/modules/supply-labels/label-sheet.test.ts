import { describe, expect, it } from 'vitest';
import { labelLines } from './label-sheet.js';

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
