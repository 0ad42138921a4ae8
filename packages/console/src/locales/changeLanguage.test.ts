import { waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthorization } from '../utils/cookie';
import { antdLocale, changeLanguage, currentLanguage, i18n, storedLanguage } from './index';
import { LOGIN_NAMESPACES } from './loader';

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('changeLanguage', () => {
  it('switches i18next, dayjs and antd together and keeps the choice in local storage', async () => {
    expect(antdLocale('zh-CN')?.locale).toBe('zh-cn');
    await changeLanguage('en-US');
    expect(antdLocale('en-US')?.locale).toBe('en');
    expect(currentLanguage()).toBe('en-US');
    expect(i18n.t('tabs.lastTab')).toBe("This is the last page, you can't close it");
    expect(dayjs.locale()).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en-US');
    expect(storedLanguage()).toBe('en-US');

    await changeLanguage('zh-HK');
    expect(i18n.t('menu./home/todo')).toBe('待辦事項');
    expect(dayjs.locale()).toBe('zh-hk');
    expect(antdLocale('zh-HK')?.locale).toBe('zh-hk');
    expect(antdLocale('fr-FR')).toBeUndefined();
  });

  it('announces the new language only once its texts are there (no keys on screen)', async () => {
    const seen: string[] = [];
    const listener = (lang: string) =>
      seen.push(`${i18n.getFixedT(lang)('menu./home/todo')} ${antdLocale(lang)?.locale}`);
    i18n.on('languageChanged', listener);
    try {
      await changeLanguage('en-US');
    } finally {
      i18n.off('languageChanged', listener);
    }
    expect(seen).toEqual(['To-do en']);
  });

  it('falls back to CN for an unknown stored value', () => {
    localStorage.setItem('lang', 'fr-FR');
    expect(storedLanguage()).toBe('zh-CN');
  });
});

describe('lazy namespaces', () => {
  // A fresh copy of the module, as a page load without a session sees it (the test setup loads
  // every namespace into the shared one).
  async function freshStart() {
    vi.resetModules();
    const locales = await import('./index');
    const { useSession: session } = await import('../stores/session');
    return { ...locales, session };
  }

  it('starts without a session with only what /login needs, and loads the rest when a session begins', async () => {
    const fresh = await freshStart();
    const rest = fresh.NAMESPACES.filter((ns) => !LOGIN_NAMESPACES.includes(ns));
    expect(rest.length).toBeGreaterThan(0);
    for (const ns of LOGIN_NAMESPACES) expect(fresh.i18n.hasLoadedNamespace(ns), ns).toBe(true);
    for (const ns of rest) expect(fresh.i18n.hasLoadedNamespace(ns), ns).toBe(false);
    expect(fresh.i18n.t('lab.device.rotate')).toBe('lab.device.rotate');

    setAuthorization('test');
    fresh.session.setState({});
    await waitFor(() => {
      for (const ns of rest) expect(fresh.i18n.hasLoadedNamespace(ns), ns).toBe(true);
    });
    expect(fresh.i18n.t('lab.device.rotate')).toBe('旋转');
  });

  it('starts with every namespace of the stored language when a session exists', async () => {
    setAuthorization('test');
    localStorage.setItem('lang', 'zh-HK');
    const fresh = await freshStart();
    expect(fresh.currentLanguage()).toBe('zh-HK');
    for (const ns of fresh.NAMESPACES) expect(fresh.i18n.hasLoadedNamespace(ns), ns).toBe(true);
    expect(fresh.i18n.t('lab.device.rotate')).toBe('旋轉');
    expect(fresh.i18n.hasResourceBundle('zh-CN', 'common')).toBe(false);
  });
});
