import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGE = resolve(import.meta.dirname, '../..');

/** kebab-case, the server's one convention: lower-case words joined by '-', then the extensions. */
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;

/** Every file and folder name under dir, as paths relative to the package. */
function names(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return [path, ...(entry.isDirectory() ? names(path) : [])];
  });
}

describe('file names', () => {
  it('are kebab-case in src/ and test/', () => {
    const wrong = ['src', 'test']
      .flatMap((dir) => names(join(PACKAGE, dir)))
      .filter((path) => !KEBAB.test(path.slice(path.lastIndexOf('/') + 1)))
      .map((path) => relative(PACKAGE, path));
    expect(wrong).toEqual([]);
  });

  it('tells kebab-case from other cases', () => {
    expect(
      ['session-cache.test.ts', 'routes.ts', 'test-orders', 'pdf-text.ts'].every((n) => KEBAB.test(n)),
    ).toBe(true);
    expect(['sessionCache.ts', 'Routes.ts', 'test_orders', 'pdf--text.ts'].some((n) => KEBAB.test(n))).toBe(
      false,
    );
  });
});
