import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore, StagedTooLarge } from './file-store.js';

describe('LocalFileStore', () => {
  let root: string;
  let store: LocalFileStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'trialab-store-'));
    store = await new LocalFileStore(root).init();
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

  it('stages a stream with its hashes, head and NUL flag, and commits it under its SHA-256', async () => {
    const staged = await store.stage(chunks('ab', 'c\0d'), 100);
    const bytes = Buffer.from('abc\0d');
    expect(staged).toMatchObject({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      md5Base64: createHash('md5').update(bytes).digest('base64'),
      size: 5,
      containsNul: true,
    });
    expect(staged.head.equals(bytes)).toBe(true);
    expect(await store.has(staged.sha256)).toBe(false);
    await staged.commit();
    expect((await readFile(store.pathOf(staged.sha256))).equals(bytes)).toBe(true);
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('refuses more than the limit and removes the temp file', async () => {
    await expect(store.stage(chunks('12345', '678'), 6)).rejects.toBeInstanceOf(StagedTooLarge);
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('discards a staged file, and drops a second copy of content already stored', async () => {
    const first = await store.stage(chunks('same'), 10);
    const second = await store.stage(chunks('same'), 10);
    await first.commit();
    await second.commit();
    const third = await store.stage(chunks('other'), 10);
    await third.discard();
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
    expect(await store.has(third.sha256)).toBe(false);
    expect(await store.put(Buffer.from('same'))).toBe(first.sha256);
  });

  it('removes temp files older than a day at start, not younger ones', async () => {
    const old = join(root, 'tmp', 'old');
    const young = join(root, 'tmp', 'young');
    await writeFile(old, 'x');
    await writeFile(young, 'y');
    const now = Date.now();
    await utimes(old, new Date(now - 25 * 3_600_000), new Date(now - 25 * 3_600_000));
    await new LocalFileStore(root).init(now);
    expect(await readdir(join(root, 'tmp'))).toEqual(['young']);
  });

  it('refuses a name that is not a SHA-256 digest (no path escapes)', () => {
    expect(() => store.pathOf('../../etc/passwd')).toThrow();
  });
});
