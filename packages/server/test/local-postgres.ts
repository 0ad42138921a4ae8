// The local PostgreSQL 15 cluster the test runs use: the server's integration suites (global-setup.ts)
// and the end-to-end lane that runs on PostgreSQL (e2e/support/global-setup.ts). Each run gets a
// role of its own, allowed only to create databases, so concurrent runs (the unit tests and an e2e
// lane of one `npm test`, or two sessions' runs) never disturb each other.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A run's way into PostgreSQL: a URL that may create databases, and its removal. */
export interface RunRole {
  /** Connection string (database `postgres`) of a role with CREATEDB. */
  adminUrl: string;
  /** Drops every database the role owns, then the role (a URL given from outside is left alone). */
  drop(): void;
}

function sh(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The first cluster `pg_lsclusters` lists: version, name, port, status. */
function firstCluster(): { version: string; cluster: string; port: number; status: string } {
  let listing: string;
  try {
    listing = sh('pg_lsclusters', ['--no-header']);
  } catch {
    throw new Error(
      'PostgreSQL is required by the tests (the server suites and an e2e lane run on it). Install ' +
        'postgresql-15 (`node scripts/setup.mjs --system-deps`) or set TEST_DATABASE_URL to a role with CREATEDB.',
    );
  }
  // "15  main    5432 down   postgres /var/lib/... /var/log/..."
  const line = listing.split('\n').find((l) => l.trim().length > 0);
  const [version, cluster, port, status] = line?.trim().split(/\s+/) ?? [];
  if (!version || !cluster || !port || !status) throw new Error(`no PostgreSQL cluster found:\n${listing}`);
  return { version, cluster, port: Number(port), status };
}

/** Starts the cluster if it is down; returns its port. Two runs may start it at once: one wins. */
function ensureCluster(): number {
  const found = firstCluster();
  if (found.status !== 'online') {
    try {
      sh('pg_ctlcluster', [found.version, found.cluster, 'start']);
    } catch (error) {
      if (firstCluster().status !== 'online') throw error;
    }
  }
  return found.port;
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

/**
 * A role of this run: `TEST_DATABASE_URL` as given, else a new role on the local cluster (started
 * if it is down; needs root), after dropping the roles of runs that crashed long ago.
 */
export function runRole(): RunRole {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) return { adminUrl: fromEnv, drop: () => undefined };
  const port = ensureCluster();
  if (process.getuid?.() !== 0) {
    throw new Error('Starting the local PostgreSQL cluster needs root; otherwise set TEST_DATABASE_URL.');
  }
  for (const role of psql(port, "SELECT rolname FROM pg_roles WHERE rolname LIKE 'trialab_run_%'").split(
    '\n',
  )) {
    const started = Number(/^trialab_run_(\d+)_/.exec(role)?.[1]);
    if (started && Date.now() - started > STALE_AFTER_MS) dropRun(port, role);
  }
  const role = `trialab_run_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('hex');
  psql(port, `CREATE ROLE ${role} LOGIN CREATEDB PASSWORD '${password}'`);
  // A commit does not wait for its WAL to reach the disk (5 ms a commit on this machine's disk,
  // 0.3-1 ms without): the suites' thousands of commits ran at the disk's pace. Only a crash of
  // PostgreSQL itself or of the machine can lose the last commits then, and no run on this cluster
  // kills PostgreSQL (the database-kill drill kills a scratch cluster of its own, with the default).
  // Queries, locks and isolation are unchanged (docs/performance.md, "Fifth round").
  psql(port, `ALTER ROLE ${role} SET synchronous_commit = off`);
  return {
    adminUrl: `postgres://${role}:${password}@127.0.0.1:${port}/postgres`,
    drop: () => dropRun(port, role),
  };
}

/** The URL of database `name` reached with the role of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const at = new URL(adminUrl);
  at.pathname = `/${name}`;
  return at.toString();
}

/** Creates an empty database owned by the role of `adminUrl`; returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
}

/** Drops database `name` (its connections ended), as the role of `adminUrl`. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
