// What `npm start` and `npm test` (scripts/setup.mjs) may skip because it is already done: the
// dependency install when nothing that decides it changed since the last one, and a package's build
// when its inputs (its files, its workspace dependencies' inputs, the lockfile and the shared
// tsconfig) and its dist/ are what the last successful build left. Content hashes, not times: a
// checkout, a copy or a clock change cannot make a stale build look fresh.
// Plain JavaScript: it runs before any dependency (tsx, TypeScript) is installed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Never inputs of a build: what installs, builds, tests and running services write (as .gitignore). */
const GENERATED = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const GENERATED_FILE = /\.(log|tsbuildinfo)$/;

/** Where the last successful build's hashes are kept: inside dist/, so it goes when dist/ goes. */
export const BUILD_STAMP = '.build-stamp.json';
/** Where the last successful install's hash is kept: inside node_modules/, for the same reason. */
export const INSTALL_STAMP = '.trialab-install-stamp';

/** Every file under `dir` (relative paths with `/`, sorted), leaving out generated and dot entries. */
export function sourceFiles(dir) {
  const found = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || GENERATED.has(entry.name)) continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !GENERATED_FILE.test(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found.map((path) => relative(dir, path).split(sep).join('/')).sort();
}

/** SHA-256 over names and contents of `files` (relative to `dir`), and over `extra` strings. */
export function hashFiles(dir, files, extra = []) {
  const hash = createHash('sha256');
  for (const item of extra) hash.update(`${item}\0`);
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Every file under `dir`, dot entries included, but not `skip` (a relative path). */
function allFiles(dir, skip) {
  const found = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found.filter((file) => file !== skip).sort();
}

/** The hash of what a build wrote: every file under dist/ but the stamp. */
export function outputHash(packageDir) {
  const dist = join(packageDir, 'dist');
  return hashFiles(dist, allFiles(dist, BUILD_STAMP));
}

/**
 * The workspace's packages that have a `build` script, each with its name, directory and the
 * workspace packages it depends on, in build order (dependencies first).
 */
export function workspacePackages(root) {
  const dirs = readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'packages', entry.name, 'package.json')))
    .map((entry) => join(root, 'packages', entry.name));
  const manifests = dirs.map((dir) => ({
    dir,
    manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
  }));
  const names = new Set(manifests.map(({ manifest }) => manifest.name));
  const all = manifests.map(({ dir, manifest }) => ({
    name: manifest.name,
    dir,
    build: Boolean(manifest.scripts?.build),
    // tsc emitting JavaScript only (noCheck, isolatedModules) turns each file on its own: its dist/
    // depends on the package's own files. A bundler (the console's vite) also takes in the sources
    // of the workspace packages it imports.
    bundles: Boolean(manifest.scripts?.build) && !/^tsc\b/.test(manifest.scripts.build),
    installs: Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).length > 0,
    dependsOn: Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
      .filter((name) => names.has(name))
      .sort(),
  }));
  const byName = new Map(all.map((p) => [p.name, p]));
  const ordered = [];
  const visiting = new Set();
  const visit = (p) => {
    if (ordered.includes(p)) return;
    if (visiting.has(p.name)) throw new Error(`workspace dependency cycle through ${p.name}`);
    visiting.add(p.name);
    for (const name of p.dependsOn) {
      const dependency = byName.get(name);
      if (dependency) visit(dependency);
    }
    visiting.delete(p.name);
    ordered.push(p);
  };
  for (const p of [...all].sort((a, b) => a.name.localeCompare(b.name))) visit(p);
  return ordered;
}

/** Files of the workspace root every build depends on: the locked versions and the shared compiler options. */
const SHARED_INPUTS = ['pnpm-lock.yaml', 'tsconfig.base.json'];

/**
 * The input hash of each package: its own files and the shared root files, and for a bundling
 * package the input hashes of the workspace packages it depends on (the console's bundle holds the
 * contract's sources).
 */
export function inputHashes(root, packages) {
  const shared = SHARED_INPUTS.filter((file) => existsSync(join(root, file)));
  const sharedHash = hashFiles(root, shared);
  const hashes = new Map();
  for (const p of packages) {
    const dependencies = p.bundles ? p.dependsOn.map((name) => `${name}=${hashes.get(name)}`) : [];
    hashes.set(p.name, hashFiles(p.dir, sourceFiles(p.dir), [sharedHash, ...dependencies]));
  }
  return hashes;
}

/** Whether `packageDir`'s dist/ is what a build from inputs hashed `inputs` left, untouched since. */
export function buildUpToDate(packageDir, inputs) {
  const stampFile = join(packageDir, 'dist', BUILD_STAMP);
  if (!existsSync(stampFile)) return false;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  return stamp.inputs === inputs && stamp.outputs === outputHash(packageDir);
}

/** Before a build: a build that fails half-way must not leave the old stamp on a changed dist/. */
export function forgetBuild(packageDir) {
  rmSync(join(packageDir, 'dist', BUILD_STAMP), { force: true });
}

/** After a successful build from inputs hashed `inputs`. */
export function recordBuild(packageDir, inputs) {
  writeFileSync(
    join(packageDir, 'dist', BUILD_STAMP),
    `${JSON.stringify({ inputs, outputs: outputHash(packageDir) })}\n`,
  );
}

/**
 * The hash of what decides the install: the lockfile, the workspace file, every package.json, the
 * Node major version (native modules are built for it) and the platform.
 */
export function installHash(root) {
  const manifests = readdirSync(join(root, 'packages'))
    .map((name) => `packages/${name}/package.json`)
    .filter((file) => existsSync(join(root, file)))
    .sort();
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc', ...manifests].filter(
    (file) => existsSync(join(root, file)),
  );
  return hashFiles(root, files, [process.versions.node.split('.')[0], process.platform, process.arch]);
}

/**
 * Whether the last install (recorded by recordInstall) was made from what is there now, and its
 * result is still there (pnpm's node_modules/.modules.yaml and each package's node_modules/).
 */
export function installUpToDate(root) {
  const stamp = join(root, 'node_modules', INSTALL_STAMP);
  if (!existsSync(stamp) || !existsSync(join(root, 'node_modules', '.modules.yaml'))) return false;
  if (readFileSync(stamp, 'utf8').trim() !== installHash(root)) return false;
  return workspacePackages(root).every((p) => !p.installs || existsSync(join(p.dir, 'node_modules')));
}

export function recordInstall(root) {
  writeFileSync(join(root, 'node_modules', INSTALL_STAMP), `${installHash(root)}\n`);
}
