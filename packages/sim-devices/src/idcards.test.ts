import { describe, expect, it } from 'vitest';
import { idCardInfo, withCheckDigit } from './idcards.js';

describe('ID card fixtures', () => {
  it('computes the GB 11643 check character', () => {
    // Published example number from the standard.
    expect(withCheckDigit('11010519491231002')).toBe('11010519491231002X');
  });

  it('uses obviously fake resident numbers with valid check characters', async () => {
    for (const type of ['B', 'C'] as const) {
      const info = await idCardInfo(type);
      expect(info.cardID).toMatch(/^99\d{15}[\dX]$/);
      expect(withCheckDigit(info.cardID.slice(0, 17))).toBe(info.cardID);
    }
    expect((await idCardInfo('I')).cardID.startsWith('ZZZ')).toBe(true);
  });

  it('applies overrides but keeps the presented type', async () => {
    const info = await idCardInfo('J', { name: 'X', cardType: 'B' });
    expect(info).toMatchObject({ name: 'X', cardType: 'J' });
  });
});
