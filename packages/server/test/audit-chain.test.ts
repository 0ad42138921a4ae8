import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { appendFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, gte, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { PACKAGE_DIR } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { auditCheckpoints, auditLog } from '../src/db/schema.js';
import { appendAudit, hashedFields, rowHash } from '../src/lib/audit.js';
import {
  CHECKPOINT_TICK_MS,
  exportCheckpoints,
  importCheckpoints,
  listCheckpoints,
  scheduleCheckpoints,
  writeCheckpoint,
} from '../src/lib/audit-checkpoints.js';
import { formatReport, verifyAuditChain } from '../src/lib/audit-verification.js';
import {
  ed25519Keys,
  loadOrCreateKeyFile,
  type PublicKeyInfo,
  parsePublicKeys,
  trustedPublicKeys,
} from '../src/lib/signing-keys.js';
import { BOTH_ENGINES, createTestDatabase, openPgliteFromTemplate } from './engines.js';
import { serverProgram } from './helpers.js';

const system = (at: Date) => ({
  at,
  userId: null,
  username: 'system',
  requestId: null,
  workstation: null,
  ip: null,
});
const newKeys = () =>
  ed25519Keys(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
const trust = (...keys: Array<{ publicKeyPem: string }>) =>
  new Map<string, PublicKeyInfo>(
    keys.flatMap((k) => parsePublicKeys(k.publicKeyPem)).map((info) => [info.kid, info] as const),
  );

/**
 * The CLI test starts the tool three times (PGlite starting in each): half a minute on a machine
 * the whole suite keeps busy, so it gets more than the default limit.
 */
const CLI_TEST_TIMEOUT_MS = scaled(120_000);

describe.each(BOTH_ENGINES)('audit chain on %s', (engine) => {
  /** One database for the engine's scenarios (a PGlite start costs some 0.6 CPU s). */
  let shared: DatabaseHandle;
  /** For PostgreSQL, the database's URL (the CLI's child process connects to it). */
  let sharedUrl: string | undefined;
  beforeAll(async () => {
    const testDb = await createTestDatabase(engine);
    shared = await testDb.open();
    sharedUrl = testDb.url;
    return () => testDb.drop();
  });
  /**
   * Tampering is permanent, so every scenario starts from the chain a freshly migrated database
   * holds: both tables empty, their ids restarted, every trigger enabled (a failed scenario may have
   * left one disabled). The chain lives in these two tables alone: appending and verifying read
   * nothing else and keep nothing between calls.
   */
  async function freshDb(): Promise<DatabaseHandle> {
    await shared.db.transaction(async (tx) => {
      for (const table of ['audit_log', 'audit_checkpoints']) {
        await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
      }
      await tx.execute(sql`TRUNCATE audit_log, audit_checkpoints RESTART IDENTITY`);
      for (const table of ['audit_log', 'audit_checkpoints']) {
        await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
      }
    });
    return shared;
  }

  async function appendRows(db: DatabaseHandle['db'], count: number, at = new Date()) {
    for (let i = 0; i < count; i += 1) {
      await db.transaction((tx) =>
        appendAudit(tx, system(at), [{ action: 'test.row', entity: 'test', entityId: i, newValue: { i } }]),
      );
    }
    return (await db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.id))).map((r) => r.id);
  }

  /** What someone who can disable the trigger does: edit a row and recompute every later hash. */
  async function rewriteFrom(db: DatabaseHandle['db'], id: number, reason: string) {
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`);
    await db.update(auditLog).set({ reason }).where(eq(auditLog.id, id));
    const [before] = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} < ${id}`)
      .orderBy(sql`id desc`)
      .limit(1);
    let prev = before?.hash ?? '0'.repeat(64);
    for (const row of await db
      .select()
      .from(auditLog)
      .where(gte(auditLog.id, id))
      .orderBy(asc(auditLog.id))) {
      const hash = rowHash(prev, hashedFields(row));
      await db.update(auditLog).set({ prevHash: prev, hash }).where(eq(auditLog.id, row.id));
      prev = hash;
    }
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`);
  }

  describe('what the database stores', () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await freshDb();
    });

    it('hashes the text a lone surrogate is stored as (the table-head/set case)', async () => {
      await handle.db.transaction((tx) =>
        appendAudit(tx, system(new Date()), [
          { action: 'table-head.set', entity: 'table-head', entityId: 'a\ud800b', reason: 'a\ud800b' },
        ]),
      );
      expect(await verifyAuditChain(handle.db)).toMatchObject({ ok: true, rows: 1, problems: [] });
    });

    it('neither fails nor mis-hashes lone surrogates and NUL in text and jsonb, keys included', async () => {
      const bad = 'a\ud800b\u0000c\udc00';
      await handle.db.transaction((tx) =>
        appendAudit(tx, { ...system(new Date()), username: bad, workstation: bad }, [
          {
            action: 'table-head.set',
            entity: bad,
            entityId: bad,
            reason: bad,
            newValue: { body: { value: bad, [bad]: [bad, { nested: bad }] } },
            oldValue: bad,
          },
        ]),
      );
      expect(await verifyAuditChain(handle.db)).toMatchObject({ ok: true, rows: 2, problems: [] });
      const [row] = await handle.db.select().from(auditLog).orderBy(sql`id desc`).limit(1);
      const stored = 'a\ufffdb\ufffdc\ufffd';
      expect(row).toMatchObject({ username: stored, entity: stored, entityId: stored, reason: stored });
      expect(row?.newValue).toEqual({ body: { value: stored, [stored]: [stored, { nested: stored }] } });
      // A well-formed pair is kept as it is.
      await handle.db.transaction((tx) =>
        appendAudit(tx, system(new Date()), [{ action: 'emoji', entity: 'x', reason: '\ud83d\ude00' }]),
      );
      const [emoji] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'emoji'));
      expect(emoji?.reason).toBe('😀');
    });
  });

  it('keeps the chain intact for any UTF-16 text, in any field (property-based)', async () => {
    const { db } = await freshDb();
    // Code units, not code points: lone surrogates and NUL are as likely as anything else.
    const text = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(text, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    let rows = 0;
    await fc.assert(
      fc.asyncProperty(text, text, value, async (name, reason, newValue) => {
        await db.transaction((tx) =>
          appendAudit(tx, { ...system(new Date()), username: name }, [
            { action: 'prop', entity: name, entityId: reason, reason, newValue },
          ]),
        );
        rows += 1;
        expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rows, problems: [] });
      }),
      { numRuns: 40 },
    );
  });

  it('reports every broken row, not only the first, and bounds the list', async () => {
    const { db } = await freshDb();
    const ids = await appendRows(db, 8);
    const [r1, , , r4, , r6, r7] = ids as [number, number, number, number, number, number, number];
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`);
    await db.update(auditLog).set({ reason: 'edited' }).where(eq(auditLog.id, r1));
    await db
      .update(auditLog)
      .set({ newValue: { i: 99 } })
      .where(eq(auditLog.id, r4));
    await db.delete(auditLog).where(eq(auditLog.id, r6));
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`);
    const report = await verifyAuditChain(db, { batchSize: 3 });
    expect(report).toMatchObject({
      ok: false,
      rows: 7,
      problemCount: 3,
      problems: [
        { rowId: r1, reason: 'hash-mismatch' },
        { rowId: r4, reason: 'hash-mismatch' },
        { rowId: r7, reason: 'prev-hash-mismatch' },
      ],
    });
    const bounded = await verifyAuditChain(db, { maxProblems: 2 });
    expect(bounded.problems).toHaveLength(2);
    expect(bounded.problemCount).toBe(3);
    expect(formatReport(bounded, engine)).toContain('... and 1 more');
  });

  it('a valid chain with checkpoints is intact; interval checkpoints skip a signed head and a young one, not a planted one', async () => {
    const { db } = await freshDb();
    const keys = newKeys();
    const t0 = new Date('2026-11-25T10:00:00Z');
    expect(await writeCheckpoint(db, keys, t0, { source: 'interval' })).toBeUndefined(); // empty chain
    await appendRows(db, 3);
    const first = await writeCheckpoint(db, keys, t0, { source: 'interval', minAgeMs: 3_600_000 });
    expect(first).toMatchObject({ rows: 3, keyId: keys.kid, source: 'interval' });
    // Nothing new, or another instance signed less than an interval ago: no duplicate.
    expect(await writeCheckpoint(db, keys, t0, { source: 'interval' })).toBeUndefined();
    await appendRows(db, 2);
    const soon = new Date(t0.getTime() + 60_000);
    expect(
      await writeCheckpoint(db, keys, soon, { source: 'interval', minAgeMs: 3_600_000 }),
    ).toBeUndefined();
    const later = new Date(t0.getTime() + 3_600_000);
    expect(await writeCheckpoint(db, keys, later, { source: 'interval', minAgeMs: 3_600_000 })).toMatchObject(
      {
        rows: 5,
      },
    );
    await appendRows(db, 1);
    // A planted checkpoint dated in the future (not signed by this key) does not postpone signing.
    await db.insert(auditCheckpoints).values({
      lastId: 999,
      rows: 999,
      hash: 'f'.repeat(64),
      at: new Date('2099-01-01T00:00:00Z'),
      keyId: keys.kid,
      signature: 'AAAA',
      source: 'interval',
    });
    const due = new Date(later.getTime() + 3_600_000);
    expect(await writeCheckpoint(db, keys, due, { source: 'interval', minAgeMs: 3_600_000 })).toMatchObject({
      rows: 6,
    });
    await appendRows(db, 1);
    expect(await writeCheckpoint(db, keys, due, { source: 'manual' })).toMatchObject({ rows: 7 });
    const report = await verifyAuditChain(db, { trustedKeys: trust(keys) });
    expect(report).toMatchObject({
      ok: false,
      rows: 7,
      checkpoints: 4,
      problems: [{ rowId: 999, reason: 'checkpoint-signature-invalid' }],
    });
    expect(formatReport(report, engine)).toMatch(
      /\n {2}checkpoint \d+ \(row 999\): checkpoint-signature-invalid$/,
    );
    // Without the planted row the chain and its four genuine checkpoints are intact.
    const genuine = (await listCheckpoints(db)).filter((c) => c.lastId !== 999);
    await db.execute(sql`ALTER TABLE audit_checkpoints DISABLE TRIGGER audit_checkpoints_no_update`);
    await db.delete(auditCheckpoints).where(eq(auditCheckpoints.lastId, 999));
    await db.execute(sql`ALTER TABLE audit_checkpoints ENABLE TRIGGER audit_checkpoints_no_update`);
    const intact = await verifyAuditChain(db, { trustedKeys: trust(keys) });
    expect(intact).toMatchObject({ ok: true, rows: 7, checkpoints: genuine.length, problems: [] });
    expect(formatReport(intact, engine)).toMatch(/^audit chain intact: 7 rows verified, 4 checkpoints hold/);
  });

  it('flags a rewritten history whose later hashes were all recomputed', async () => {
    const { db } = await freshDb();
    const keys = newKeys();
    const ids = await appendRows(db, 6);
    const checkpoint = await writeCheckpoint(db, keys, new Date(), { source: 'manual' });
    await appendRows(db, 3);
    await rewriteFrom(db, ids[2] as number, 'forged');
    const report = await verifyAuditChain(db, { trustedKeys: trust(keys) });
    // The chain itself links and hashes again: only the signed head gives the rewrite away.
    expect(report).toMatchObject({
      ok: false,
      problems: [{ checkpointId: checkpoint?.id, rowId: ids[5], reason: 'checkpoint-hash-mismatch' }],
    });
  });

  it('flags the deletion of the newest rows', async () => {
    const { db } = await freshDb();
    const keys = newKeys();
    const ids = await appendRows(db, 5);
    const checkpoint = await writeCheckpoint(db, keys, new Date(), { source: 'manual' });
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`);
    await db.delete(auditLog).where(gte(auditLog.id, ids[3] as number));
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`);
    expect(await verifyAuditChain(db, { trustedKeys: trust(keys) })).toMatchObject({
      ok: false,
      rows: 3,
      problems: [{ checkpointId: checkpoint?.id, rowId: ids[4], reason: 'checkpoint-row-missing' }],
    });
  });

  it('refuses forged checkpoints and keeps an exported copy checkable after the table lost it', async () => {
    const { db } = await freshDb();
    const keys = newKeys();
    await appendRows(db, 4);
    const genuine = await writeCheckpoint(db, keys, new Date(), { source: 'manual' });
    const exported = JSON.stringify(exportCheckpoints(await listCheckpoints(db), trust(keys), new Date()));
    // Someone with the database but not the key: a checkpoint signed with another key, one altered.
    await appendRows(db, 2);
    const forged = await writeCheckpoint(db, newKeys(), new Date(), { source: 'manual' });
    const [altered] = await db
      .insert(auditCheckpoints)
      .values({ ...(genuine as NonNullable<typeof genuine>), id: undefined, rows: 5 })
      .returning();
    expect(await verifyAuditChain(db, { trustedKeys: trust(keys) })).toMatchObject({
      ok: false,
      problems: [
        { checkpointId: forged?.id, reason: 'checkpoint-key-unknown' },
        { checkpointId: altered?.id, reason: 'checkpoint-signature-invalid' },
      ],
    });
    // The attacker then deletes every checkpoint and the newest rows: the auditor's export still sees it.
    await db.execute(sql`ALTER TABLE audit_checkpoints DISABLE TRIGGER audit_checkpoints_no_update`);
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`);
    await db.delete(auditCheckpoints);
    await db.delete(auditLog).where(gte(auditLog.id, genuine?.lastId ?? 0));
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`);
    await db.execute(sql`ALTER TABLE audit_checkpoints ENABLE TRIGGER audit_checkpoints_no_update`);
    expect(await verifyAuditChain(db, { trustedKeys: trust(keys) })).toMatchObject({ ok: true, rows: 3 });
    const against = await verifyAuditChain(db, {
      trustedKeys: trust(keys),
      extraCheckpoints: importCheckpoints(exported),
    });
    expect(against).toMatchObject({
      ok: false,
      problems: [{ checkpointId: genuine?.id, rowId: genuine?.lastId, reason: 'checkpoint-row-missing' }],
    });
  });

  it('refuses UPDATE and DELETE of checkpoints at the database level', async () => {
    const { db } = await freshDb();
    await appendRows(db, 1);
    await writeCheckpoint(db, newKeys(), new Date(), { source: 'manual' });
    await expect(db.update(auditCheckpoints).set({ rows: 9 })).rejects.toThrow();
    await expect(db.delete(auditCheckpoints)).rejects.toThrow();
    expect(await listCheckpoints(db)).toMatchObject([{ rows: 1 }]);
  });

  it('keeps checkpoints of a rotated key verifiable through the trusted-keys file', async () => {
    const { db } = await freshDb();
    const dir = await mkdtemp(join(tmpdir(), 'trialab-keys-'));
    try {
      const keyFile = join(dir, 'keys', 'audit-checkpoint-ed25519.pem');
      const trustedFile = join(dir, 'keys', 'audit-checkpoint-trusted.pem');
      const oldKey = await loadOrCreateKeyFile(keyFile);
      expect((await loadOrCreateKeyFile(keyFile)).kid).toBe(oldKey.kid);
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      await appendRows(db, 2);
      await writeCheckpoint(db, oldKey, new Date(), { source: 'manual' });
      // Rotation: the old public key goes to the trusted file, a new key file replaces the old one.
      await appendFile(trustedFile, oldKey.publicKeyPem);
      await rm(keyFile);
      const newKey = await loadOrCreateKeyFile(keyFile);
      expect(newKey.kid).not.toBe(oldKey.kid);
      await appendRows(db, 2);
      await writeCheckpoint(db, newKey, new Date(), { source: 'manual' });
      const trusted = await trustedPublicKeys(newKey, trustedFile);
      expect([...trusted.keys()].sort()).toEqual([oldKey.kid, newKey.kid].sort());
      expect(await verifyAuditChain(db, { trustedKeys: trusted })).toMatchObject({
        ok: true,
        checkpoints: 2,
      });
      // Without the old public key its checkpoint cannot be trusted.
      expect(
        await verifyAuditChain(db, { trustedKeys: await trustedPublicKeys(newKey, undefined) }),
      ).toMatchObject({
        ok: false,
        checkpoints: 1,
        problems: [{ reason: 'checkpoint-key-unknown' }],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('signs once an interval is over while the server runs; two instances write one checkpoint', async () => {
    const { db } = await freshDb();
    await appendRows(db, 3);
    const keys = newKeys();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const errors: unknown[] = [];
      let now = Date.parse('2026-11-25T11:00:00Z');
      let waiting: { left: number; done: () => void } | undefined;
      /** Moves the timers by `ms` and waits until both instances finished their look. */
      const tick = async (ms: number) => {
        const settled = new Promise<void>((done) => {
          waiting = { left: 2, done };
        });
        await vi.advanceTimersByTimeAsync(ms);
        await settled;
      };
      const instance = () =>
        scheduleCheckpoints({
          db,
          keys: async () => keys,
          intervalMs: 3_600_000,
          clock: () => now,
          onCheckpoint: () => undefined,
          onError: (error) => errors.push(error),
          onSettled: () => {
            if (waiting && --waiting.left === 0) waiting.done();
          },
        });
      const stops = [instance(), instance()];
      await vi.advanceTimersByTimeAsync(CHECKPOINT_TICK_MS - 1);
      expect(await listCheckpoints(db)).toHaveLength(0);
      await tick(1); // none yet: due at once
      expect(await listCheckpoints(db)).toMatchObject([{ rows: 3, source: 'interval', keyId: keys.kid }]);
      await appendRows(db, 2);
      now += 3_599_000;
      await tick(CHECKPOINT_TICK_MS); // not an interval old yet
      expect(await listCheckpoints(db)).toHaveLength(1);
      now += 1_000;
      await tick(CHECKPOINT_TICK_MS);
      expect(await listCheckpoints(db)).toMatchObject([{ rows: 3 }, { rows: 5 }]);
      now += 3_600_000;
      await tick(CHECKPOINT_TICK_MS); // nothing new to sign
      expect(await listCheckpoints(db)).toHaveLength(2);
      for (const stop of stops) stop();
      expect(errors).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it(
    'audit:verify signs on demand, exports for auditors, and exits 1 with every finding listed',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'trialab-audit-cli-'));
      // PostgreSQL: the engine's database, emptied; PGlite: a data directory of its own on disk.
      const url = engine === 'postgres' ? sharedUrl : undefined;
      const dataDir = join(dir, 'pglite');
      const env = {
        ...process.env,
        TRIALAB_MODE: 'production',
        KEYS_DIR: join(dir, 'keys'),
        // The tool reads the server's environment, which in production names the shared files folder.
        ...(url ? { DATABASE_URL: url, FILES_DIR: join(dir, 'files') } : { DATA_DIR: dataDir }),
      };
      const cli = (...args: string[]) =>
        new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
          execFile(
            process.execPath,
            [serverProgram('auditVerify'), ...args],
            { cwd: PACKAGE_DIR, env },
            (error, out, err) => resolve({ code: error ? (error.code as number) : 0, out, err }),
          );
        });
      try {
        // PGlite: the migrated template on disk, not initdb and the migrations in the test.
        let handle = url ? await freshDb() : await openPgliteFromTemplate(dataDir);
        const ids = await appendRows(handle.db, 4);
        if (!url) await handle.close();
        const exportFile = join(dir, 'checkpoints.json');
        // In production the tool signs only with a key it is given; it creates none.
        const keyless = await cli('--checkpoint');
        expect(keyless.code).toBe(2);
        expect(keyless.err).toContain('AUDIT_SIGNING_KEY_FILE: no key at');
        await loadOrCreateKeyFile(join(dir, 'keys', 'audit-checkpoint-ed25519.pem'));
        const signed = await cli('--checkpoint', '--export', exportFile);
        expect(signed).toMatchObject({ code: 0, err: '' });
        expect(signed.out).toMatch(/checkpoint 1 signed: row \d+, 4 rows, key [0-9a-f]{16}/);
        expect(signed.out).toContain('exported 1 checkpoints and 1 public keys');
        expect(signed.out).toMatch(/audit chain intact: 4 rows verified, 1 checkpoints hold/);
        // Tampering: the newest rows and every checkpoint deleted, one early row edited.
        handle = url ? handle : await openDatabase({ dataDir });
        await handle.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`);
        await handle.db.execute(
          sql`ALTER TABLE audit_checkpoints DISABLE TRIGGER audit_checkpoints_no_update`,
        );
        await handle.db.delete(auditCheckpoints);
        await handle.db.delete(auditLog).where(gte(auditLog.id, ids[3] as number));
        await handle.db
          .update(auditLog)
          .set({ reason: 'edited' })
          .where(eq(auditLog.id, ids[0] as number));
        if (!url) await handle.close();
        const broken = await cli('--against', exportFile);
        expect(broken.code).toBe(1);
        expect(broken.err).toContain('audit chain BROKEN: 2 problems in 3 rows');
        expect(broken.err).toContain(`row ${ids[0]}: hash-mismatch`);
        expect(broken.err).toContain(`checkpoint 1 (row ${ids[3]}): checkpoint-row-missing`);
        expect((await cli('--max-problems', 'x')).code).toBe(2);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
