import { describe, expect, it } from 'vitest';
import { resultFlag, validNumeric } from './flags.js';

describe('result flags against the reference range', () => {
  it('judges numeric ranges and bounds', () => {
    expect(resultFlag('3.8', '3.9-6.1', 'numeric')).toBe('L');
    expect(resultFlag('3.9', '3.9-6.1', 'numeric')).toBeNull();
    expect(resultFlag('6.2', '3.9~6.1', 'numeric')).toBe('H');
    expect(resultFlag('5.2', '<5.2', 'numeric')).toBe('H');
    expect(resultFlag('5.2', '<=5.2', 'numeric')).toBeNull();
    expect(resultFlag('0.9', '>=1', 'numeric')).toBe('L');
    expect(resultFlag('-1', '-2-0', 'numeric')).toBeNull();
  });
  it('judges text results and leaves unknown ranges alone', () => {
    expect(resultFlag('阴性', '阴性', 'text')).toBeNull();
    expect(resultFlag('阳性', '阴性', 'text')).toBe('A');
    expect(resultFlag('Negative', 'negative', 'text')).toBeNull();
    expect(resultFlag('7', 'see note', 'numeric')).toBeNull();
    expect(resultFlag('7', null, 'numeric')).toBeNull();
    expect(resultFlag('abc', '1-2', 'numeric')).toBeNull();
  });
  it('checks numeric input and decimals', () => {
    expect(validNumeric('5.25', 2)).toBe(true);
    expect(validNumeric('5.255', 2)).toBe(false);
    expect(validNumeric('-12', 0)).toBe(true);
    expect(validNumeric('1e3', 2)).toBe(false);
    expect(validNumeric('', 2)).toBe(false);
  });
});
