import { describe, expect, it } from 'vitest';
import { localName, localText } from './local-name.js';

describe('localName: a record kept with names per language, in the reader’s language', () => {
  const serum = { name: '血清', enName: 'Serum' };
  it('reads the English name in English, the Chinese name in Chinese (console and header codes)', () => {
    expect(localName(serum, 'en-US')).toBe('Serum');
    expect(localName(serum, 'en_US')).toBe('Serum');
    expect(localName(serum, 'zh-CN')).toBe('血清');
    expect(localName(serum, 'zh_CN')).toBe('血清');
  });
  it('reads the traditional name in zh-HK when one is stored, else the Chinese name', () => {
    expect(localName({ name: '样本管理', enName: 'Samples', hkName: '樣本管理' }, 'zh-HK')).toBe('樣本管理');
    expect(localName({ name: '样本管理', enName: 'Samples', hkName: '樣本管理' }, 'zh_HK')).toBe('樣本管理');
    expect(localName(serum, 'zh-HK')).toBe('血清');
    expect(localName({ name: '全血', enName: 'Whole blood' }, 'zh_HK')).toBe('全血');
  });
  it('falls back to the other language when the reader’s is missing or blank', () => {
    expect(localName({ name: '协和医院', enName: null }, 'en-US')).toBe('协和医院');
    expect(localName({ name: '协和医院', enName: '  ' }, 'en-US')).toBe('协和医院');
    expect(localName({ name: '', enName: 'Serum' }, 'zh-CN')).toBe('Serum');
    expect(localName({ name: '血清', hkName: '' }, 'zh-HK')).toBe('血清');
  });
});

describe('localText: a free-text field with an English text beside it (a consumable’s unit, size…)', () => {
  it('reads the English text in English, the Chinese one otherwise, each falling back to the other', () => {
    expect(localText('支', 'tube', 'en-US')).toBe('tube');
    expect(localText('支', 'tube', 'zh_CN')).toBe('支');
    expect(localText('支', 'tube', 'zh-HK')).toBe('支');
    expect(localText('50片', null, 'en_US')).toBe('50片');
    expect(localText(null, '50 sheets', 'zh-CN')).toBe('50 sheets');
  });
  it('is null when neither is given', () => {
    expect(localText(null, null, 'en-US')).toBeNull();
    expect(localText('', ' ', 'zh-CN')).toBeNull();
  });
});
