import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, i18n, storedLanguage } from './index';

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('changeLanguage', () => {
  it('switches i18next and dayjs together and keeps the choice in local storage', async () => {
    await changeLanguage('en-US');
    expect(currentLanguage()).toBe('en-US');
    expect(i18n.t('tabs.lastTab')).toBe("This is the last page, you can't close it");
    expect(dayjs.locale()).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en-US');
    expect(storedLanguage()).toBe('en-US');

    await changeLanguage('zh-HK');
    expect(i18n.t('menu./home/todo')).toBe('待辦事項');
    expect(dayjs.locale()).toBe('zh-hk');
  });

  it('falls back to CN for an unknown stored value', () => {
    localStorage.setItem('lang', 'fr-FR');
    expect(storedLanguage()).toBe('zh-CN');
  });
});
