import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type Engine, openDatabase } from '../src/db/client.js';

/** Every integration suite runs once per engine. */
export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

export interface TestDatabase {
  /** Opens a handle (several handles on one PostgreSQL database simulate several API instances). */
  open(): Promise<DatabaseHandle>;
  /** For PostgreSQL, the database URL; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/** The PGlite data directories global-setup.ts prepared, each read once per worker. */
const templates = new Map<string, Promise<Blob>>();
function pgliteTemplate(seeded: boolean): Promise<Blob> {
  const file = inject(seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate');
  let template = templates.get(file);
  if (!template) {
    template = readFile(file).then((bytes) => new Blob([bytes]));
    templates.set(file, template);
  }
  return template;
}

/**
 * A throw-away database: in-memory PGlite, or a fresh PostgreSQL database dropped afterwards.
 * `seeded`: it starts with the demo seed already in (global-setup.ts), not only the migrations.
 */
export async function createTestDatabase(engine: Engine, seeded = false): Promise<TestDatabase> {
  if (engine === 'pglite') {
    let handle: DatabaseHandle | undefined;
    return {
      url: undefined,
      open: async () => {
        // PGlite is single-process: "instances" share one handle.
        handle ??= await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(seeded) });
        return handle;
      },
      drop: async () => {
        await handle?.close();
      },
    };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `trialab_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject(seeded ? 'pgSeededTemplate' : 'pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  return {
    url: url.toString(),
    open: async () => {
      const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      handles.push(handle);
      return handle;
    },
    drop: async () => {
      await Promise.all(handles.map((h) => h.close()));
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A background process of another role (autovacuum on the copied template) can refuse the
      // FORCE; the run's teardown (global-setup.ts) drops what is left as the superuser.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await client.end();
    },
  };
}
