// Makes a PostgreSQL 15 server available to the integration tests, which run once on PGlite and
// once on PostgreSQL. A missing PostgreSQL fails the run: the second engine must never be skipped.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a role allowed to create the per-file throw-away databases. */
    pgAdminUrl: string;
  }
}

function sh(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function ensureCluster(): number {
  let listing: string;
  try {
    listing = sh('pg_lsclusters', ['--no-header']);
  } catch {
    throw new Error(
      'PostgreSQL is required by the server tests (they run on PGlite and on PostgreSQL). Install ' +
        'postgresql-15 (`node scripts/setup.mjs --system-deps`) or set TEST_DATABASE_URL to a role with CREATEDB.',
    );
  }
  // "15  main    5432 down   postgres /var/lib/... /var/log/..."
  const line = listing.split('\n').find((l) => l.trim().length > 0);
  const [version, cluster, port, status] = line?.trim().split(/\s+/) ?? [];
  if (!version || !cluster || !port || !status) throw new Error(`no PostgreSQL cluster found:\n${listing}`);
  if (status !== 'online') sh('pg_ctlcluster', [version, cluster, 'start']);
  return Number(port);
}

/** Runs SQL as the postgres superuser over the Unix socket; returns unaligned, tuple-only output. */
function psql(port: number, sql: string): string {
  return sh('runuser', [
    '-u',
    'postgres',
    '--',
    'psql',
    '-qAt',
    '-v',
    'ON_ERROR_STOP=1',
    '-p',
    String(port),
    '-c',
    sql,
  ]);
}

/** Drops a run's role and any database it still owns. */
function dropRun(port: number, role: string): void {
  const owned = psql(
    port,
    `SELECT datname FROM pg_database d JOIN pg_roles r ON r.oid = d.datdba WHERE r.rolname = '${role}'`,
  );
  for (const db of owned.split('\n').filter((l) => /^\w+$/.test(l))) {
    psql(port, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
  psql(port, `DROP ROLE IF EXISTS ${role}`);
}

const STALE_AFTER_MS = 6 * 3_600_000;

export default function setup(project: TestProject): (() => void) | undefined {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    project.provide('pgAdminUrl', fromEnv);
    return undefined;
  }
  const port = ensureCluster();
  if (process.getuid?.() !== 0) {
    throw new Error('Starting the local PostgreSQL cluster needs root; otherwise set TEST_DATABASE_URL.');
  }
  // Leftovers of runs that crashed long ago.
  for (const role of psql(port, "SELECT rolname FROM pg_roles WHERE rolname LIKE 'trialab_run_%'").split(
    '\n',
  )) {
    const started = Number(/^trialab_run_(\d+)_/.exec(role)?.[1]);
    if (started && Date.now() - started > STALE_AFTER_MS) dropRun(port, role);
  }
  // One role per run, allowed only to create databases, so concurrent runs never disturb each other.
  const role = `trialab_run_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('hex');
  psql(port, `CREATE ROLE ${role} LOGIN CREATEDB PASSWORD '${password}'`);
  project.provide('pgAdminUrl', `postgres://${role}:${password}@127.0.0.1:${port}/postgres`);
  return () => dropRun(port, role);
}
