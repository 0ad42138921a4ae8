import { count, desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditCheckpoints, auditLog } from '../../db/schema.js';

type Row = Record<string, unknown>;

async function first(db: Executor, query: ReturnType<typeof sql>): Promise<Row | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0];
}

/** The engine's version and the database's size in bytes. */
export async function databaseFacts(db: Executor) {
  const version = await first(db, sql`SHOW server_version`);
  const size = await first(db, sql`SELECT pg_database_size(current_database()) AS bytes`);
  return { serverVersion: String(version?.server_version ?? ''), sizeBytes: Number(size?.bytes ?? 0) };
}

/**
 * API instances on this PostgreSQL database: each keeps one connection that ran only
 * `LISTEN trialab_auth` (app.ts), so the connections whose last statement is that one count them.
 */
export async function listeningInstances(db: Executor): Promise<number> {
  const row = await first(
    db,
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN trialab_auth'`,
  );
  return Number(row?.n ?? 0);
}

export async function auditFacts(db: Executor) {
  const [rows] = await db.select({ n: count() }).from(auditLog);
  const [newest] = await db
    .select({ id: auditCheckpoints.id, lastId: auditCheckpoints.lastId, at: auditCheckpoints.at })
    .from(auditCheckpoints)
    .orderBy(desc(auditCheckpoints.id))
    .limit(1);
  return { rows: rows?.n ?? 0, lastCheckpoint: newest ?? null };
}
