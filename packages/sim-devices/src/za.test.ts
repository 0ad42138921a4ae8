import { describe, expect, it } from 'vitest';
import { parseCommandText } from './za.js';

describe('parseCommandText', () => {
  it('reads a verb and key=value pairs split by spaces, new lines or &', () => {
    expect(parseCommandText('capture imageColor=0 quality=80')).toEqual({
      verb: 'CAPTURE',
      args: { imageColor: '0', quality: '80' },
    });
    expect(parseCommandText('MATCH\ttemplate=QUJD==\nfeature=REVG&x=1')).toEqual({
      verb: 'MATCH',
      args: { template: 'QUJD==', feature: 'REVG', x: '1' },
    });
  });

  it('refuses empty text, a missing verb and bare tokens', () => {
    expect(parseCommandText('')).toBeUndefined();
    expect(parseCommandText('quality=80')).toBeUndefined();
    expect(parseCommandText('CAPTURE quality')).toBeUndefined();
  });
});
