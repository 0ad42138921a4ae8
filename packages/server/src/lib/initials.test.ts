import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.js';

describe('initialsOf', () => {
  it('takes the pinyin initial of each Chinese character, surnames read as surnames', () => {
    expect(initialsOf('张三丰')).toBe('ZSF');
    expect(initialsOf('单田芳')).toBe('STF');
    expect(initialsOf('曾小贤')).toBe('ZXX');
    expect(initialsOf('欧阳娜娜')).toBe('OYNN');
    expect(initialsOf('王 小明')).toBe('WXM');
  });

  it('takes the first letter of each other word, and mixed names in order', () => {
    expect(initialsOf('John Smith')).toBe('JS');
    expect(initialsOf("Mary-Jane O'Neil")).toBe('MJO');
    expect(initialsOf('李 Anna')).toBe('LA');
    expect(initialsOf('  ')).toBe('');
  });
});
