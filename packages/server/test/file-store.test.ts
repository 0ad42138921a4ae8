import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { endpoints, ResultCode } from '@trialab/api-contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.js';
import { moveLegacyFileContent } from '../src/services/files/legacy-content.js';
import { sweepUnreferencedContent } from '../src/services/files/sweep.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv, uploadRequest } from './helpers.js';

const { auth, system } = endpoints;

/** Every stored content file under the store's directory (temp files apart). */
async function storedFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.parentPath.startsWith(join(root, 'tmp')))
    .map((e) => join(e.parentPath, e.name));
}
const tempFiles = (root: string) => readdir(join(root, 'tmp'));

const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes)]);

describe.each(FEATURE_ENGINES)('file store on %s', (engine) => {
  let env: TestEnv;
  let lab: Session;
  const upload = (session: Session, name: string, content: Buffer, lang?: 'en_US' | 'zh_CN') => {
    const request = uploadRequest(env.app, session, env.clock.now, name, content);
    return request.send(request.whole, lang);
  };
  const fileRows = async () => Number((await env.handle.db.select({ n: count() }).from(files))[0]?.n);

  beforeAll(async () => {
    env = await startEnv(engine, { config: { uploadQuotaBytes: 3 * 1024 * 1024 } });
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  it('keeps the bytes on disk under their SHA-256, not in the database, and serves them byte-exact', async () => {
    const columns = await env.handle.db.execute(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'files'`,
    );
    const names = (columns as unknown as { rows: Array<{ column_name: string }> }).rows.map(
      (r) => r.column_name,
    );
    expect(names).not.toContain('content');
    expect(names).toContain('sha256');

    const pdf = pdfOf(1024 * 1024);
    const answer = envelope(await upload(lab, 'big.pdf', pdf));
    expect(answer.code).toBe(ResultCode.OK);
    const id = (answer.data as { id: number }).id;
    const [row] = await env.handle.db.select().from(files).where(eq(files.id, id));
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    expect(row).toMatchObject({ size: pdf.length, sha256, uploadedBy: lab.login.user.id });
    const onDisk = await readFile(env.app.deps.files.pathOf(sha256));
    expect(onDisk.equals(pdf)).toBe(true);

    const download = await call(
      env.app,
      system.fileDownload,
      { session: lab, params: { id } },
      env.clock.now,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(pdf.length));
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers 404 "content missing" in the user language when the bytes are gone from the store', async () => {
    const pdf = pdfOf(2048);
    const { id } = envelope(await upload(lab, 'lost.pdf', pdf)).data as { id: number };
    await rm(env.app.deps.files.pathOf(createHash('sha256').update(pdf).digest('hex')));
    const download = (lang: 'en_US' | 'zh_CN') =>
      call(env.app, system.fileDownload, { session: lab, params: { id }, lang }, env.clock.now);
    const english = await download('en_US');
    expect(english.statusCode).toBe(404);
    expect(envelope(english)).toMatchObject({
      code: ResultCode.NOT_FOUND,
      msg: "The file's content is missing from the store; contact an administrator",
    });
    expect(envelope(await download('zh_CN')).msg).toBe('文件内容已丢失，请联系管理员');
  });

  it('sweeps stored content no files row names once older than the grace, never a named or young one', async () => {
    const store = env.app.deps.files;
    const grace = 24 * 3_600_000;
    const twoDaysAgo = new Date(Date.now() - 2 * grace);
    const age = (sha256: string) => utimes(store.pathOf(sha256), twoDaysAgo, twoDaysAgo);
    const named = pdfOf(512);
    const { id } = envelope(await upload(lab, 'kept.pdf', named)).data as { id: number };
    const namedHash = createHash('sha256').update(named).digest('hex');
    const orphan = await store.put(pdfOf(512));
    const young = await store.put(pdfOf(512));
    const reused = await store.put(pdfOf(513));
    await Promise.all([age(namedHash), age(orphan), age(reused)]);
    // Stored again (an upload or a report of the same bytes): renewed, so spared for a while.
    await store.put(await readFile(store.pathOf(reused)));

    const removed = await sweepUnreferencedContent(env.handle.db, store, Date.now(), grace);
    expect(removed).toEqual([orphan]);
    expect(await store.has(orphan)).toBe(false);
    for (const kept of [namedHash, young, reused]) expect(await store.has(kept)).toBe(true);
    const download = await call(
      env.app,
      system.fileDownload,
      { session: lab, params: { id } },
      env.clock.now,
    );
    expect(download.rawPayload.equals(named)).toBe(true);
    expect(await tempFiles(env.filesDir)).toEqual([]);
    // A second instance sweeping the same directory finds nothing more to do.
    expect(await sweepUnreferencedContent(env.handle.db, store, Date.now(), grace)).toEqual([]);
  });

  it('stores identical content once, with one metadata row per upload', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(5000)]);
    const before = await storedFiles(env.filesDir);
    const first = envelope(await upload(lab, 'a.png', png)).data as { id: number };
    const second = envelope(await upload(lab, 'b.png', png)).data as { id: number };
    expect(first.id).not.toBe(second.id);
    const after = await storedFiles(env.filesDir);
    expect(after.length).toBe(before.length + 1);
    const rows = await env.handle.db
      .select()
      .from(files)
      .where(sql`${files.id} IN (${first.id}, ${second.id})`);
    expect(new Set(rows.map((r) => r.sha256)).size).toBe(1);
    expect(rows.map((r) => r.name).sort()).toEqual(['a.png', 'b.png']);
  });

  it('leaves no temp file, content or row behind when an upload is refused', async () => {
    const rows = await fileRows();
    const stored = await storedFiles(env.filesDir);
    const wrongType = await upload(lab, 'evil.pdf', Buffer.from('MZ not a pdf'));
    expect(envelope(wrongType).code).toBe(ResultCode.FILE_TYPE_NOT_ALLOWED);
    const request = uploadRequest(env.app, lab, env.clock.now, 'a.txt', Buffer.from('hello'));
    const tampered = await request.send(Buffer.concat([request.head, Buffer.from('hellO'), request.tail]));
    expect(envelope(tampered).code).toBe(ResultCode.CONTENT_MD5_MISMATCH);
    // Over the size limit (an instance with a small one, on the same database and files).
    const small = await env.secondInstance({ uploadMaxBytes: 1024 });
    const big = uploadRequest(small, lab, env.clock.now, 'big.txt', Buffer.alloc(4096, 'a'));
    const answer = await big.send(big.whole);
    expect(answer.statusCode).toBe(413);
    expect(envelope(answer).code).toBe(ResultCode.FILE_TOO_LARGE);
    expect(await tempFiles(env.filesDir)).toEqual([]);
    expect(await storedFiles(env.filesDir)).toEqual(stored);
    expect(await fileRows()).toBe(rows);
  });

  it('refuses an upload over the per-user quota in the user language and changes nothing', async () => {
    const pm = await login(env, '13800000003');
    const first = await upload(pm, 'one.pdf', pdfOf(2 * 1024 * 1024));
    expect(envelope(first).code).toBe(ResultCode.OK);
    const rows = await fileRows();
    const stored = await storedFiles(env.filesDir);
    // 2 MiB used of 3: another 2 MiB is refused while it streams.
    const over = await upload(pm, 'two.pdf', pdfOf(2 * 1024 * 1024), 'zh_CN');
    expect(over.statusCode).toBe(413);
    expect(envelope(over)).toMatchObject({
      code: ResultCode.UPLOAD_QUOTA_EXCEEDED,
      msg: '上传空间已用完（每位用户共3MB），请联系管理员',
    });
    const english = envelope(await upload(pm, 'two.pdf', pdfOf(2 * 1024 * 1024)));
    expect(english.msg).toBe('Your upload space is used up (3 MB per user); please contact an administrator');
    expect(await fileRows()).toBe(rows);
    expect(await storedFiles(env.filesDir)).toEqual(stored);
    expect(await tempFiles(env.filesDir)).toEqual([]);
    // What still fits is accepted; the quota is per user.
    expect(envelope(await upload(pm, 'small.pdf', pdfOf(1000))).code).toBe(ResultCode.OK);
    const finance = await login(env, '13800000005');
    expect(envelope(await upload(finance, 'f.pdf', pdfOf(2 * 1024 * 1024))).code).toBe(ResultCode.OK);
  });

  it('serves through a second instance on the same database and files directory what the first stored', async () => {
    const pdf = pdfOf(70_000);
    const id = (envelope(await upload(lab, 'shared.pdf', pdf)).data as { id: number }).id;
    const other = await env.secondInstance();
    const download = await call(other, system.fileDownload, { session: lab, params: { id } }, env.clock.now);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers other requests while an upload is still streaming (no transaction held for the body)', async () => {
    const pdf = pdfOf(256 * 1024);
    const request = uploadRequest(env.app, lab, env.clock.now, 'slow.pdf', pdf);
    const body = new PassThrough();
    const pending = request.send(body);
    // Half the file is in; the rest waits until the unrelated request has been answered.
    body.write(request.head);
    body.write(pdf.subarray(0, pdf.length / 2));
    const captcha = await call(env.app, auth.captcha, {}, env.clock.now);
    expect(envelope(captcha).code).toBe(ResultCode.OK);
    body.end(Buffer.concat([pdf.subarray(pdf.length / 2), request.tail]));
    const answer = envelope(await pending);
    expect(answer.code).toBe(ResultCode.OK);
  });

  it('moves content left in the database by migration 0015 into the store at start', async () => {
    const old = Buffer.from('legacy bytes, once a bytea column');
    const [row] = await env.handle.db
      .insert(files)
      .values({ name: 'old.txt', mime: 'text/plain', size: 1, sha256: 'stale' })
      .returning({ id: files.id });
    const id = row?.id ?? 0;
    await env.handle.db.execute(
      sql`CREATE TABLE files_legacy_content (id integer PRIMARY KEY, content bytea NOT NULL)`,
    );
    await env.handle.db.execute(sql`INSERT INTO files_legacy_content VALUES (${id}, ${old})`);
    expect(await moveLegacyFileContent(env.handle.db, env.app.deps.files)).toBe(1);
    const [moved] = await env.handle.db.select().from(files).where(eq(files.id, id));
    const sha256 = createHash('sha256').update(old).digest('hex');
    expect(moved).toMatchObject({ sha256, size: old.length });
    expect((await readFile(env.app.deps.files.pathOf(sha256))).equals(old)).toBe(true);
    const gone = await env.handle.db.execute(sql`SELECT to_regclass('files_legacy_content') IS NULL AS gone`);
    expect((gone as unknown as { rows: Array<{ gone: boolean }> }).rows[0]?.gone).toBe(true);
    // Nothing left to move: a later start does nothing.
    expect(await moveLegacyFileContent(env.handle.db, env.app.deps.files)).toBe(0);
  });
});
