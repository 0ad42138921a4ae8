import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MemoryFS, PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type Engine, openDatabase } from '../src/db/client.js';

/**
 * Where the engines differ, a suite runs on both: the driver's values and errors and the
 * one-session rule (db.test.ts, records.test.ts, src/db/one-session.ts), migrations, what the
 * handle does per engine (the relaxed pool, LISTEN, pools: nonces, probes), durability after a
 * crash, the database's own time zones; and the audit chain and idempotency keys every write goes
 * through.
 */
export const BOTH_ENGINES: readonly Engine[] = ['pglite', 'postgres'];

/**
 * A feature's rules run on PostgreSQL, the engine that scales out. PGlite is the same PostgreSQL
 * compiled to WebAssembly, made to answer the server's code as node-postgres does (one-session.ts);
 * the e2e suite's flows and the accessibility sweep's pages run on it, as `npm start` does
 * (docs/development.md, "Two engines").
 */
export const FEATURE_ENGINES: readonly Engine[] = ['postgres'];

export interface TestDatabase {
  /** Opens a handle (several handles on one PostgreSQL database simulate several API instances). */
  open(): Promise<DatabaseHandle>;
  /** For PostgreSQL, the database URL; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/** One file or folder of a data directory, as its tarball holds it (path relative to PGDATA). */
interface TemplateEntry {
  path: string;
  /** undefined for a folder. */
  data: Uint8Array | undefined;
}

/**
 * The entries of an uncompressed tarball as `dumpDataDir('none')` writes it (ustar: a 512-byte
 * header per entry, the content padded to 512 bytes, two zero blocks at the end).
 */
function untar(tar: Uint8Array): TemplateEntry[] {
  const text = (from: number, length: number) => {
    const field = tar.subarray(from, from + length);
    const end = field.indexOf(0);
    return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end));
  };
  const entries: TemplateEntry[] = [];
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const prefix = text(at + 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${text(at, 100)}`.replace(/^\/+|\/+$/g, '');
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[at + 156] ?? 0);
    const content = at + 512;
    at = content + Math.ceil(size / 512) * 512;
    if (type !== '0' && type !== '\0' && type !== '5')
      throw new Error(`template: unexpected tar entry ${type} ${name}`);
    if (name)
      entries.push({ path: name, data: type === '5' ? undefined : tar.subarray(content, content + size) });
  }
  return entries;
}

/** The parts of Emscripten's file system (PGlite's `Module.FS`) the template's copy on write wraps. */
interface EmscriptenFs {
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array, options: { canOwn: boolean }): void;
  lookupPath(path: string): { node: MemNode };
  write(stream: { node: MemNode }, ...rest: unknown[]): number;
  msync(stream: { node: MemNode }, ...rest: unknown[]): number;
}
interface MemNode {
  contents: Uint8Array;
  usedBytes: number;
}

/**
 * An in-memory file system that starts holding the template's data directory. What PGlite's
 * `loadDataDir` does from the tarball at every start (read the blob, parse the tar, look up every
 * parent folder of every file) is done here once per worker. The files share the worker's template
 * bytes (MEMFS owns a view of them) and a file is copied only when PostgreSQL first writes to it:
 * MEMFS writes a file's bytes in place, which would change the template under the worker's next
 * database. Most of the 69 MB are never written by a suite (docs/performance.md, "Tenth round").
 */
class TemplateFs extends MemoryFS {
  constructor(private readonly entries: readonly TemplateEntry[]) {
    super();
  }

  override async initialSyncFs(): Promise<void> {
    if (!this.pg) throw new Error('template file system used before PGlite set it up');
    const fs = this.pg.Module.FS as unknown as EmscriptenFs;
    const root = PGlite.paths.PGDATA;
    fs.mkdirTree(root);
    /** Files' contents that are still views of the template. */
    const shared = new WeakSet<Uint8Array>();
    for (const { path, data } of this.entries) {
      if (!data) {
        fs.mkdirTree(`${root}/${path}`);
        continue;
      }
      fs.writeFile(`${root}/${path}`, data, { canOwn: true });
      const { contents } = fs.lookupPath(`${root}/${path}`).node;
      if (data.length > 0) shared.add(contents);
    }
    const ownCopy = (node: MemNode) => {
      if (!shared.has(node.contents)) return;
      // `new Uint8Array(view)` copies; a Buffer's `slice()` would not.
      node.contents = new Uint8Array(node.contents.subarray(0, node.usedBytes));
    };
    const { write, msync } = fs;
    fs.write = (stream, ...rest) => {
      ownCopy(stream.node);
      return write.call(fs, stream, ...rest);
    };
    fs.msync = (stream, ...rest) => {
      ownCopy(stream.node);
      return msync.call(fs, stream, ...rest);
    };
  }
}

/** The PGlite data directories global-setup.ts prepared, each read and unpacked once per worker. */
const templates = new Map<string, Promise<TemplateEntry[]>>();
function pgliteTemplate(seeded: boolean): Promise<TemplateEntry[]> {
  const file = inject(seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate');
  let template = templates.get(file);
  if (!template) {
    // A plain Uint8Array view of the file's bytes: the databases' files are views of it.
    template = readFile(file).then((bytes) =>
      untar(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    );
    templates.set(file, template);
  }
  return template;
}

/** A digest of the worker's template files (test/db.test.ts: a database's writes never reach them). */
export async function pgliteTemplateDigest(seeded: boolean): Promise<string> {
  const hash = createHash('sha256');
  for (const { path, data } of await pgliteTemplate(seeded)) hash.update(path).update(data ?? '');
  return hash.digest('hex');
}

/**
 * A PGlite data directory on disk in `dataDir` (for child processes: drills, CLIs, main.ts), made
 * from the migrated template instead of initdb and the migrations (`seeded`: the one with the demo
 * seed too, whose files are `seededFiles.pglite`). The template's files are written as they are, as
 * PGlite's `loadDataDir` extracts them and as `TemplateFs` serves them in memory, without a PGlite
 * start in the worker (some 1.5 CPU s).
 */
export async function pgliteDataDirFromTemplate(dataDir: string, seeded = false): Promise<void> {
  for (const { path, data } of await pgliteTemplate(seeded)) {
    const at = join(dataDir, path);
    await mkdir(data ? dirname(at) : at, { recursive: true });
    if (data) await writeFile(at, data);
  }
}

/** The same, with a handle open on it (close it before a child opens the folder). */
export async function openPgliteFromTemplate(dataDir: string, seeded = false): Promise<DatabaseHandle> {
  await pgliteDataDirFromTemplate(dataDir, seeded);
  return openDatabase({ dataDir });
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
        handle ??= await openDatabase({
          dataDir: 'memory://',
          pgliteFs: new TemplateFs(await pgliteTemplate(seeded)),
        });
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
