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

const ROLE = 'trialab_test';

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

export default function setup(project: TestProject): void {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    project.provide('pgAdminUrl', fromEnv);
    return;
  }
  const port = ensureCluster();
  if (process.getuid?.() !== 0) {
    throw new Error('Starting the local PostgreSQL cluster needs root; otherwise set TEST_DATABASE_URL.');
  }
  // A fresh password each run; the role may only create databases.
  const password = randomBytes(18).toString('hex');
  const sql =
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN ` +
    `CREATE ROLE ${ROLE} LOGIN CREATEDB; END IF; END $$; ALTER ROLE ${ROLE} PASSWORD '${password}';`;
  sh('runuser', [
    '-u',
    'postgres',
    '--',
    'psql',
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-p',
    String(port),
    '-c',
    sql,
  ]);
  project.provide('pgAdminUrl', `postgres://${ROLE}:${password}@127.0.0.1:${port}/postgres`);
}
