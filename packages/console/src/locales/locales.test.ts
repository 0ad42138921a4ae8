import { describe, expect, it } from 'vitest';
import { ALL_LAYOUT_ROUTES } from '../router/routeTable';
import { i18n, LANGUAGES, NAMESPACES } from './index';
import { DEFAULT_NAMESPACE, LOGIN_NAMESPACES, parseLocaleFile } from './loader';

type Texts = Record<string, unknown>;

// The files themselves, read eagerly here (the app loads them lazily through loader.ts).
const files = import.meta.glob<Texts>(['./*/*.ts', '!./*/*.test.ts'], { eager: true });

/** What the app sees: the default namespace at the top, every other one under its name. */
function translation(lang: string): Texts {
  const result: Texts = {};
  for (const [path, module] of Object.entries(files)) {
    const file = parseLocaleFile(path);
    if (!file || file.lang !== lang) continue;
    const texts = module[file.ns];
    if (file.ns === DEFAULT_NAMESPACE) Object.assign(result, texts);
    else result[file.ns] = texts;
  }
  return result;
}

const resources = Object.fromEntries(LANGUAGES.map((lang) => [lang, translation(lang)]));

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}|${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

function at(texts: Texts | undefined, path: string): unknown {
  return path.split('|').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], texts);
}

describe('locales', () => {
  const reference = keys(resources['zh-CN']).sort();

  it('calls a sample 样本 (樣本) everywhere: never 标本 for the same thing', () => {
    for (const lang of ['zh-CN', 'zh-HK'])
      for (const text of leaves(resources[lang])) expect(String(text), lang).not.toMatch(/标本|標本/);
  });

  it('names the page a to-do card opens as its menu does, and the two sign-offs apart', () => {
    for (const lang of LANGUAGES) {
      const t = resources[lang] as Texts;
      // The bench's card (specimenBarcode) opens /laboratory/before-analysis/specimen-sign;
      // the receipt desk (/express/sign) is the shipment's receipt (sampleReceipt).
      const menu = t.menu as Texts;
      expect(at(t, 'home|workflows|specimenBarcode'), lang).toBe(
        menu['/laboratory/before-analysis/specimen-sign'],
      );
      expect(menu['/express/sign'], lang).not.toBe(menu['/laboratory/before-analysis/specimen-sign']);
    }
    expect((resources['zh-CN'] as Texts & { menu: Texts }).menu['/express/sign']).toBe(
      at(resources['zh-CN'], 'home|workflows|sampleReceipt'),
    );
  });

  it('finds every namespace file, each exporting the constant named after it', () => {
    expect(Object.keys(files).length).toBe(NAMESPACES.length * LANGUAGES.length);
    for (const [path, module] of Object.entries(files)) {
      const file = parseLocaleFile(path);
      expect(file, path).not.toBeNull();
      if (file) expect(typeof module[file.ns], path).toBe('object');
    }
    expect(NAMESPACES).toEqual(expect.arrayContaining([...LOGIN_NAMESPACES]));
  });

  it('no key of the default namespace shadows a namespace name', () => {
    const common = files[`./zh-CN/${DEFAULT_NAMESPACE}.ts`]?.[DEFAULT_NAMESPACE];
    expect(Object.keys(common ?? {}).filter((key) => NAMESPACES.includes(key))).toEqual([]);
  });

  it('no namespace has a top-level group named like a namespace (i18next reads `common.x` as namespace common)', () => {
    // With '.' as both separators, a key or keyPrefix whose first segment is a namespace name is
    // looked up in that namespace: `useTranslation('lab', { keyPrefix: 'common' })` found nothing.
    const shadowing = Object.entries(files).flatMap(([path, module]) => {
      const file = parseLocaleFile(path);
      if (file?.lang !== 'zh-CN') return [];
      return Object.keys(module[file.ns] ?? {})
        .filter((key) => NAMESPACES.includes(key))
        .map((key) => `${file.ns}.${key}`);
    });
    expect(shadowing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has exactly the keys of zh-CN', (lang) => {
    expect(keys(resources[lang]).sort()).toEqual(reference);
  });

  it.each(LANGUAGES)('%s has no empty texts', (lang) => {
    for (const text of leaves(resources[lang])) {
      expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    }
  });

  it('every route of the table has a title, and no menu key contains the key separator', () => {
    const menu = (resources['zh-CN']?.menu ?? {}) as Record<string, string>;
    const missing = ALL_LAYOUT_ROUTES.map((route) => route.fullPath).filter((path) => !(path in menu));
    expect(missing).toEqual([]);
    expect(Object.keys(menu).filter((key) => key.includes('.'))).toEqual([]);
  });

  it.each(LANGUAGES)('%s: i18next resolves every key path to the text in the files', async (lang) => {
    await i18n.loadNamespaces([...NAMESPACES]);
    await i18n.loadLanguages(lang);
    // Every key of the files, read as data: not a fixed key the compiler could check.
    const fixed = i18n.getFixedT(lang) as (key: string) => string;
    for (const key of keys(resources[lang])) {
      const text = at(resources[lang], key);
      // Interpolated texts differ once rendered; they must still resolve (not echo their key).
      const path = key.replaceAll('|', '.');
      if (typeof text === 'string' && !text.includes('{{')) expect(fixed(path), path).toBe(text);
      else expect(fixed(path), path).not.toBe(path);
    }
  });

  it('keeps the SPEC error texts verbatim in Chinese', () => {
    const zh = resources['zh-CN'];
    expect(at(zh, 'request|network')).toBe('网络异常，请稍后再试');
    expect(at(zh, 'request|business')).toBe('网络请求错误，请稍后再试');
    expect(at(zh, 'request|validation')).toBe('校验错误');
    expect(at(zh, 'lock|wrong')).toBe('密码错误，请重新填写，连续输错3次将自动退出登录');
    expect(at(zh, 'lock|tooMany')).toBe('密码错误大于3次，自动退出登录');
    expect(at(zh, 'access|denied')).toBe('对不起，您没有操作权限：{{operation}}');
    expect(at(resources['en-US'], 'tabs|lastTab')).toBe("This is the last page, you can't close it");
  });
});
