import { describe, expect, it } from 'vitest';

// What two areas share lives in components/ (docs/console.md "Page kit"): a page folder
// (`pages/<area>/…`) imports nothing from another area's folder, and components/ nothing from pages/.

// Every source of the console, tests included, as text, by its path from src/ ('pages/web/…'; the
// glob names files below this folder './web/…' and the others '../components/…').
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../test/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [
    path.startsWith('./') ? `pages/${path.slice(2)}` : path.replace(/^\.\.\//, ''),
    text,
  ]),
);

/** Relative module specifiers of a file: imports, re-exports, dynamic imports and module mocks. */
function specifiers(text: string): string[] {
  const found = text.matchAll(/(?:from|import\(|vi\.mock\(|^import)\s*['"](\.[^'"]+)['"]/gm);
  return [...found].map((m) => m[1] as string);
}

/** A specifier resolved against the importing file's folder (both from src/). */
function resolvePath(file: string, spec: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** `pages/<area>/…` → area; anything else → null. */
const areaOf = (path: string) => (path.startsWith('pages/') ? (path.split('/')[1] ?? null) : null);

/**
 * A whole page served at a second address (`export { default } from '…'`): the route alias of
 * SPEC's table, not a part taken from another area.
 */
const isRouteAlias = (text: string) =>
  /^export \{ default \} from ['"][^'"]+['"];$/.test(text.replace(/^\/\/.*$/gm, '').trim());

describe('page boundaries', () => {
  it("no page imports another area's page folder, and components/ import no page", () => {
    expect(Object.keys(sources).filter((path) => path.startsWith('pages/')).length).toBeGreaterThan(100);
    expect(Object.keys(sources).filter((path) => path.startsWith('components/')).length).toBeGreaterThan(30);
    const crossings: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      if (isRouteAlias(text)) continue;
      const from = areaOf(file);
      const inComponents = file.startsWith('components/');
      for (const spec of specifiers(text)) {
        const target = resolvePath(file, spec);
        const to = areaOf(target);
        if (to === null) continue;
        if (inComponents || (from !== null && from !== to)) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('reads the imports it checks', () => {
    // The scan sees a crossing: a guard against a pattern that matches nothing.
    const file = 'pages/project/user-apply/index.tsx';
    const [spec] = specifiers("import { x } from '../../web/user-apply/parts';\nvi.mock('../a');");
    expect(spec).toBe('../../web/user-apply/parts');
    expect(areaOf(resolvePath(file, spec ?? ''))).toBe('web');
    expect(areaOf(file)).toBe('project');
  });
});
