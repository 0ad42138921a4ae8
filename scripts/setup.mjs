// Bootstraps a fresh machine that has only Node and npm: what the product needs from Debian (a CJK
// font, embedded in the PDFs the server renders), pnpm, dependencies and builds; with --system-deps
// also what the tests need (Chromium, PostgreSQL). What is already done is skipped (lib/up-to-date.mjs):
// the install when the lockfile and manifests are those of the last install, a package's build when
// its inputs and its dist/ are those of its last build; so a restart takes seconds, and a changed
// source is always rebuilt before the stack or the tests run.
// Plain JavaScript on purpose: it runs before any dependency (tsx, TypeScript) is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildUpToDate,
  forgetBuild,
  inputHashes,
  installUpToDate,
  recordBuild,
  recordInstall,
  workspacePackages,
} from './lib/up-to-date.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wantSystemDeps = process.argv.includes('--system-deps');
// `npm test` builds in scripts/test-all.ts, beside the unit tests (which run from the sources): only
// the end-to-end suite needs the built stack.
const skipBuild = process.argv.includes('--skip-build');
const PNPM_VERSION = '10';

function log(message) {
  console.log(`\x1b[36m[setup]\x1b[0m ${message}`);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw new Error(`${cmd} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${result.status}`);
}

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function ensurePnpm() {
  if (has('pnpm')) return 'pnpm';
  log(`pnpm not found: installing pnpm@${PNPM_VERSION} with npm`);
  run('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`]);
  if (has('pnpm')) return 'pnpm';
  // npm's global bin folder may not be on PATH in this shell.
  const prefix = execFileSync('npm', ['prefix', '--global'], { encoding: 'utf8' }).trim();
  const candidate = join(prefix, 'bin', 'pnpm');
  if (existsSync(candidate)) return candidate;
  throw new Error('pnpm was installed but cannot be found on PATH');
}

/** Debian packages the product (and, for tests, its test tools) need; installed only when missing. */
function ensureSystemPackages(forTests) {
  const wanted = [];
  // The server embeds this font in the PDFs it renders (reports, receipts); screenshots need it too.
  if (!existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')) wanted.push('fonts-noto-cjk');
  if (forTests && !existsSync('/usr/bin/chromium')) wanted.push('chromium');
  // The e2e suite's browser: Chromium's headless shell costs it about 40 % less CPU per page. Wanted,
  // not needed: without it the suite drives the full browser (e2e/support/browser.ts).
  const wantedIfAvailable =
    forTests && !existsSync('/usr/bin/chromium-headless-shell') ? ['chromium-headless-shell'] : [];
  if (forTests && !has('pg_ctlcluster') && !existsSync('/usr/lib/postgresql')) wanted.push('postgresql');
  // The document tests render each PDF to PNG with poppler's pdftoppm and compare it with its reference.
  if (forTests && !has('pdftoppm')) wanted.push('poppler-utils');
  // The server tests run the shell signing example of docs/examples with them.
  for (const tool of ['curl', 'openssl']) if (forTests && !has(tool)) wanted.push(tool);
  if (wanted.length === 0 && wantedIfAvailable.length === 0) return;
  if (process.platform !== 'linux' || !has('apt-get')) {
    if (wanted.length > 0)
      log(`missing system packages (${wanted.join(', ')}); install them with your package manager`);
    return;
  }
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  log(`installing Debian packages: ${[...wanted, ...wantedIfAvailable].join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [first, ...rest] = [...sudo, 'apt-get'];
  run(first, [...rest, 'update', '-qq'], { env });
  if (wanted.length > 0)
    run(first, [...rest, 'install', '-y', '-qq', '--no-install-recommends', ...wanted], { env });
  if (wantedIfAvailable.length === 0) return;
  try {
    run(first, [...rest, 'install', '-y', '-qq', '--no-install-recommends', ...wantedIfAvailable], { env });
  } catch (error) {
    log(`not installed (${wantedIfAvailable.join(', ')}; the tests use the full browser): ${error.message}`);
  }
}

const started = performance.now();
try {
  ensureSystemPackages(wantSystemDeps);
  const pnpm = ensurePnpm();
  if (installUpToDate(root)) {
    log('dependencies up to date (lockfile and manifests as at the last install)');
  } else {
    log('installing dependencies (pnpm install --frozen-lockfile)');
    run(pnpm, ['install', '--frozen-lockfile', '--reporter=append-only']);
    recordInstall(root);
  }
  if (skipBuild) {
    log(`installed (${((performance.now() - started) / 1000).toFixed(1)} s); building is left to the caller`);
    process.exit(0);
  }
  const packages = workspacePackages(root);
  const inputs = inputHashes(root, packages);
  for (const p of packages.filter((each) => each.build)) {
    const hash = inputs.get(p.name);
    if (buildUpToDate(p.dir, hash)) {
      log(`${p.name} up to date`);
      continue;
    }
    log(`building ${p.name}`);
    forgetBuild(p.dir);
    run(pnpm, ['--filter', p.name, 'run', 'build']);
    recordBuild(p.dir, hash);
  }
  log(`ready (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (error) {
  console.error(`\x1b[31m[setup] failed:\x1b[0m ${error.message}`);
  process.exit(1);
}
