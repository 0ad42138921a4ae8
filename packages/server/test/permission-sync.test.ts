/**
 * The permission rows every start brings up to date (seed.ts `syncPermissions`): a start finding
 * them current writes none, and one finding them changed or missing puts back exactly what the menu
 * tree and the endpoint and workflow declarations give, parents before children.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import * as s from '../src/db/schema.js';
import { LocalFileStore } from '../src/lib/file-store.js';
import { seedDatabase } from '../src/seed/seed.js';
import { createTestDatabase, FEATURE_ENGINES, type TestDatabase } from './engines.js';

describe.each(FEATURE_ENGINES)('permission rows at a start (%s)', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let filesDir: string;
  let files: LocalFileStore;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine, true);
    handle = await testDb.open();
    filesDir = await mkdtemp(join(tmpdir(), 'trialab-permission-sync-'));
    files = await new LocalFileStore(filesDir).init();
  });
  afterAll(async () => {
    await testDb.drop();
    await rm(filesDir, { recursive: true, force: true });
  });

  const start = () =>
    seedDatabase(handle.db, { demo: true, now: new Date(), files, subjectCardKey: Buffer.alloc(32) });

  /** Every row by key, its parent by key (ids of rows put back differ). */
  async function rows(): Promise<Map<string, Record<string, unknown>>> {
    const all = await handle.db.select().from(s.permissions);
    const keyOf = new Map(all.map((row) => [row.id, row.i18nKey]));
    return new Map(
      all.map(({ id: _id, parentId, ...row }) => [
        row.i18nKey,
        { ...row, parentKey: parentId === null ? null : (keyOf.get(parentId) ?? `missing ${parentId}`) },
      ]),
    );
  }

  test('a start with the rows current writes none of them', async () => {
    const versions = () =>
      handle.db
        .select({ key: s.permissions.i18nKey, version: sql<string>`xmin::text` })
        .from(s.permissions)
        .orderBy(s.permissions.i18nKey);
    const before = await versions();
    expect(before.length).toBeGreaterThan(300);
    await start();
    expect(await versions()).toEqual(before);
  });

  test('a start puts back the rows that differ or are gone, children under their new parent', async () => {
    const expected = await rows();
    // A menu with children and buttons, gone (its grants with it); a renamed menu; a button
    // moved out of its menu; a button gone.
    const parent = [...expected.values()].find(
      (row) => row.type === 1 && [...expected.values()].some((child) => child.parentKey === row.i18nKey),
    );
    const renamed = [...expected.values()].find((row) => row.type === 2);
    const [moved, gone] = [...expected.values()].filter((row) => row.type === 3 && row.parentKey !== null);
    if (!parent || !renamed || !moved || !gone) throw new Error('the seed lacks the rows this test changes');
    await handle.db
      .delete(s.permissions)
      .where(inArray(s.permissions.i18nKey, [parent.i18nKey, gone.i18nKey] as string[]));
    await handle.db
      .update(s.permissions)
      .set({ name: 'renamed by hand', sort: 999 })
      .where(eq(s.permissions.i18nKey, renamed.i18nKey as string));
    await handle.db
      .update(s.permissions)
      .set({ parentId: null })
      .where(eq(s.permissions.i18nKey, moved.i18nKey as string));
    expect(await rows()).not.toEqual(expected);

    await start();
    expect(await rows()).toEqual(expected);
  });
});
