import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readText, STORAGE_KEYS, writeText } from '../utils/storage';
import { common as enCommon } from './en-US/common';
import { lab as enLab } from './en-US/lab';
import { menu as enMenu } from './en-US/menu';
import { web as enWeb } from './en-US/web';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './lang';
import { common as zhCommon } from './zh-CN/common';
import { lab as zhLab } from './zh-CN/lab';
import { menu as zhMenu } from './zh-CN/menu';
import { web as zhWeb } from './zh-CN/web';
import { common as hkCommon } from './zh-HK/common';
import { lab as hkLab } from './zh-HK/lab';
import { menu as hkMenu } from './zh-HK/menu';
import { web as hkWeb } from './zh-HK/web';

export {
  DEFAULT_LANGUAGE,
  headerLanguage,
  isLanguage,
  LANGUAGE_SHORT,
  LANGUAGES,
  type Language,
} from './lang';

export const resources = {
  'zh-CN': { translation: { ...zhCommon, menu: zhMenu, lab: zhLab, web: zhWeb } },
  'en-US': { translation: { ...enCommon, menu: enMenu, lab: enLab, web: enWeb } },
  'zh-HK': { translation: { ...hkCommon, menu: hkMenu, lab: hkLab, web: hkWeb } },
} as const;

const DAYJS_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-HK': 'zh-hk' };

export function storedLanguage(): Language {
  const value = readText(STORAGE_KEYS.lang);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  // Menu keys are route paths ("menu./home/todo"): only the first dot separates.
  keySeparator: '.',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
dayjs.locale(DAYJS_LOCALE[storedLanguage()]);

/** Switches i18next, dayjs and (through the settings store subscriber) antd together. */
export async function changeLanguage(lang: Language): Promise<void> {
  writeText(STORAGE_KEYS.lang, lang);
  dayjs.locale(DAYJS_LOCALE[lang]);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Translation usable outside React (interceptors, stores). */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}
