import { randomBytes } from 'node:crypto';
import { NONCE_TTL_MS } from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Executor } from '../src/db/client.js';
import { NONCE_BATCH_MAX, NonceRecorder } from '../src/lib/request-signature.js';
import { BOTH_ENGINES, createTestDatabase, type TestDatabase } from './engines.js';

const fresh = () => randomBytes(12).toString('base64url');
const T0 = Date.UTC(2026, 10, 25, 8);

describe.each(BOTH_ENGINES)('replay-protection nonces on %s', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  /** A second API instance: its own handle (and pools) on PostgreSQL, the shared one on PGlite. */
  let other: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    handle = await testDb.open();
    other = await testDb.open();
  });
  afterAll(() => testDb.drop());

  const stored = async (nonce: string) => {
    const result = (await handle.db.execute(
      sql`SELECT count(*)::int AS n FROM nonces WHERE nonce = ${nonce}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n === 1;
  };

  it('writes the nonces of concurrent requests with one statement, each answered after the commit', async () => {
    const recorder = new NonceRecorder(handle.relaxedDb);
    const nonces = Array.from({ length: 120 }, fresh);
    const results = await Promise.all(nonces.map((nonce) => recorder.record(nonce, T0)));
    expect(results.every(Boolean)).toBe(true);
    expect(recorder.statements).toBe(1);
    for (const nonce of nonces.slice(0, 3)) expect(await stored(nonce)).toBe(true);
  });

  it('splits a batch larger than NONCE_BATCH_MAX over several statements', async () => {
    const recorder = new NonceRecorder(handle.relaxedDb);
    const results = await Promise.all(
      Array.from({ length: NONCE_BATCH_MAX + 1 }, () => recorder.record(fresh(), T0)),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(recorder.statements).toBe(2);
  });

  it('refuses a nonce twice in one batch, and one already stored', async () => {
    const recorder = new NonceRecorder(handle.relaxedDb);
    const nonce = fresh();
    const [first, second, other1] = await Promise.all([
      recorder.record(nonce, T0),
      recorder.record(nonce, T0),
      recorder.record(fresh(), T0),
    ]);
    expect([first, second, other1]).toEqual([true, false, true]);
    expect(await recorder.record(nonce, T0 + 1)).toBe(false);
  });

  it('a nonce accepted by one instance is refused by another, also when both see it at once', async () => {
    const here = new NonceRecorder(handle.relaxedDb);
    const there = new NonceRecorder(other.relaxedDb);
    const nonce = fresh();
    expect(await here.record(nonce, T0)).toBe(true);
    expect(await there.record(nonce, T0)).toBe(false);
    for (let i = 0; i < 5; i++) {
      const raced = fresh();
      const outcomes = await Promise.all([here.record(raced, T0), there.record(raced, T0)]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    }
  });

  it('sweeps expired nonces at most once a minute, in the statement of a later batch', async () => {
    const recorder = new NonceRecorder(handle.relaxedDb);
    const [a, b] = [fresh(), fresh()];
    expect(await recorder.record(a, T0)).toBe(true); // the first batch sweeps (nothing expired yet)
    expect(await recorder.record(b, T0 + 20_000)).toBe(true); // within the minute: no sweep
    const sweep = T0 + NONCE_TTL_MS + 10_000; // a has expired, b not yet
    expect(await recorder.record(fresh(), sweep)).toBe(true);
    expect([await stored(a), await stored(b)]).toEqual([false, true]);
    // 30 s later b has expired too, but the last sweep was less than a minute ago.
    expect(await recorder.record(fresh(), sweep + 30_000)).toBe(true);
    expect(await stored(b)).toBe(true);
    expect(await recorder.record(fresh(), sweep + 61_000)).toBe(true);
    expect(await stored(b)).toBe(false);
  });
});

describe('NonceRecorder when the database fails', () => {
  it('fails every request of the batch, and the next batch tries again', async () => {
    let calls = 0;
    const failing = {
      execute: async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return { rows: [{ nonce: 'bbbbbbbbbbbbbbbbbbbb' }] };
      },
    } as unknown as Executor;
    const recorder = new NonceRecorder(failing);
    const outcomes = await Promise.allSettled([
      recorder.record('aaaaaaaaaaaaaaaaaaaa', T0),
      recorder.record('cccccccccccccccccccc', T0),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await recorder.record('bbbbbbbbbbbbbbbbbbbb', T0)).toBe(true);
    expect(calls).toBe(2);
  });
});
