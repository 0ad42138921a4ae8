import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { oneSessionAtATime, PGLITE_PARSERS } from './one-session.js';
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
  /**
   * For writes whose loss in a database crash is acceptable (replay-protection nonces): on
   * PostgreSQL a small pool whose commits do not wait for the WAL flush; on PGlite the same `db`.
   */
  relaxedDb: Database;
  /** Follows NOTIFY on a channel; resolves once listening (or once the first attempt failed). */
  listen(channel: string, listener: ChangeListener): Promise<() => Promise<void>>;
  /** Each connection pool's use, read at every metrics scrape; none on PGlite (one embedded session). */
  poolUse(): PoolUse[];
  close(): Promise<void>;
}

export interface PoolUse {
  /** `main`, or `relaxed` (the nonces' pool). */
  pool: string;
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const useOf = (pool: string, p: pg.Pool): PoolUse => ({
  pool,
  total: p.totalCount,
  idle: p.idleCount,
  waiting: p.waitingCount,
});

export interface ChangeListener {
  onChange(): void;
  /** false when the listening connection is lost, true once it listens (again). */
  onLive(live: boolean): void;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
/**
 * Longest wait between two attempts of the LISTEN connection: readiness is false until it listens
 * again, so a database back from an outage is noticed within this.
 */
const RETRY_MAX_MS = 2_000;
/** A pool's connection attempt to a database that does not answer (not even a refusal) fails after this. */
const CONNECT_TIMEOUT_MS = 10_000;

/** A dedicated connection for LISTEN that reconnects with backoff. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  listener: ChangeListener,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) {
        current = undefined;
        listener.onLive(false);
      }
      client.end().catch(() => undefined);
      if (!stopped) {
        timer = setTimeout(() => void connect(), delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    };
    client.on('notification', (message) => {
      if (message.channel === channel) listener.onChange();
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = 500;
    listener.onLive(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/**
 * A pool that survives its database going away. A connection the server ends (a crash, restart,
 * failover, pg_terminate_backend) emits 'error', which unheard is an uncaught exception that stops
 * the process. An idle connection's is heard by the pool, which drops it; one checked out (a
 * transaction between two queries) has only the listener added here: its query gets the error,
 * and the pool drops it at its release (no longer queryable). The next query connects anew
 * (docs/operations.md, "Database outage").
 */
function newPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
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
  /** PGlite: start from this data directory dump (`pgliteDataDirDumps`) instead of an empty one. */
  loadDataDir?: Blob | undefined;
  /**
   * PGlite: a file system that already holds the data directory when PGlite starts (the tests
   * restore each suite's database from a template unpacked once per worker: test/engines.ts).
   */
  pgliteFs?: PGliteOptions['fs'];
  /**
   * Runs before any migration with a read-only query on the database as found (a database that does
   * not exist yet answers no rows, and is not created); throwing refuses the start untouched.
   */
  beforeMigrate?: ((query: RawQuery) => Promise<void>) | undefined;
}

/**
 * The rows of a raw `execute(sql…)`: the drivers' result objects differ in type but both carry
 * `rows`, with the same values on both engines (one-session.ts).
 */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A plain SQL query with positional parameters, answering its rows. */
export type RawQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * An in-memory PGlite data directory with every migration applied, and the same after `prepare`
 * ran on it (the demo seed), as tarballs: the test templates each suite's database is loaded from.
 * One instance makes both, so the migrations run and PGlite starts once.
 */
export async function pgliteDataDirDumps(
  prepare: (handle: DatabaseHandle) => Promise<void>,
): Promise<{ migrated: Buffer; prepared: Buffer }> {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm }, parsers: PGLITE_PARSERS });
  const dump = async () => {
    // Without it, every database loaded from the dump replays the WAL since the last checkpoint
    // (the seed's 5 MB) when it starts.
    await client.query('CHECKPOINT');
    return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  };
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    oneSessionAtATime(db);
    const migrated = await dump();
    await prepare(pgliteHandle(client, db));
    return { migrated, prepared: await dump() };
  } finally {
    await client.close();
  }
}

/** Opens the configured engine and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = newPool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    try {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await options.beforeMigrate?.(async (sql, params) => (await client.query(sql, params)).rows);
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    const db = drizzleNodePg(pool, { schema });
    const relaxedPool = newPool({
      connectionString: options.databaseUrl,
      max: Math.max(2, Math.ceil((options.poolSize ?? 10) / 4)),
      options: '-c synchronous_commit=off',
    });
    const relaxedDb = drizzleNodePg(relaxedPool, { schema });
    // As on PGlite, where the relaxed database is the same session.
    oneSessionAtATime(db, relaxedDb);
    const databaseUrl = options.databaseUrl;
    return {
      engine: 'postgres',
      db,
      relaxedDb,
      listen: (channel, listener) => listenPostgres(databaseUrl, channel, listener),
      poolUse: () => [useOf('main', pool), useOf('relaxed', relaxedPool)],
      close: async () => {
        await Promise.all([pool.end(), relaxedPool.end()]);
      },
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (options.beforeMigrate && !options.loadDataDir && (inMemory || !existsSync(dataDir))) {
    await options.beforeMigrate(async () => []);
  }
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // The same extensions the migrations create on a PostgreSQL server.
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    parsers: PGLITE_PARSERS,
    loadDataDir: options.loadDataDir,
    ...(options.pgliteFs ? { fs: options.pgliteFs } : {}),
  });
  const db = drizzlePglite(client, { schema });
  try {
    await options.beforeMigrate?.(
      async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows,
    );
  } catch (error) {
    await client.close();
    throw error;
  }
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  oneSessionAtATime(db);
  return pgliteHandle(client, db);
}

function pgliteHandle(client: PGlite, db: Database): DatabaseHandle {
  return {
    engine: 'pglite',
    db,
    relaxedDb: db,
    // One embedded session: its own NOTIFYs are delivered to it, and it never loses the "connection".
    listen: async (channel, listener) => {
      const stop = await client.listen(channel, () => listener.onChange());
      listener.onLive(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    poolUse: () => [],
    close: () => client.close(),
  };
}
