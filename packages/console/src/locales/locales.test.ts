import { describe, expect, it } from 'vitest';
import { ALL_LAYOUT_ROUTES } from '../router/routeTable';
import { LANGUAGES, resources } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}|${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('locales', () => {
  const reference = keys(resources['zh-CN'].translation).sort();

  it.each(LANGUAGES)('%s has exactly the keys of zh-CN', (lang) => {
    expect(keys(resources[lang].translation).sort()).toEqual(reference);
  });

  it.each(LANGUAGES)('%s has no empty texts', (lang) => {
    for (const text of leaves(resources[lang].translation)) {
      expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    }
  });

  it('every route of the table has a title', () => {
    const menu: Record<string, string> = resources['zh-CN'].translation.menu;
    const missing = ALL_LAYOUT_ROUTES.map((route) => route.fullPath).filter((path) => !(path in menu));
    expect(missing).toEqual([]);
  });

  it('keeps the SPEC error texts verbatim in Chinese', () => {
    const zh = resources['zh-CN'].translation;
    expect(zh.request.network).toBe('网络异常，请稍后再试');
    expect(zh.request.business).toBe('网络请求错误，请稍后再试');
    expect(zh.request.validation).toBe('校验错误');
    expect(zh.lock.wrong).toBe('密码错误，请重新填写，连续输错3次将自动退出登录');
    expect(zh.lock.tooMany).toBe('密码错误大于3次，自动退出登录');
    expect(zh.access.denied).toBe('对不起，您没有操作权限：{{operation}}');
    expect(resources['en-US'].translation.tabs.lastTab).toBe("This is the last page, you can't close it");
  });
});
