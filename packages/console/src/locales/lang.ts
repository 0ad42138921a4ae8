import type { Lang } from '@trialab/api-contract';

/** Language codes and their mappings, free of i18next so that low-level modules can use them. */
export const LANGUAGES = ['zh-CN', 'en-US', 'zh-HK'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Short labels of the language switcher (SPEC: CN, US, HK). */
export const LANGUAGE_SHORT: Record<Language, string> = { 'zh-CN': 'CN', 'en-US': 'US', 'zh-HK': 'HK' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Value of the `lang` request header (SPEC section 7: en_US or zh_CN). zh-HK sends zh_CN with
 * `Accept-Language: zh-HK`, from which the server answers in Traditional Chinese (its `parseLang`).
 */
export function headerLanguage(lang: string): 'en_US' | 'zh_CN' {
  return lang === 'en-US' ? 'en_US' : 'zh_CN';
}

/** The server's language of a console language: the key of a contract text (`MessageTexts`). */
export function serverLanguage(lang: string): Lang {
  return lang === 'en-US' ? 'en_US' : lang === 'zh-HK' ? 'zh_HK' : 'zh_CN';
}
