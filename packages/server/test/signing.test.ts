import { createHmac, randomBytes } from 'node:crypto';
import { endpoints, ResultCode, serializeQuery, TIMESTAMP_WINDOW_MS } from '@trialab/api-contract';
import vectors from '@trialab/api-contract/signing.vectors.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Base64 } from '../src/lib/request-signature.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, signedHeaders, startEnv, type TestEnv } from './helpers.js';

const { user } = endpoints;

describe('golden vectors with node:crypto', () => {
  it.each(vectors.vectors)('$name', (v) => {
    if (v.body !== null) expect(md5Base64(Buffer.from(v.body, 'utf8'))).toBe(v.contentMd5);
    const signature = createHmac('sha256', Buffer.from(v.key, 'base64'))
      .update(v.canonical, 'utf8')
      .digest('base64');
    expect(signature).toBe(v.signature);
  });
});

describe.each(FEATURE_ENGINES)('request signing on %s', (engine) => {
  let env: TestEnv;
  let session: Session;
  beforeAll(async () => {
    env = await startEnv(engine);
    session = await login(env, '13800000007');
  });
  afterAll(() => env.close());

  const page = (options: Parameters<typeof call>[2] = {}) =>
    call(
      env.app,
      user.page,
      { session, body: { page: 1, size: 5, username: '李' }, ...options },
      env.clock.now,
    );
  const outSimple = (options: Parameters<typeof call>[2] = {}) =>
    call(env.app, user.listOutSimple, { session, query: { username: '中心' }, ...options }, env.clock.now);

  it('accepts correctly signed GET and POST requests', async () => {
    expect(envelope(await page()).code).toBe(200);
    const out = envelope(await outSimple());
    expect(out.code).toBe(200);
    expect(out.data).toHaveLength(2);
  });

  it.each([
    [
      'path',
      (_h: Record<string, string>, r: { url: string }) => {
        r.url = r.url.replace('listOutSimple', 'listInnerSimple');
      },
    ],
    [
      'query',
      (_h: Record<string, string>, r: { url: string }) => {
        r.url = r.url.replace('username=', 'username=x');
      },
    ],
    [
      'timestamp',
      (h: Record<string, string>) => {
        h.timestamp = String(Number(h.timestamp) + 1);
      },
    ],
    [
      'nonce',
      (h: Record<string, string>) => {
        h.nonce = `${h.nonce}x`;
      },
    ],
    [
      'signature',
      (h: Record<string, string>) => {
        h.Signature = `${h.Signature?.startsWith('A') ? 'B' : 'A'}${h.Signature?.slice(1)}`;
      },
    ],
  ])('refuses a GET whose %s was changed after signing', async (_name, change) => {
    const path = '/api/kmct-user/sys/user/listOutSimple';
    const query = { username: '中心' };
    const nonce = randomBytes(12).toString('hex');
    const headers = {
      ...signedHeaders('GET', path, query, undefined, session.signingKey, env.clock.now, nonce),
      authorization: `Bearer ${session.token}`,
    };
    const request = { url: `${path}?${serializeQuery(query)}` };
    change(headers, request);
    const response = await env.app.inject({ method: 'GET', url: request.url, headers });
    expect(response.statusCode).toBe(403);
    expect(envelope(response).code).toBe(ResultCode.SIGNATURE_INVALID);
  });

  it('refuses a body that does not match Content-MD5, and a re-hashed body under the old signature', async () => {
    const badMd5 = await page({
      tamper: (h) => {
        h['Content-MD5'] = md5Base64('{}');
      },
    });
    expect(envelope(badMd5).code).toBe(ResultCode.CONTENT_MD5_MISMATCH);
    const otherBody = JSON.stringify({ page: 1, size: 50 });
    const headers = signedHeaders(
      'POST',
      '/api/kmct-user/sys/user/page',
      undefined,
      JSON.stringify({ page: 1, size: 5 }),
      session.signingKey,
      env.clock.now,
      'bodyswap0000000000000001',
    );
    headers['Content-MD5'] = md5Base64(otherBody);
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/kmct-user/sys/user/page',
      headers: { ...headers, authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      payload: otherBody,
    });
    expect(envelope(response).code).toBe(ResultCode.SIGNATURE_INVALID);
  });

  it('refuses missing signing headers and a signature made with another key', async () => {
    expect(envelope(await page({ unsigned: true })).code).toBe(ResultCode.SIGNATURE_MISSING);
    expect(envelope(await page({ tamper: (h) => void delete h.nonce })).code).toBe(
      ResultCode.SIGNATURE_MISSING,
    );
    expect(
      envelope(
        await page({
          tamper: (h) => {
            h.nonce = 'short';
          },
        }),
      ).code,
    ).toBe(ResultCode.SIGNATURE_MISSING);
    const other = await login(env, '13800000000');
    const mixed = await page({ session: { ...session, signingKey: other.signingKey } });
    expect(envelope(mixed).code).toBe(ResultCode.SIGNATURE_INVALID);
  });

  it('refuses stale and future timestamps and tells the server time', async () => {
    for (const offset of [-(TIMESTAMP_WINDOW_MS + 1000), TIMESTAMP_WINDOW_MS + 1000]) {
      const response = await page({ timestamp: env.clock.now + offset });
      expect(response.statusCode).toBe(403);
      const body = envelope(response);
      expect(body.code).toBe(ResultCode.TIMESTAMP_OUT_OF_WINDOW);
      expect(body.data).toEqual({ serverTime: env.clock.now });
      expect(body.msg).toMatch(/5 minutes/);
    }
    expect(envelope(await page({ timestamp: env.clock.now - TIMESTAMP_WINDOW_MS + 1000 })).code).toBe(200);
  });

  it('refuses a replayed nonce, also on a second API instance sharing the database', async () => {
    const nonce = `replay${engine}00000000000000`;
    expect(envelope(await page({ nonce })).code).toBe(200);
    const again = await page({ nonce });
    expect(envelope(again).code).toBe(ResultCode.NONCE_REPLAYED);
    const second = await env.secondInstance();
    const elsewhere = await call(
      second,
      user.page,
      { session, body: { page: 1, size: 5, username: '李' }, nonce },
      env.clock.now,
    );
    expect(envelope(elsewhere).code).toBe(ResultCode.NONCE_REPLAYED);
    // The second instance serves the same session with a fresh nonce.
    expect(
      envelope(await call(second, user.page, { session, body: { page: 1, size: 5 } }, env.clock.now)).code,
    ).toBe(200);
  });
});
