import { describe, expect, it } from 'vitest';
import { labelPreview } from './preview';

describe('the label template preview', () => {
  it('uses the kind’s symbology unless one is chosen: tubes DataMatrix, kit boxes Code 128', () => {
    expect(labelPreview({ kind: 'tube' })).toMatchObject({ symbology: 'datamatrix', square: true });
    expect(labelPreview({ kind: 'kit' })).toMatchObject({ symbology: 'code128', square: false });
    expect(labelPreview({ kind: 'tube', symbology: 'code128' }).square).toBe(false);
  });
  it('prints Chinese on kit boxes only, and the fields in the order given', () => {
    const fields = ['code', 'kind', 'siteName'] as const;
    expect(labelPreview({ kind: 'kit', cjk: true, fields: [...fields] })).toMatchObject({
      chinese: true,
      lines: ['T26000123K', '采样包', '北京协和医院'],
    });
    expect(labelPreview({ kind: 'tube', cjk: true, fields: [...fields] })).toMatchObject({
      chinese: false,
      lines: ['T26000123K', 'TUBE', 'Peking Union Medical College Hospital'],
    });
  });
  it('keeps the label’s proportions within the preview area', () => {
    expect(labelPreview({ widthMm: 40, heightMm: 20 }, 320).box).toEqual({ width: 320, height: 160 });
    expect(labelPreview({ widthMm: 50, heightMm: 100 }, 320).box).toEqual({ width: 80, height: 160 });
  });
});
