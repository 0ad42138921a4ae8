import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/file-store.js';

/** Serialises the move when several instances start together on one PostgreSQL database. */
const LEGACY_MOVE_LOCK_ID = 724_310_004;

/**
 * Until migration 0015 file bytes were a `bytea` column of `files`. SQL cannot write files, so the
 * migration parks them in `files_legacy_content` and drops the column; this moves them into the
 * store at the first start after it, one row at a time (memory stays bounded), fixes the metadata
 * from the bytes actually stored, and drops the table once empty. Every step can be repeated: a
 * crash half-way leaves the rest for the next start (already stored content is found by its hash).
 */
export async function moveLegacyFileContent(db: Database, store: FileStore): Promise<number> {
  let moved = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LEGACY_MOVE_LOCK_ID})`);
    const exists = await tx.execute(sql`SELECT to_regclass('files_legacy_content') IS NOT NULL AS present`);
    if (!(exists as unknown as { rows: Array<{ present: boolean }> }).rows[0]?.present) return;
    for (;;) {
      const result = await tx.execute(sql`SELECT id, content FROM files_legacy_content ORDER BY id LIMIT 1`);
      const row = (result as unknown as { rows: Array<{ id: number; content: Uint8Array }> }).rows[0];
      if (!row) break;
      const content = Buffer.from(row.content);
      const sha256 = await store.put(content);
      await tx.execute(
        sql`UPDATE files SET sha256 = ${sha256}, size = ${content.length} WHERE id = ${row.id}`,
      );
      await tx.execute(sql`DELETE FROM files_legacy_content WHERE id = ${row.id}`);
      moved += 1;
    }
    await tx.execute(sql`DROP TABLE files_legacy_content`);
  });
  return moved;
}
