import type { Locale as AntdLocale } from 'antd/es/locale';
import antdZhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
// The default language's first-screen texts ship with the entry (a few KB): /login renders without
// waiting for locale chunks requested only once the entry has run. Other languages load on demand.
import 'dayjs/locale/zh-cn';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLoggedIn, useSession } from '../stores/session';
import { readText, STORAGE_KEYS, writeText } from '../utils/storage';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './lang';
import { DEFAULT_NAMESPACE, LOGIN_NAMESPACES, localeBackend, NAMESPACES } from './loader';
import { common as zhCNCommon } from './zh-CN/common';
import { menu as zhCNMenu } from './zh-CN/menu';

export {
  isLanguage,
  LANGUAGE_SHORT,
  LANGUAGES,
  type Language,
} from './lang';
export { NAMESPACES } from './loader';

/** dayjs locales load with their language too (English is built in). */
const DAYJS_LOCALE: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  'zh-CN': { name: 'zh-cn', load: () => Promise.resolve() },
  'en-US': { name: 'en', load: () => Promise.resolve() },
  'zh-HK': { name: 'zh-hk', load: () => import('dayjs/locale/zh-hk') },
};

async function switchDayjs(lang: Language): Promise<void> {
  await DAYJS_LOCALE[lang].load();
  dayjs.locale(DAYJS_LOCALE[lang].name);
}

/** antd's component texts, likewise one chunk per language, loaded only when it is chosen. */
const ANTD_LOCALE: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => Promise.resolve({ default: antdZhCN }),
  'en-US': () => import('antd/locale/en_US'),
  'zh-HK': () => import('antd/locale/zh_HK'),
};
const antdLocales = new Map<Language, AntdLocale>();

async function loadAntdLocale(lang: Language): Promise<void> {
  if (!antdLocales.has(lang)) antdLocales.set(lang, (await ANTD_LOCALE[lang]()).default);
}

/** The loaded antd locale of a language (App's ConfigProvider); undefined only before it loaded. */
export function antdLocale(lang: string): AntdLocale | undefined {
  return isLanguage(lang) ? antdLocales.get(lang) : undefined;
}

export function storedLanguage(): Language {
  const value = readText(STORAGE_KEYS.lang);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * The shell's namespaces (lab, web, …) of the current language: loaded at start-up when a session
 * exists, otherwise as soon as one begins (the login page needs only LOGIN_NAMESPACES). Components
 * re-render on `loaded`, so a text arriving late replaces its key.
 */
export function loadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces([...NAMESPACES]);
}

export const i18n: I18n = i18next.createInstance();
const startLanguage = storedLanguage();
// Top-level await: modules using `t` (and main.tsx's synchronous first render) run with the
// current language's texts in place.
await Promise.all([
  i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: startLanguage,
      supportedLngs: [...LANGUAGES],
      // The key test keeps the languages identical, so no fallback language is downloaded.
      fallbackLng: false,
      load: 'currentOnly',
      // zh-CN's /login namespaces are bundled; every other namespace comes through the backend
      // (which, for these two, finds them in the bundle as well).
      resources: startLanguage === 'zh-CN' ? { 'zh-CN': { common: zhCNCommon, menu: zhCNMenu } } : undefined,
      partialBundledLanguages: true,
      ns: isLoggedIn() ? [...NAMESPACES] : [...LOGIN_NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      // Same separator for both: "lab.device.rotate" is namespace lab only once lab is known,
      // while "tabs.lastTab" stays a key of the default namespace. Menu keys are route paths
      // ("menu./home/todo"), which contain no dots.
      nsSeparator: '.',
      keySeparator: '.',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { bindI18n: 'languageChanged loaded' },
    }),
  switchDayjs(startLanguage),
  loadAntdLocale(startLanguage),
]);
document.documentElement.lang = startLanguage;
useSession.subscribe(() => {
  if (isLoggedIn()) void loadAllNamespaces();
});

/**
 * Switches i18next, dayjs and (through App's ConfigProvider) antd together. i18next announces the
 * new language only after its namespaces, dayjs and antd locales have loaded, so nothing renders
 * keys or another language's component texts in between.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  await Promise.all([i18n.loadLanguages(lang), DAYJS_LOCALE[lang].load(), loadAntdLocale(lang)]);
  writeText(STORAGE_KEYS.lang, lang);
  dayjs.locale(DAYJS_LOCALE[lang].name);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

type AnyKeyT = (key: string, options?: Record<string, unknown>) => string;

/**
 * Translation outside React (interceptors, stores), and by a key composed at run time (a workflow
 * state, a menu path, a key the server names), which the compiler cannot check. Fixed keys use the
 * typed `t` of `useTranslation`, checked against the zh-CN locale.
 */
export function t(key: string, options?: Record<string, unknown>): string {
  return (i18n.t as AnyKeyT)(key, options);
}
