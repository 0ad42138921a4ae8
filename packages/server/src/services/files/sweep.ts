import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files } from '../../db/schema.js';
import type { FileStore } from '../../lib/file-store.js';

/** How often a running server sweeps the file store. */
export const FILE_SWEEP_TICK_MS = 3_600_000;

/**
 * Removes stored content that no `files` row names and that was neither written nor reused within
 * `graceMs` (an upload writes its content before its row; a reuse renews the content's time, see
 * LocalFileStore.reuse). Each candidate is moved aside first and checked again (time and rows), so an
 * upload reusing it at that moment either renewed it (it is put back) or stores its own copy. Rows are never removed: records name files from many tables and JSON
 * columns, so an unattached row cannot be told safely. Removal is idempotent, so several instances
 * may sweep the same directory. Returns the hashes removed.
 */
export async function sweepUnreferencedContent(
  db: Executor,
  store: FileStore,
  now: number,
  graceMs: number,
): Promise<string[]> {
  const old: string[] = [];
  for await (const content of store.list()) if (now - content.touchedMs > graceMs) old.push(content.sha256);
  const removed: string[] = [];
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const named = await db
      .selectDistinct({ sha256: files.sha256 })
      .from(files)
      .where(inArray(files.sha256, batch));
    const keep = new Set(named.map((row) => row.sha256));
    for (const sha256 of batch) {
      if (keep.has(sha256)) continue;
      const aside = await store.setAside(sha256);
      if (!aside) continue;
      // Reused since it was listed, or named by a row written since the check: put it back.
      const stillUnused =
        now - aside.touchedMs > graceMs &&
        (await db.select({ id: files.id }).from(files).where(eq(files.sha256, sha256)).limit(1)).length === 0;
      if (stillUnused) {
        await aside.drop();
        removed.push(sha256);
      } else await aside.restore();
    }
  }
  return removed;
}
