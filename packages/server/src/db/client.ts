import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Database | Transaction;

export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  engine: Engine;
  db: Database;
  close(): Promise<void>;
}

/** Where the committed migrations live, the same from src/ (tsx, vitest) and dist/ (production). */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/** Serialises migrations when several API instances start against one PostgreSQL database. */
const MIGRATION_LOCK_ID = 724_310_001;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` (or undefined with `inMemory`) keeps it in memory. */
  dataDir?: string | undefined;
  /** Maximum PostgreSQL pool size. */
  poolSize?: number;
}

/** Opens the configured engine and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      try {
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
    const db = drizzleNodePg(pool, { schema });
    return { engine: 'postgres', db, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  // The same extensions the migrations create on a PostgreSQL server.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { engine: 'pglite', db, close: () => client.close() };
}
