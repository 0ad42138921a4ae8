import { randomUUID } from 'node:crypto';
import { endpoints, fullPath, IDEMPOTENCY_HEADERS, ResultCode } from '@trialab/api-contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys } from '../src/db/schema.js';
import { consumableOrders } from '../src/db/schema-portal.js';
import { BOTH_ENGINES } from './engines.js';
import {
  call,
  DEMO_PASSWORD,
  demoApplication,
  envelope,
  login,
  passToken,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { consumable } = endpoints;
const TTL_MS = 60_000;
const ORIGIN = 'https://console.example';
/** Adds the key to a request's headers (after signing: the key is not signed). */
const withKey = (key: string | undefined) => (headers: Record<string, string>) => {
  if (key !== undefined) headers[IDEMPOTENCY_HEADERS.key] = key;
};

describe.each(BOTH_ENGINES)('idempotency keys on %s', (engine) => {
  let env: TestEnv;
  let applicant: Session; // 陈中心, KM-2026-001 site 01
  let order: Awaited<ReturnType<typeof demoApplication>>;

  beforeAll(async () => {
    env = await startEnv(engine, { config: { idempotencyKeyTtlMs: TTL_MS, corsOrigins: [ORIGIN] } });
    applicant = await login(env, '13900000001');
    order = await demoApplication(env.app, applicant, env.clock.now);
  });
  afterAll(() => env.close());

  /** Submits an application, with the key when one is given. */
  const submit = (body: unknown, key?: string, lang: 'zh_CN' | 'en_US' = 'en_US') =>
    call(
      env.app,
      consumable.create,
      {
        body,
        session: applicant,
        lang,
        tamper: withKey(key),
      },
      env.clock.now,
    );
  const orders = async (note: string) =>
    (
      await env.handle.db.select({ n: count() }).from(consumableOrders).where(eq(consumableOrders.note, note))
    )[0]?.n;
  const auditRows = async () => (await env.handle.db.select({ n: count() }).from(auditLog))[0]?.n;
  const keyRows = async (key?: string) =>
    (
      await env.handle.db
        .select({ n: count() })
        .from(idempotencyKeys)
        .where(key === undefined ? undefined : eq(idempotencyKeys.key, key))
    )[0]?.n;

  it('replays the first answer to a repeat with the same key and body, writing nothing', async () => {
    const key = randomUUID();
    const note = `replay ${key}`;
    const first = await submit(order(note), key);
    expect(envelope(first).code, envelope(first).msg).toBe(200);
    expect(first.headers[IDEMPOTENCY_HEADERS.replayed.toLowerCase()]).toBeUndefined();
    const audit = await auditRows();
    const again = await submit(order(note), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENCY_HEADERS.replayed.toLowerCase()]).toBe('true');
    expect(envelope(again)).toEqual(envelope(first));
    expect(await orders(note)).toBe(1);
    expect(await auditRows()).toBe(audit);
    expect(await keyRows(key)).toBe(1);
  });

  it('refuses the key for another body, in the language of the request', async () => {
    const key = randomUUID();
    const note = `other body ${key}`;
    expect(envelope(await submit(order(note), key)).code).toBe(200);
    const other = await submit(order(note, 5), key);
    expect(other.statusCode).toBe(409);
    expect(envelope(other)).toMatchObject({
      code: ResultCode.IDEMPOTENCY_KEY_REUSED,
      msg: 'This Idempotency-Key was already used for another request; use a new key',
    });
    const zh = envelope(await submit(order(`${note} zh`), key, 'zh_CN'));
    expect(zh.code).toBe(ResultCode.IDEMPOTENCY_KEY_REUSED);
    expect(zh.msg).toBe('该幂等键（Idempotency-Key）已用于另一个请求，请使用新的键');
    expect(await orders(note)).toBe(1);
    expect(await orders(`${note} zh`)).toBe(0);
  });

  it('keeps the old behaviour without the header: each call writes, no key is stored', async () => {
    const note = `no key ${randomUUID()}`;
    const keys = await keyRows();
    expect(envelope(await submit(order(note))).code).toBe(200);
    expect(envelope(await submit(order(note))).code).toBe(200);
    expect(await orders(note)).toBe(2);
    expect(await keyRows()).toBe(keys);
  });

  it('forgets an expired key: the repeat runs again', async () => {
    const key = randomUUID();
    const note = `expired ${key}`;
    const first = envelope(await submit(order(note), key));
    expect(first.code).toBe(200);
    env.clock.advance(TTL_MS + 1_000);
    const later = await submit(order(note), key);
    expect(envelope(later).code).toBe(200);
    expect(later.headers[IDEMPOTENCY_HEADERS.replayed.toLowerCase()]).toBeUndefined();
    expect((envelope(later).data as { id: number }).id).not.toBe((first.data as { id: number }).id);
    expect(await orders(note)).toBe(2);
    expect(await keyRows(key)).toBe(1);
  });

  it('deletes expired keys when a keyed call comes, at most every ten minutes', async () => {
    const old = randomUUID();
    expect(envelope(await submit(order(`sweep ${old}`), old)).code).toBe(200);
    env.clock.advance(10 * 60_000 + TTL_MS);
    const fresh = randomUUID();
    expect(envelope(await submit(order(`sweep ${fresh}`), fresh)).code).toBe(200);
    expect(await keyRows(old)).toBe(0);
    expect(await keyRows(fresh)).toBe(1);
  });

  it('writes once for two concurrent calls with one key; both get the answer', async () => {
    const key = randomUUID();
    const note = `concurrent ${key}`;
    const answers = await Promise.all([submit(order(note), key), submit(order(note), key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(envelope(answers[0] as never).data).toEqual(envelope(answers[1] as never).data);
    const replayed = answers.filter((a) => a.headers[IDEMPOTENCY_HEADERS.replayed.toLowerCase()] === 'true');
    expect(replayed).toHaveLength(1);
    expect(await orders(note)).toBe(1);
  });

  it('stores nothing for a failed call: the retry runs again', async () => {
    const key = randomUUID();
    const note = `failed ${key}`;
    const audit = await auditRows();
    const bad = { ...order(note), kits: [{ kitId: 999_999, kitAmount: 1 }] };
    const refused = envelope(await submit(bad, key));
    expect(refused.code).not.toBe(200);
    expect(await keyRows(key)).toBe(0);
    expect(await auditRows()).toBe(audit);
    // The same key then serves the corrected request (nothing was kept of the failed one).
    expect(envelope(await submit(order(note), key)).code).toBe(200);
    expect(await orders(note)).toBe(1);
  });

  it('keeps no answer holding a secret: a login with a key stores nothing', async () => {
    const key = randomUUID();
    const body = {
      account: '13900000001',
      password: DEMO_PASSWORD,
      passToken: await passToken(env),
      agreement: true,
    };
    const answer = await call(env.app, endpoints.auth.login, { body, tamper: withKey(key) }, env.clock.now);
    expect(envelope(answer).code).toBe(200);
    expect(await keyRows(key)).toBe(0);
  });

  it('lets a cross-origin console send the key and read the replay mark', async () => {
    const preflight = await env.app.inject({
      method: 'OPTIONS',
      url: fullPath(consumable.create),
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': `lang,${IDEMPOTENCY_HEADERS.key.toLowerCase()}`,
      },
    });
    expect(preflight.statusCode).toBe(204);
    const allowed = String(preflight.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toContain(IDEMPOTENCY_HEADERS.key);
    const answer = await call(
      env.app,
      consumable.create,
      {
        body: order(`cors ${randomUUID()}`),
        session: applicant,
        tamper: (h) => void Object.assign(h, { origin: ORIGIN }),
      },
      env.clock.now,
    );
    expect(envelope(answer).code).toBe(200);
    expect(answer.headers['access-control-expose-headers']).toContain(IDEMPOTENCY_HEADERS.replayed);
  });

  it('refuses a malformed key before anything runs', async () => {
    const note = `malformed ${randomUUID()}`;
    for (const key of ['short', 'has space in it', 'x'.repeat(129), 'not+a/valid=key']) {
      const answer = await submit(order(note), key);
      expect(answer.statusCode).toBe(400);
      expect(envelope(answer).msg).toBe('Malformed Idempotency-Key: 8 to 128 letters, digits, _ or -');
    }
    expect(await orders(note)).toBe(0);
  });
});
