import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildUpToDate,
  forgetBuild,
  inputHashes,
  installUpToDate,
  recordBuild,
  recordInstall,
  workspacePackages,
} from './up-to-date.mjs';

let root: string;
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};
const manifest = (name: string, build: string | undefined, dependencies: Record<string, string> = {}) =>
  JSON.stringify({ name, scripts: build ? { build } : {}, dependencies });

/** A workspace: a contract (tsc), a server using it (tsc), a console bundling it (vite), a docs package without a build. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'trialab-up-to-date-'));
  write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
  write('tsconfig.base.json', '{}');
  write('package.json', '{"name":"root"}');
  write('pnpm-workspace.yaml', 'packages:\n  - packages/*\n');
  write('packages/contract/package.json', manifest('@w/contract', 'tsc -p tsconfig.build.json'));
  write('packages/contract/src/index.ts', 'export const a = 1;\n');
  write(
    'packages/server/package.json',
    manifest('@w/server', 'tsc -p tsconfig.build.json', { '@w/contract': 'workspace:*' }),
  );
  write('packages/server/src/main.ts', 'import { a } from "@w/contract";\n');
  write(
    'packages/console/package.json',
    manifest('@w/console', 'vite build', { '@w/contract': 'workspace:*' }),
  );
  write('packages/console/src/main.tsx', 'import { a } from "@w/contract";\n');
  write('packages/docs/package.json', manifest('@w/docs', undefined));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a successful build does: writes dist/ and records it. */
function build(name: string): void {
  const dir = join(root, 'packages', name);
  write(`packages/${name}/dist/out.js`, `built from ${name}\n`);
  const p = workspacePackages(root).find((each) => each.dir === dir);
  forgetBuild(dir);
  recordBuild(dir, inputHashes(root, workspacePackages(root)).get(p?.name ?? ''));
}

/** The packages whose build would run now. */
function stale(): string[] {
  const packages = workspacePackages(root);
  const hashes = inputHashes(root, packages);
  return packages.filter((p) => p.build && !buildUpToDate(p.dir, hashes.get(p.name))).map((p) => p.name);
}

const buildAll = () => {
  for (const name of ['contract', 'server', 'console']) build(name);
};

describe('builds', () => {
  it('lists the packages dependencies first, and says which have a build', () => {
    const packages = workspacePackages(root);
    const order = packages.map((p) => p.name);
    expect(order.indexOf('@w/contract')).toBeLessThan(order.indexOf('@w/server'));
    expect(order.indexOf('@w/contract')).toBeLessThan(order.indexOf('@w/console'));
    expect(packages.filter((p) => p.build).map((p) => p.name)).not.toContain('@w/docs');
  });

  it('builds everything the first time, nothing once built and unchanged', () => {
    expect(stale().sort()).toEqual(['@w/console', '@w/contract', '@w/server']);
    buildAll();
    expect(stale()).toEqual([]);
  });

  it('rebuilds a package whose file changed, was added or removed, and the bundles that take it in', () => {
    buildAll();
    write('packages/contract/src/index.ts', 'export const a = 2;\n');
    // The server's tsc output is per file: the contract's sources are not in it.
    expect(stale().sort()).toEqual(['@w/console', '@w/contract']);
    buildAll();
    write('packages/server/src/extra.ts', 'export {};\n');
    expect(stale()).toEqual(['@w/server']);
    build('server');
    rmSync(join(root, 'packages/server/src/extra.ts'));
    expect(stale()).toEqual(['@w/server']);
    build('server');
    write('packages/console/index.html', '<html></html>');
    expect(stale()).toEqual(['@w/console']);
  });

  it('rebuilds everything when the lockfile or the shared compiler options change', () => {
    buildAll();
    write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n# a new version\n');
    expect(stale().sort()).toEqual(['@w/console', '@w/contract', '@w/server']);
    buildAll();
    write('tsconfig.base.json', '{"compilerOptions":{}}');
    expect(stale().sort()).toEqual(['@w/console', '@w/contract', '@w/server']);
  });

  it('ignores what installs, builds, tests and running services write', () => {
    buildAll();
    write('packages/server/node_modules/x/index.js', '');
    write('packages/server/.data/pglite/PG_VERSION', '15');
    write('packages/server/coverage/index.html', '');
    write('packages/server/test-results/a.png', '');
    write('packages/server/server.log', '');
    write('packages/server/tsconfig.tsbuildinfo', '');
    expect(stale()).toEqual([]);
  });

  it('rebuilds when dist/ was changed, emptied or lost since, or the last build did not finish', () => {
    buildAll();
    write('packages/server/dist/out.js', 'edited by hand\n');
    expect(stale()).toEqual(['@w/server']);
    build('server');
    write('packages/server/dist/stray.js', '');
    expect(stale()).toEqual(['@w/server']);
    build('server');
    rmSync(join(root, 'packages/console/dist'), { recursive: true });
    expect(stale()).toEqual(['@w/console']);
    // A build that failed half-way: the stamp went before it started.
    forgetBuild(join(root, 'packages/contract'));
    expect(stale().sort()).toEqual(['@w/console', '@w/contract']);
  });

  it('does not take a damaged stamp for a build', () => {
    buildAll();
    write('packages/server/dist/.build-stamp.json', '{"inputs":');
    expect(stale()).toEqual(['@w/server']);
  });
});

describe('install', () => {
  /** What pnpm install leaves: its state file and each package's node_modules. */
  const install = () => {
    write('node_modules/.modules.yaml', 'layoutVersion: 5\n');
    for (const name of ['contract', 'server', 'console']) write(`packages/${name}/node_modules/.keep`, '');
    recordInstall(root);
  };

  it('installs the first time, not again while nothing that decides it changed', () => {
    expect(installUpToDate(root)).toBe(false);
    install();
    expect(installUpToDate(root)).toBe(true);
    write('packages/server/src/main.ts', 'changed sources need no install\n');
    expect(installUpToDate(root)).toBe(true);
  });

  it('installs again after the lockfile, a manifest or the workspace file changed', () => {
    for (const [path, content] of [
      ['pnpm-lock.yaml', 'lockfileVersion: 9.0\n# new\n'],
      [
        'packages/server/package.json',
        manifest('@w/server', 'tsc', { '@w/contract': 'workspace:*', zod: '4' }),
      ],
      ['pnpm-workspace.yaml', 'packages:\n  - packages/*\ncatalog: {}\n'],
      ['package.json', '{"name":"root","devDependencies":{"vitest":"4"}}'],
    ] as const) {
      install();
      write(path, content);
      expect(installUpToDate(root), path).toBe(false);
    }
  });

  it("installs again when pnpm's state or a package's node_modules is gone", () => {
    install();
    rmSync(join(root, 'packages/console/node_modules'), { recursive: true });
    expect(installUpToDate(root)).toBe(false);
    install();
    rmSync(join(root, 'node_modules/.modules.yaml'));
    expect(installUpToDate(root)).toBe(false);
  });
});
