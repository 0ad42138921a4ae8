// The restore drill of docs/operations.md ("Backup and restore", "Restore drill"): a populated
// PostgreSQL database is backed up the documented way, restored into an empty database, and a
// server started on it answers with the same rows, the same file bytes and an intact audit chain.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { endpoints } from '@trialab/api-contract';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { buildServer } from '../src/app.js';
import { loadConfig, PACKAGE_DIR } from '../src/config.js';
import { call, login, serverProgram, startEnv, type TestEnv, uploadFile } from './helpers.js';

const run = promisify(execFile);
const DRILL_TIMEOUT_MS = scaled(120_000);

/** Rows of every table (the application's and drizzle's migration journal), by name. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle') ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const result = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
      counts[name] = result.rows[0]?.n ?? -1;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** Runs SQL with the run's admin role (the one that creates the test databases). */
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'trialab-restore-'));
const restoredName = `trialab_restore_${randomBytes(6).toString('hex')}`;
let original: TestEnv | undefined;
afterAll(async () => {
  await original?.close();
  await admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

it(
  'restores a pg_dump backup and the files copy into an empty database: same rows, file bytes and audit chain',
  async () => {
    const paths = {
      files: join(dir, 'files'),
      keys: join(dir, 'keys'),
      dump: join(dir, 'trialab.dump'),
      filesBackup: join(dir, 'backup', 'files'),
      keysBackup: join(dir, 'backup', 'keys'),
      restoredFiles: join(dir, 'restored', 'files'),
      restoredKeys: join(dir, 'restored', 'keys'),
    };
    // The original: the demo seed through a real server start, plus an upload through the API.
    original = await startEnv('postgres', {
      config: {
        filesDir: paths.files,
        secrets: loadConfig({ KEYS_DIR: paths.keys, DATA_DIR: 'memory://' }).secrets,
      },
    });
    const originalUrl = original.testDb.url ?? '';
    const lab = await login(original, '13800000001');
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(50_000)]);
    const fileId = await uploadFile(original, lab, 'drill.pdf', content);

    const auditVerify = async (databaseUrl: string, filesDir: string, keysDir: string, ...args: string[]) => {
      const { stdout } = await run(process.execPath, [serverProgram('auditVerify'), ...args], {
        cwd: PACKAGE_DIR,
        env: {
          ...process.env,
          TRIALAB_MODE: 'production',
          DATABASE_URL: databaseUrl,
          FILES_DIR: filesDir,
          KEYS_DIR: keysDir,
        },
      });
      return stdout;
    };
    // A signed checkpoint, so the restored chain is checked against a signature too.
    const before = await auditVerify(originalUrl, paths.files, paths.keys, '--checkpoint');
    const intact = /audit chain intact: \d+ rows verified, [1-9]\d* checkpoints hold/;
    expect(before).toMatch(intact);
    const counts = await rowCounts(originalUrl);
    // A populated database: every migration, the demo's trail, the upload.
    const migrations = (await readdir(join(PACKAGE_DIR, 'drizzle'))).filter((f) => f.endsWith('.sql'));
    expect(counts['drizzle.__drizzle_migrations']).toBe(migrations.length);
    expect(counts['public.audit_log']).toBeGreaterThan(100);
    expect(counts['public.files']).toBeGreaterThan(0);

    // Backup as documented: the dump first, then the files directory; the keys folder separately.
    await run('pg_dump', ['--format=custom', `--file=${paths.dump}`, originalUrl]);
    await cp(paths.files, paths.filesBackup, { recursive: true });
    await cp(paths.keys, paths.keysBackup, { recursive: true });

    // Restore into an empty database, and the copies into new folders.
    await admin(`CREATE DATABASE ${restoredName}`);
    const restoredUrl = new URL(inject('pgAdminUrl'));
    restoredUrl.pathname = `/${restoredName}`;
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--exit-on-error',
      `--dbname=${restoredUrl}`,
      paths.dump,
    ]);
    await cp(paths.filesBackup, paths.restoredFiles, { recursive: true });
    await cp(paths.keysBackup, paths.restoredKeys, { recursive: true });

    // A production server on the restored database, with the restored keys and files.
    const restored = await buildServer({
      consoleDir: '/nonexistent-console',
      env: {
        TRIALAB_MODE: 'production',
        DATABASE_URL: restoredUrl.toString(),
        DATABASE_POOL_SIZE: '2',
        FILES_DIR: paths.restoredFiles,
        KEYS_DIR: paths.restoredKeys,
        AUDIT_CHECKPOINT_MINUTES: '0',
      },
    });
    try {
      expect(await rowCounts(restoredUrl.toString())).toEqual(counts);
      const after = await auditVerify(restoredUrl.toString(), paths.restoredFiles, paths.restoredKeys);
      expect(after).toMatch(intact);
      expect(after.match(intact)?.[0]).toBe(before.match(intact)?.[0]);
      // The subjects' card key came back with the keys folder: the same key as the original's.
      expect(restored.deps.secrets.subjectCard.equals(original.app.deps.secrets.subjectCard)).toBe(true);
      const restoredEnv: TestEnv = {
        ...original,
        app: restored,
        handle: { ...original.handle, db: restored.deps.db },
      };
      const session = await login(restoredEnv, '13800000001', undefined, restored);
      const download = await call(
        restored,
        endpoints.system.fileDownload,
        { session, params: { id: fileId } },
        original.clock.now,
      );
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(content)).toBe(true);
    } finally {
      await restored.close();
    }
  },
  DRILL_TIMEOUT_MS,
);
