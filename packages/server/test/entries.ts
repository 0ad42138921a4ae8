// The server's programs as the drills and the start tests run them in child processes (crash drill,
// rolling restart, restore drill, secrets, audit:verify): bundled once per run with esbuild, not
// compiled by tsx in each child. A tsx start cost about 3.9 CPU s before the program's first line
// (its loader hooks resolving and loading every module, in a thread of their own), the bundle
// 1.8 CPU s; on the two cores the whole run shares, that was seconds to a minute per start.
//
// The bundle holds the workspace's sources (resolved through the "@trialab/source" condition, as
// the tests import them) and leaves every other package to node_modules, so it lives inside the
// server package (node_modules/.cache/), where Node finds them. Each source file's
// `import.meta.url` is its own path, not the bundle's: the migrations, the package directory and
// createRequire resolve as they do from the sources.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { PACKAGE_DIR } from '../src/config.js';

/** The bundled programs, by name: what `node <path>` runs. */
export interface Entries {
  main: string;
  auditVerify: string;
}

const SOURCES: Record<keyof Entries, string> = {
  main: 'src/main.ts',
  auditVerify: 'src/bin/audit-verify.ts',
};

/** A bare import's package name: `@scope/name` or `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Bundles every program (global-setup.ts, once per run); `remove` deletes them. */
export async function buildEntries(): Promise<{ paths: Entries; remove(): void }> {
  const cache = join(PACKAGE_DIR, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'trialab-test-entries-'));
  const paths = Object.fromEntries(
    Object.keys(SOURCES).map((name) => [name, join(dir, `${name}.mjs`)]),
  ) as unknown as Entries;
  await build({
    entryPoints: Object.entries(SOURCES).map(([name, source]) => ({
      in: join(PACKAGE_DIR, source),
      out: name,
    })),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['@trialab/source'],
    logLevel: 'error',
    plugins: [
      {
        name: 'trialab-test-entries',
        setup(bundle) {
          // Packages the server depends on stay imports (its node_modules); the workspace's
          // sources and what only they depend on (the contract's safe-regex2) are bundled.
          bundle.onResolve({ filter: /^[^./]/ }, ({ path }) => {
            if (path.startsWith('node:')) return { external: true };
            const name = packageName(path);
            if (name.startsWith('@trialab/')) return undefined;
            return existsSync(join(PACKAGE_DIR, 'node_modules', name)) ? { external: true } : undefined;
          });
          bundle.onLoad({ filter: /\.ts$/ }, ({ path }) => ({
            contents: readFileSync(path, 'utf8').replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  return { paths, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
