import resourcesToBackend from 'i18next-resources-to-backend';
import { isLanguage, type Language } from './lang';

type NamespaceModule = Record<string, unknown>;
export type NamespaceTexts = Record<string, unknown>;

/**
 * Every `<lang>/<namespace>.ts` found here is a namespace: adding a file is all it takes (no list to
 * edit). Each file is its own chunk, fetched only when i18next asks for that language and namespace,
 * so the first bundle carries none of them. The file exports a constant named like the namespace.
 */
const FILES = import.meta.glob<NamespaceModule>(['./*/*.ts', '!./*/*.test.ts']);

/** `./en-US/lab.ts` -> `{ lang: 'en-US', ns: 'lab' }`; null for anything else. */
export function parseLocaleFile(path: string): { lang: Language; ns: string } | null {
  const match = /^\.\/([^/]+)\/([A-Za-z][\w-]*)\.ts$/.exec(path);
  if (!match?.[1] || !match[2] || !isLanguage(match[1])) return null;
  return { lang: match[1], ns: match[2] };
}

/**
 * The default namespace: its keys are top-level (`t('tabs.lastTab')`). Every other namespace is
 * addressed by its name as the first key segment (`t('menu./home/todo')`, `t('lab.device.rotate')`).
 */
export const DEFAULT_NAMESPACE = 'common';

/** What /login renders with; everything else waits until it is needed. */
export const LOGIN_NAMESPACES: readonly string[] = [DEFAULT_NAMESPACE, 'menu'];

/** All namespaces, from the file names (a namespace present in any language). */
export const NAMESPACES: readonly string[] = [
  ...new Set(
    Object.keys(FILES)
      .map((path) => parseLocaleFile(path)?.ns)
      .filter((ns): ns is string => ns !== undefined),
  ),
].sort((a, b) => (a === DEFAULT_NAMESPACE ? -1 : b === DEFAULT_NAMESPACE ? 1 : a.localeCompare(b)));

/** The texts of one namespace in one language (rejects when the file is missing or malformed). */
export async function loadNamespace(lang: string, ns: string): Promise<NamespaceTexts> {
  const load = FILES[`./${lang}/${ns}.ts`];
  if (!load) throw new Error(`locale file ${lang}/${ns}.ts does not exist`);
  const texts = (await load())[ns];
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) {
    throw new Error(`locale file ${lang}/${ns}.ts must export an object named "${ns}"`);
  }
  return texts as NamespaceTexts;
}

/** i18next backend reading the files above through dynamic `import()`. */
export const localeBackend = resourcesToBackend(loadNamespace);
