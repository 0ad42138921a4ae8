import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = import.meta.dirname;
const MODULES = resolve(LIB, '../modules');

/** Every relative specifier a file imports or re-exports (static, dynamic and type-only). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('layering', () => {
  it('lib/ imports nothing from modules/ (domains plug in through app.ts)', () => {
    const offending = sourceFiles(LIB)
      .filter((file) => file !== import.meta.filename)
      .flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((spec) => !relative(MODULES, resolve(file, '..', spec)).startsWith('..'))
          .map((spec) => `${relative(LIB, file)} imports ${spec}`),
      );
    expect(offending).toEqual([]);
  });

  it('sees an import from modules/ when there is one', () => {
    const spec = specifiers("import { x } from '../modules/auth/session.js';")[0] ?? '';
    expect(relative(MODULES, resolve(LIB, 'route.ts', '..', spec)).startsWith('..')).toBe(false);
  });
});
