// Makes a PostgreSQL 15 server available to the integration tests, which run once on PGlite and
// once on PostgreSQL. A missing PostgreSQL fails the run: the second engine must never be skipped.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../src/app.js';
import { type DatabaseHandle, type Engine, openDatabase, pgliteDataDirDumps } from '../src/db/client.js';
import { buildEntries, type Entries } from './entries.js';
import { newTestKeys, type TestKeys, testConfig } from './test-config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a role allowed to create the per-file throw-away databases. */
    pgAdminUrl: string;
    /** A PostgreSQL database with every migration applied, copied for each suite (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
    /** A file holding a PGlite data directory with every migration applied, loaded by each suite. */
    pgliteTemplate: string;
    /** The same two with the demo seed too, as a test server seeds it (test-config.ts). */
    pgSeededTemplate: string;
    pgliteSeededTemplate: string;
    /** Per engine, the file store the seed wrote beside its seeded template. */
    seededFiles: Record<Engine, string>;
    /** The run's keys: every server of the run holds them (test-config.ts). */
    testKeys: TestKeys;
    /** The server's programs, each bundled once per run for the drills' child processes (entries.ts). */
    entries: Entries;
  }
}

/**
 * Migrates once per run, for each engine, what every suite's throw-away database then starts
 * from: a suite's own migration run (seconds on PGlite) finds nothing left to apply.
 */
async function prepareTemplates(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const keys = newTestKeys();
  project.provide('testKeys', keys);
  const scratch = mkdtempSync(join(tmpdir(), `trialab-templates-${process.pid}-`));
  const seededFiles: Record<Engine, string> = {
    pglite: join(scratch, 'pglite-files'),
    postgres: join(scratch, 'postgres-files'),
  };
  project.provide('seededFiles', seededFiles);
  /** The demo seed, as startEnv's server would run it on a database of its own. */
  const seed = async (engine: Engine, handle: DatabaseHandle) => {
    const app = await buildServer({
      consoleDir: '/nonexistent-console',
      database: handle,
      config: { ...testConfig(keys), filesDir: seededFiles[engine] },
    });
    await app.close();
  };

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const url = (database: string) => {
    const at = new URL(adminUrl);
    at.pathname = `/${database}`;
    return at.toString();
  };
  const name = `trialab_tpl_${randomBytes(6).toString('hex')}`;
  const seededName = `${name}_seeded`;
  const pgliteFile = join(scratch, 'pglite-template.tar');
  const pgliteSeededFile = join(scratch, 'pglite-seeded-template.tar');
  await Promise.all([
    (async () => {
      // Seeded in the instance that migrated: the migrations run, and PGlite starts, once.
      const { migrated, prepared } = await pgliteDataDirDumps((handle) => seed('pglite', handle));
      writeFileSync(pgliteFile, migrated);
      writeFileSync(pgliteSeededFile, prepared);
    })(),
    (async () => {
      await admin.query(`CREATE DATABASE ${name}`);
      await (await openDatabase({ databaseUrl: url(name), poolSize: 1 })).close();
      await admin.query(`CREATE DATABASE ${seededName} TEMPLATE ${name}`);
      const handle = await openDatabase({ databaseUrl: url(seededName), poolSize: 2 });
      try {
        await seed('postgres', handle);
      } finally {
        await handle.close();
      }
    })(),
  ]);
  project.provide('pgliteTemplate', pgliteFile);
  project.provide('pgliteSeededTemplate', pgliteSeededFile);
  project.provide('pgTemplate', name);
  project.provide('pgSeededTemplate', seededName);
  return async () => {
    rmSync(scratch, { recursive: true, force: true });
    // Left to dropRun (as the superuser) when a background process holds them.
    for (const database of [seededName, name]) {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    }
    await admin.end();
  };
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entries = await buildEntries();
  project.provide('entries', entries.paths);
  const prepared = await prepareDatabases(project);
  return async () => {
    await prepared();
    entries.remove();
  };
}

async function prepareDatabases(project: TestProject): Promise<() => Promise<void>> {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    project.provide('pgAdminUrl', fromEnv);
    return prepareTemplates(project, fromEnv);
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
  // A commit does not wait for its WAL to reach the disk (5 ms a commit on this machine's disk,
  // 0.3-1 ms without): the suites' thousands of commits ran at the disk's pace. Only a crash of
  // PostgreSQL itself or of the machine can lose the last commits then, and no suite on this cluster
  // kills PostgreSQL (the database-kill drill kills a scratch cluster of its own, with the default).
  // Queries, locks and isolation are unchanged (docs/performance.md, "Fifth round").
  psql(port, `ALTER ROLE ${role} SET synchronous_commit = off`);
  const adminUrl = `postgres://${role}:${password}@127.0.0.1:${port}/postgres`;
  project.provide('pgAdminUrl', adminUrl);
  const dropTemplates = await prepareTemplates(project, adminUrl);
  return async () => {
    await dropTemplates();
    dropRun(port, role);
  };
}
