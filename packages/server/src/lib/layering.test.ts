import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/development.md, "Layering"), checked on every relative import:
 * static, dynamic, type-only and re-exports, followed transitively.
 *   db/ and lib/      generic pieces: reach nothing but db/ and lib/
 *   services/         what several modules share: reach no module
 *   modules/<name>/   one feature each: no module imports another's routes.ts, no cycle of modules
 *   (nor of files within lib/ or services/)
 *   app.ts, deps.ts   wire them together
 */
const SRC = resolve(import.meta.dirname, '..');

/** Every relative specifier a file imports or re-exports (static, dynamic and type-only). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)['"](\.[^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The file an import names (`./x.js` is the source `./x.ts`). */
function target(from: string, spec: string): string {
  const path = resolve(dirname(from), spec);
  const ts = path.replace(/\.js$/, '.ts');
  return existsSync(ts) ? ts : existsSync(join(path, 'index.ts')) ? join(path, 'index.ts') : ts;
}

/** Each source file of src/ (by its path from src/) and the files it imports. */
function importGraph(files: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, source] of files) {
    const file = join(SRC, path);
    graph.set(
      path,
      specifiers(source).map((spec) => relative(SRC, target(file, spec))),
    );
  }
  return graph;
}

/** Every file `start` reaches, each with the chain of imports that reaches it. */
function reach(graph: Map<string, string[]>, start: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of graph.get(file) ?? []) {
      if (chains.has(next)) continue;
      chains.set(next, [...(chains.get(file) ?? []), next]);
      queue.push(next);
    }
  }
  return chains;
}

/** The module a file belongs to (`modules/<name>`), else undefined. */
const moduleOf = (path: string): string | undefined => {
  const [top, name] = path.split('/');
  return top === 'modules' && name && !name.endsWith('.ts') ? name : undefined;
};
const layerOf = (path: string): string => path.split('/')[0] ?? path;

/** Files outside `allowed` layers that a file of `layer` reaches, as import chains. */
function reachedOutside(graph: Map<string, string[]>, layer: string, allowed: string[]): string[] {
  return [...graph.keys()]
    .filter((file) => layerOf(file) === layer)
    .flatMap((file) => {
      const outside = [...reach(graph, file)].find(([reached]) => !allowed.includes(layerOf(reached)));
      return outside ? [outside[1].join(' -> ')] : [];
    });
}

/** Units (modules, or files of a layer) that import each other, directly or through others: each cycle once. */
function cycles(graph: Map<string, string[]>, unitOf: (path: string) => string | undefined): string[] {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of graph) {
    const from = unitOf(file);
    if (!from) continue;
    for (const imported of imports) {
      const to = unitOf(imported);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const cycles = new Set<string>();
  const walk = (path: string[]) => {
    const last = path.at(-1) as string;
    for (const next of edges.get(last) ?? []) {
      if (next === path[0]) {
        // Each cycle once: the rotation that starts at its smallest name.
        const start = path.indexOf([...path].sort()[0] as string);
        cycles.add([...path.slice(start), ...path.slice(0, start), path[start]].join(' -> '));
      } else if (!path.includes(next) && next > (path[0] as string)) walk([...path, next]);
    }
  };
  for (const module of edges.keys()) walk([module]);
  return [...cycles].sort();
}

/**
 * Imports of another module's files other than its `repository.ts` and `service.ts` (its queries
 * and rules): what two modules share beyond that (files, e-signatures, audit exports…) is a service.
 */
function internalsImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, imports]) =>
    imports
      .filter((imported) => {
        const owner = moduleOf(imported);
        const name = imported.split('/').at(-1);
        return (
          owner &&
          moduleOf(file) &&
          owner !== moduleOf(file) &&
          name !== 'repository.ts' &&
          name !== 'service.ts'
        );
      })
      .map((imported) => `${file} imports ${imported}`),
  );
}

/** Imports of another module's routes.ts (routes are the app's to register, not a library). */
function routesImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, imports]) =>
    imports
      .filter((imported) => imported.endsWith('/routes.ts') && moduleOf(imported) !== moduleOf(file))
      .filter(() => layerOf(file) !== 'app.ts')
      .map((imported) => `${file} imports ${imported}`),
  );
}

const sources = new Map(sourceFiles(SRC).map((file) => [relative(SRC, file), readFileSync(file, 'utf8')]));
const graph = importGraph(sources);

describe('layering', () => {
  it('lib/ and db/ reach nothing outside lib/ and db/, by any import, type-only and transitive ones too', () => {
    expect(reachedOutside(graph, 'lib', ['lib', 'db'])).toEqual([]);
    expect(reachedOutside(graph, 'db', ['lib', 'db'])).toEqual([]);
  });

  it('services/ reach no module', () => {
    expect(reachedOutside(graph, 'services', ['services', 'lib', 'db', 'config.ts', 'documents'])).toEqual(
      [],
    );
  });

  it('no module imports another module’s routes.ts', () => {
    expect(routesImports(graph)).toEqual([]);
  });

  it('a module uses another only through its repository.ts and service.ts', () => {
    expect(internalsImports(graph)).toEqual([]);
  });

  it('modules do not import each other in a cycle', () => {
    expect(cycles(graph, moduleOf)).toEqual([]);
  });

  it('the files of lib/ and of services/ do not import each other in a cycle', () => {
    const fileIn = (layer: string) => (path: string) => (layerOf(path) === layer ? path : undefined);
    expect(cycles(graph, fileIn('lib'))).toEqual([]);
    expect(cycles(graph, fileIn('services'))).toEqual([]);
  });

  it('sees what it checks: a type import, a chain through a file outside the layer, a cycle, a routes import', () => {
    const fake = importGraph(
      new Map([
        ['lib/route.ts', "import type { Deps } from '../deps.js';"],
        ['deps.ts', "import type { X } from './modules/auth/x.js';"],
        ['modules/auth/x.ts', "export { y } from '../users/y.js';"],
        ['modules/users/y.ts', "const z = await import('../auth/routes.js');"],
        ['modules/auth/routes.ts', ''],
        ['modules/plans/routes.ts', "import { eSign } from '../reports/signature.js';"],
        ['modules/reports/signature.ts', ''],
      ]),
    );
    expect(reachedOutside(fake, 'lib', ['lib', 'db'])).toEqual(['lib/route.ts -> deps.ts']);
    expect(cycles(fake, moduleOf)).toEqual(['auth -> users -> auth']);
    expect(routesImports(fake)).toEqual(['modules/users/y.ts imports modules/auth/routes.ts']);
    expect(internalsImports(fake)).toEqual([
      'modules/auth/x.ts imports modules/users/y.ts',
      'modules/users/y.ts imports modules/auth/routes.ts',
      'modules/plans/routes.ts imports modules/reports/signature.ts',
    ]);
  });
});
