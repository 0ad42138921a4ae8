import { describe, expect, it } from 'vitest';
import { finishNumber, sanitizeNumber } from './rules';

describe('sanitizeNumber', () => {
  it('strips non-numeric characters and leading zeros', () => {
    expect(sanitizeNumber('a1b2c')).toBe('12');
    expect(sanitizeNumber('007')).toBe('7');
    expect(sanitizeNumber('00.5')).toBe('0.5');
  });
  it('turns a leading dot into 0.', () => {
    expect(sanitizeNumber('.5')).toBe('0.5');
    expect(sanitizeNumber('.')).toBe('0.');
  });
  it('keeps 2 decimals by default, or the given digit; 0 means integers', () => {
    expect(sanitizeNumber('1.23456')).toBe('1.23');
    expect(sanitizeNumber('1.23456', { digit: 4 })).toBe('1.2345');
    expect(sanitizeNumber('1.5', { digit: 0 })).toBe('15');
    expect(sanitizeNumber('1.2.3')).toBe('1.23');
  });
  it('allows a minus only when negative is set', () => {
    expect(sanitizeNumber('-3')).toBe('3');
    expect(sanitizeNumber('-3', { negative: true })).toBe('-3');
    expect(sanitizeNumber('-', { negative: true })).toBe('-');
  });
  it('clamps beyond limits with isReplace, otherwise keeps the previous value', () => {
    expect(sanitizeNumber('120', { max: 100, isReplace: true })).toBe('100');
    expect(sanitizeNumber('120', { max: 100 }, '12')).toBe('12');
    expect(sanitizeNumber('-5', { min: 0, negative: true, isReplace: true })).toBe('0');
    expect(sanitizeNumber('-5', { min: -2, negative: true }, '-1')).toBe('-1');
  });
});

describe('finishNumber', () => {
  it('clears a lone minus and a trailing dot on blur', () => {
    expect(finishNumber('-')).toBe('');
    expect(finishNumber('3.')).toBe('3');
    expect(finishNumber('3.5')).toBe('3.5');
  });
});
