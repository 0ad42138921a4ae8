import { describe, expect, it } from 'vitest';
import { parseLang } from './codes.js';

describe('parseLang', () => {
  it('takes the lang header, zh_CN when it is missing or unknown', () => {
    expect(parseLang('en_US')).toBe('en_US');
    expect(parseLang('zh_CN')).toBe('zh_CN');
    expect(parseLang('zh_HK')).toBe('zh_HK');
    expect(parseLang(undefined)).toBe('zh_CN');
    expect(parseLang('fr_FR')).toBe('zh_CN');
    expect(parseLang(['en_US'])).toBe('zh_CN');
  });

  it("reads Traditional Chinese from a Chinese request's first Accept-Language (the console in zh-HK)", () => {
    expect(parseLang('zh_CN', 'zh-HK')).toBe('zh_HK');
    expect(parseLang('zh_CN', 'zh-TW,en;q=0.5')).toBe('zh_HK');
    expect(parseLang(undefined, 'zh-Hant-HK;q=0.9')).toBe('zh_HK');
    expect(parseLang('zh_CN', 'zh-MO')).toBe('zh_HK');
    expect(parseLang('zh_CN', 'zh-CN,zh;q=0.9')).toBe('zh_CN');
    expect(parseLang('zh_CN', 'en-US,zh-HK')).toBe('zh_CN');
    expect(parseLang('zh_CN', 'zh-hkx')).toBe('zh_CN');
    expect(parseLang('zh_CN', 42)).toBe('zh_CN');
  });

  it('keeps English whatever Accept-Language says', () => {
    expect(parseLang('en_US', 'zh-HK')).toBe('en_US');
  });
});
