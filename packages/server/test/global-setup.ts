// Makes a PostgreSQL 15 server available to the integration tests, which run once on PGlite and
// once on PostgreSQL. A missing PostgreSQL fails the run: the second engine must never be skipped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../src/app.js';
import { type DatabaseHandle, type Engine, openDatabase, pgliteDataDirDumps } from '../src/db/client.js';
import { buildEntries, type Entries } from './entries.js';
import { databaseUrl, runRole } from './local-postgres.js';
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
  const url = (database: string) => databaseUrl(adminUrl, database);

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
  const role = runRole();
  project.provide('pgAdminUrl', role.adminUrl);
  const dropTemplates = await prepareTemplates(project, role.adminUrl);
  return async () => {
    await dropTemplates();
    role.drop();
  };
}
