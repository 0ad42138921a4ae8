import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, MIGRATIONS_DIR } from './client.js';

/** Migrations drizzle recorded as applied: how many, and the newest one's journal time. */
export async function appliedMigrations(db: Executor) {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ n: unknown; last: unknown }> };
  const row = result.rows[0];
  return { applied: Number(row?.n ?? 0), lastWhen: row?.last ? Number(row.last) : null };
}

/** The committed migrations' journal (name and time of each). */
export async function migrationJournal(): Promise<Array<{ tag: string; when: number }>> {
  const text = await readFile(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: Array<{ tag: string; when: number }> }).entries;
}

/**
 * Whether the database holds every migration this build ships. drizzle applies the journal's
 * entries newer than the newest recorded one, so that one's time is what counts (a newer instance
 * may have applied more: still up to date for this one).
 */
export async function migrationsApplied(db: Executor, journal: ReadonlyArray<{ when: number }>) {
  const { lastWhen } = await appliedMigrations(db);
  const newest = Math.max(0, ...journal.map((entry) => entry.when));
  return lastWhen !== null && lastWhen >= newest;
}
