/**
 * The one rule for a record kept with names per language (sample types, temperatures, test items,
 * stock-out types, containers, dictionary items, roles, menus, research centres): show the name of
 * the reader's language, falling back to the other. en-US reads `enName`, else the Chinese name;
 * zh-HK reads `hkName` (traditional) when one is stored, else the Chinese `name` as it was written
 * (simplified). Only the menus and permissions store an `hkName`; the master data and dictionary
 * items keep a Chinese and an English name, so zh-HK readers see their Chinese name
 * (docs/architecture.md, "Languages"). A blank stored name counts as none. The console
 * (`components/localName.ts`) and the server (lists, documents, exports, audit logs,
 * `lib/local-name.ts`) both apply this declaration. Projects and label templates keep an English
 * name the same way; a consumable's free-text size, vendor, unit and scope of use keep an English
 * text beside each (`localText`).
 */
export interface LocalNames {
  name: string;
  enName?: string | null;
  hkName?: string | null;
}

/** A console language code (zh-CN, en-US, zh-HK) or a server language (zh_CN, en_US, zh_HK). */
export type NameLocale = 'zh-CN' | 'en-US' | 'zh-HK' | 'zh_CN' | 'en_US' | 'zh_HK' | (string & {});

function given(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function isEnglishLocale(locale: NameLocale): boolean {
  return locale === 'en-US' || locale === 'en_US';
}

export function localName(record: LocalNames, locale: NameLocale): string {
  if (isEnglishLocale(locale)) return given(record.enName) ? record.enName : record.name;
  if ((locale === 'zh-HK' || locale === 'zh_HK') && given(record.hkName)) return record.hkName;
  return given(record.name) ? record.name : (record.enName ?? record.name);
}

/**
 * A free-text field kept with an English text beside it (a consumable's size, vendor, unit, scope
 * of use): the same rule as `localName`; null when neither is given.
 */
export function localText(
  text: string | null | undefined,
  enText: string | null | undefined,
  locale: NameLocale,
): string | null {
  const shown = localName({ name: text ?? '', enName: enText }, locale);
  return shown.trim() === '' ? null : shown;
}
