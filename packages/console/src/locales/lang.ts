/** Language codes and their mappings, free of i18next so that low-level modules can use them. */
export const LANGUAGES = ['zh-CN', 'en-US', 'zh-HK'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Short labels of the language switcher (SPEC: CN, US, HK). */
export const LANGUAGE_SHORT: Record<Language, string> = { 'zh-CN': 'CN', 'en-US': 'US', 'zh-HK': 'HK' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Value of the `lang` request header (SPEC section 7): only en_US and zh_CN exist server-side. */
export function headerLanguage(lang: string): 'en_US' | 'zh_CN' {
  return lang === 'en-US' ? 'en_US' : 'zh_CN';
}
