import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// What two areas share lives in components/ (docs/console.md "Page kit"): a page folder
// (`pages/<area>/…`) imports nothing from another area's folder, and components/ nothing from pages/.

const SRC = resolve(__dirname, '..');
const PAGES = join(SRC, 'pages');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Relative module specifiers of a file: imports, re-exports, dynamic imports and module mocks. */
function specifiers(text: string): string[] {
  const found = text.matchAll(/(?:from|import\(|vi\.mock\(|^import)\s*['"](\.[^'"]+)['"]/gm);
  return [...found].map((m) => m[1] as string);
}

/** `pages/<area>/…` → area; anything else → null. */
const areaOf = (path: string) => {
  const rel = relative(PAGES, path);
  return rel.startsWith('..') ? null : (rel.split(sep)[0] ?? null);
};

/**
 * A whole page served at a second address (`export { default } from '…'`): the route alias of
 * SPEC's table, not a part taken from another area.
 */
const isRouteAlias = (text: string) =>
  /^export \{ default \} from ['"][^'"]+['"];$/.test(text.replace(/^\/\/.*$/gm, '').trim());

describe('page boundaries', () => {
  it("no page imports another area's page folder, and components/ import no page", () => {
    const crossings: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      if (isRouteAlias(text)) continue;
      const from = areaOf(file);
      const inComponents = !relative(join(SRC, 'components'), file).startsWith('..');
      for (const spec of specifiers(text)) {
        const target = resolve(dirname(file), spec);
        const to = areaOf(target);
        if (to === null) continue;
        if (inComponents || (from !== null && from !== to))
          crossings.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('reads the imports it checks', () => {
    // The scan sees a crossing: a guard against a pattern that matches nothing.
    expect(specifiers("import { x } from '../../web/user-apply/parts';\nvi.mock('../a');")).toEqual([
      '../../web/user-apply/parts',
      '../a',
    ]);
    expect(areaOf(join(PAGES, 'project', 'user-apply', 'index.tsx'))).toBe('project');
  });
});
