import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mod3736CheckChar, mod3736Valid } from './iso7064.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const neighbours = (a: string, b: string) => {
  const d = (ALPHABET.indexOf(a) - ALPHABET.indexOf(b) + 36) % 36;
  return d === 1 || d === 35;
};
const body = fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 2, maxLength: 12 });

describe('ISO 7064 MOD 37,36', () => {
  it('gives the check characters of a published ISAN (its two MOD 37,36 checks)', () => {
    // ISAN 0000-0000-D07A-0090-Q-0000-0000-X.
    expect(mod3736CheckChar('00000000D07A0090')).toBe('Q');
    expect(mod3736CheckChar('00000000D07A009000000000')).toBe('X');
    expect(mod3736Valid('00000000D07A0090Q')).toBe(true);
  });

  it('refuses every single substitution and adjacent transpositions of the data characters', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.nat(35), (text, at, by) => {
        const code = text + mod3736CheckChar(text);
        expect(mod3736Valid(code)).toBe(true);
        const i = at % code.length;
        const changed = ALPHABET[(ALPHABET.indexOf(code[i] as string) + 1 + (by % 35)) % 36] as string;
        expect(mod3736Valid(code.slice(0, i) + changed + code.slice(i + 1))).toBe(false);
        // Swaps of neighbours in the alphabet (12 → 21, 9A → A9) slip through in some contexts, about
        // 1 in 600 of all adjacent swaps; every other swap of two data characters is caught.
        const j = at % (text.length - 1);
        const a = code[j] as string;
        const b = code[j + 1] as string;
        const swapped = code.slice(0, j) + b + a + code.slice(j + 2);
        if (a !== b && !neighbours(a, b)) expect(mod3736Valid(swapped)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses codes outside 0-9A-Z', () => {
    expect(mod3736Valid('t0000000015')).toBe(false);
    expect(mod3736Valid('X')).toBe(false);
  });
});
