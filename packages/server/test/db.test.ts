import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../src/db/client.js';
import { driverMessage } from '../src/db/errors.js';
import { OutsideTransactionError } from '../src/db/one-session.js';
import { auditLog, users } from '../src/db/schema.js';
import { newEd25519Pem } from '../src/lib/signing-keys.js';
import { BOTH_ENGINES, createTestDatabase, pgliteTemplateDigest, type TestDatabase } from './engines.js';

describe.each(BOTH_ENGINES)('database on %s', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    handle = await testDb.open();
  });
  afterAll(() => testDb.drop());

  it('applies the committed migrations on the engine in use', async () => {
    expect(handle.engine).toBe(engine);
    const rows = await handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses UPDATE and DELETE on the audit trail at the database level', async () => {
    await handle.db.insert(auditLog).values({
      at: new Date(),
      action: 'test',
      entity: 'test',
      prevHash: '0',
      hash: '1',
    });
    const update = await handle.db
      .update(auditLog)
      .set({ action: 'changed' })
      .catch((e: unknown) => e);
    expect(driverMessage(update)).toMatch(/append-only/);
    const remove = await handle.db.delete(auditLog).catch((e: unknown) => e);
    expect(driverMessage(remove)).toMatch(/append-only/);
  });

  // Feature suites run on PostgreSQL only (engines.ts): what the server's code reads from a raw query
  // must be the same on PGlite, type for type.
  it('answers a raw query with the values node-postgres gives, type for type', async () => {
    const result = await handle.db.execute(sql`
      SELECT 9007199254740993::int8 AS big, 2::int4 AS small, count(*) AS counted, sum(2) AS summed,
        1.50::numeric(5, 2) AS money, 2.5::float8 AS float, true AS flag, '{"a":[1]}'::jsonb AS doc,
        ARRAY[1, 2]::int4[] AS ints, ARRAY[1, NULL, 3]::int8[] AS bigs, ARRAY['a', 'b'] AS texts,
        '2026-11-28'::date AS day, '2026-11-28T01:02:03Z'::timestamptz AS at,
        '2026-11-28T01:02:03'::timestamp AS local, '1 day'::interval AS span, 'ab'::bytea AS bytes,
        NULL::int8 AS nothing`);
    const [row] = rowsOf(result);
    expect(row).toStrictEqual({
      big: '9007199254740993',
      small: 2,
      counted: '1',
      summed: '2',
      money: '1.50',
      float: 2.5,
      flag: true,
      doc: { a: [1] },
      ints: [1, 2],
      bigs: ['1', null, '3'],
      texts: ['a', 'b'],
      day: '2026-11-28',
      at: '2026-11-28 01:02:03+00',
      local: '2026-11-28 01:02:03',
      span: '1 day',
      bytes: Buffer.from('ab'),
      nothing: null,
    });
  });

  it('refuses a query on the database from inside a transaction (on PGlite it would wait for itself)', async () => {
    const inside = await handle.db
      .transaction(async (tx) => {
        await tx.select({ n: sql<number>`1` }).from(users);
        await handle.db.select({ n: sql<number>`1` }).from(users);
      })
      .catch((e: unknown) => e);
    expect(inside).toBeInstanceOf(OutsideTransactionError);
    const nested = await handle.db
      .transaction(() => handle.db.transaction(async () => undefined))
      .catch((e: unknown) => e);
    expect(nested).toBeInstanceOf(OutsideTransactionError);
    const relaxed = await handle.db
      .transaction(() => handle.relaxedDb.execute(sql`SELECT 1`))
      .catch((e: unknown) => e);
    expect(relaxed).toBeInstanceOf(OutsideTransactionError);
    // What a transaction left waiting may use the database once the transaction has ended.
    let ended = () => {};
    const afterwards = new Promise<void>((resolve) => {
      ended = resolve;
    });
    let later: Promise<unknown> = Promise.resolve();
    await handle.db.transaction(async () => {
      later = afterwards.then(() => handle.db.execute(sql`SELECT 1 AS one`));
    });
    ended();
    expect(rowsOf(await later)).toEqual([{ one: 1 }]);
  });

  it('migrates idempotently when a second instance opens the same database', async () => {
    if (engine === 'pglite') return expect(handle.engine).toBe('pglite');
    const second = await testDb.open();
    const rows = await second.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(rows[0]?.n).toBe(1);
  });
});

describe('a PostgreSQL server that ends connections', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
  });
  afterAll(() => testDb.drop());

  it('keeps serving after the server ends its idle connections (restart, failover)', async () => {
    const handle = await testDb.open();
    // Both pools hold an idle connection, then the server ends every other backend of the database.
    await handle.db.execute(sql`SELECT 1`);
    await handle.relaxedDb.execute(sql`SELECT 1`);
    const other = await testDb.open();
    await other.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND usename = current_user AND pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(rows[0]?.n).toBe(0);
    await handle.relaxedDb.execute(sql`SELECT 1`);
  });
});

describe('seeding without demo data', () => {
  // A rule of the seed, not of an engine: on PostgreSQL (the feature engine), a migrated copy.
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
  });
  afterAll(() => testDb.drop());

  it('creates only the super account, which must change its password', async () => {
    const { buildServer } = await import('../src/app.js');
    const { users } = await import('../src/db/schema.js');
    const app = await buildServer({
      consoleDir: '/nonexistent',
      database: await testDb.open(),
      env: {
        DATA_DIR: 'memory://',
        TRIALAB_MODE: 'production',
        // Production takes its keys from the environment or files (secrets.test.ts).
        DEVICE_TICKET_KEY: newEd25519Pem(),
        AUDIT_SIGNING_KEY: newEd25519Pem(),
        SUBJECT_CARD_KEY: randomBytes(32).toString('base64'),
      },
    });
    const rows = await app.deps.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isSuper: true, mustChangePassword: true, mobile: '13800000000' });
    expect(app.seeded.generatedAdminPassword).toMatch(/^.{16}$/);
    const outbox = await app.inject({ method: 'GET', url: '/api/kmct-user/sys/auth/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    await app.close();
  });
});

describe("PGlite test databases share the worker's template bytes", () => {
  it("a database's writes stay in it: the template and the next database do not see them", async () => {
    const before = await pgliteTemplateDigest(true);
    const first = await createTestDatabase('pglite', true);
    const handle = await first.open();
    // Writes into files the template holds (an existing table, its indexes, the WAL), a checkpoint
    // to flush them into the table's own files, and a new table.
    await handle.db.execute(sql`UPDATE users SET email = 'suite-' || id || '@example.test'`);
    await handle.db.execute(sql`CREATE TABLE suite_only AS SELECT generate_series(1, 20000) AS n`);
    await handle.db.execute(sql`CHECKPOINT`);
    await first.drop();
    expect(await pgliteTemplateDigest(true)).toBe(before);

    const second = await createTestDatabase('pglite', true);
    const next = await second.open();
    const changed = await next.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`email LIKE 'suite-%@example.test'`);
    const [table] = await next.db
      .select({ name: sql<string | null>`to_regclass('suite_only')::text` })
      .from(sql`(SELECT 1) AS one`);
    await second.drop();
    expect(changed[0]?.n).toBe(0);
    expect(table?.name).toBeNull();
  });
});
