import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  canonicalString,
  type EndpointDef,
  endpointUrl,
  type HttpMethod,
  type LoginResult,
  queryPairs,
  serializeQuery,
} from '@trialab/api-contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer, type ServerOptions } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { DatabaseHandle, Engine } from '../src/db/client.js';
import { captchas, outbox } from '../src/db/schema.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { createTestDatabase, type TestDatabase } from './engines.js';

export { DEMO_PASSWORD };

export interface TestClock {
  now: number;
  advance(ms: number): void;
}

export interface TestEnv {
  engine: Engine;
  app: FastifyInstance;
  handle: DatabaseHandle;
  testDb: TestDatabase;
  clock: TestClock;
  /** A second API instance on the same database (PostgreSQL: its own pool). */
  secondInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

const TEST_CONFIG: Partial<Config> = {
  mode: 'demo',
  seedDemo: true,
  authRateLimit: 100_000,
  validateResponses: true,
  // No signing timer (nor key file under .data/keys) in API tests; audit-chain.test.ts covers it.
  auditCheckpointIntervalMs: 0,
};

export async function startEnv(engine: Engine, overrides: Partial<ServerOptions> = {}): Promise<TestEnv> {
  const testDb = await createTestDatabase(engine);
  const handle = await testDb.open();
  const clock: TestClock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const options = (database: DatabaseHandle): ServerOptions => ({
    consoleDir: '/nonexistent-console',
    database,
    clock: () => clock.now,
    ...overrides,
    config: { ...TEST_CONFIG, ...overrides.config },
  });
  const app = await buildServer(options(handle));
  const extra: FastifyInstance[] = [];
  return {
    engine,
    app,
    handle,
    testDb,
    clock,
    async secondInstance() {
      const other = await buildServer(options(await testDb.open()));
      extra.push(other);
      return other;
    },
    async close() {
      await Promise.all([app.close(), ...extra.map((a) => a.close())]);
      await testDb.drop();
    },
  };
}

export interface Session {
  token: string;
  signingKey: string;
  login: LoginResult;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Raw body text instead of JSON.stringify(body). */
  rawBody?: string;
  session?: Session;
  lang?: 'zh_CN' | 'en_US';
  /** The `tz` header (the console sends the browser's IANA zone). */
  tz?: string;
  /** Change a signed component after signing (tampering tests). */
  tamper?: (headers: Record<string, string>) => void;
  timestamp?: number;
  nonce?: string;
  unsigned?: boolean;
}

export function signedHeaders(
  method: HttpMethod,
  path: string,
  query: Record<string, unknown> | undefined,
  body: string | undefined,
  signingKey: string,
  timestamp: number,
  nonce: string,
): Record<string, string> {
  const contentMd5 =
    method === 'POST' || method === 'PUT'
      ? createHash('md5')
          .update(body ?? '')
          .digest('base64')
      : '';
  const canonical = canonicalString({
    method,
    path,
    query: queryPairs(query),
    timestamp: String(timestamp),
    nonce,
    contentMd5,
  });
  const signature = createHmac('sha256', Buffer.from(signingKey, 'base64'))
    .update(canonical)
    .digest('base64');
  const headers: Record<string, string> = { timestamp: String(timestamp), nonce, Signature: signature };
  if (contentMd5) headers['Content-MD5'] = contentMd5;
  return headers;
}

/** Calls an endpoint as the console would: query serialised, body JSON, signed with the session key. */
export async function call(
  app: FastifyInstance,
  endpoint: EndpointDef,
  options: CallOptions = {},
  clockNow: number = Date.now(),
): Promise<LightMyRequestResponse> {
  const path = endpointUrl(endpoint, options.params);
  const query = serializeQuery(options.query);
  const hasBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
  const body = hasBody
    ? (options.rawBody ?? (options.body === undefined ? '' : JSON.stringify(options.body)))
    : undefined;
  const headers: Record<string, string> = { lang: options.lang ?? 'en_US' };
  if (options.tz !== undefined) headers.tz = options.tz;
  if (hasBody && body !== undefined && body.length > 0) headers['content-type'] = 'application/json';
  if (options.session) {
    headers.authorization = `Bearer ${options.session.token}`;
    if (!options.unsigned) {
      Object.assign(
        headers,
        signedHeaders(
          endpoint.method,
          path,
          options.query,
          body,
          options.session.signingKey,
          options.timestamp ?? clockNow,
          options.nonce ?? randomBytes(16).toString('hex'),
        ),
      );
    }
  }
  options.tamper?.(headers);
  return app.inject({
    method: endpoint.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(body !== undefined && body.length > 0 ? { payload: body } : {}),
  });
}

/**
 * A multipart body with one file in field `file`; `fileName` is the Content-Disposition parameter
 * as sent (`filename="a.txt"`, or `filename*=utf-8''...`).
 */
export function multipartFile(fileName: string, content: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----trialab${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${fileName}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Gets and solves a slide puzzle (reading the answer from the database) for a pass token. */
export async function passToken(env: TestEnv, app: FastifyInstance = env.app): Promise<string> {
  const { endpoints } = await import('@trialab/api-contract');
  const challenge = (await call(app, endpoints.auth.captcha, {}, env.clock.now)).json() as {
    data: { captchaId: string };
  };
  const [row] = await env.handle.db.select().from(captchas).where(eq(captchas.id, challenge.data.captchaId));
  if (!row) throw new Error('captcha not stored');
  const verified = await call(
    app,
    endpoints.auth.captchaVerify,
    { body: { captchaId: row.id, x: row.pieceX + 2 } },
    env.clock.now,
  );
  return (verified.json() as { data: { passToken: string } }).data.passToken;
}

/** The 6-digit code in the newest message the notifier sent to a recipient (the outbox table). */
export async function lastSentCode(env: TestEnv, recipient: string): Promise<string | undefined> {
  const [row] = await env.handle.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(1);
  return /(\d{6})/.exec(row?.body ?? '')?.[1];
}

export async function login(
  env: TestEnv,
  account: string,
  password: string = DEMO_PASSWORD,
  app: FastifyInstance = env.app,
): Promise<Session> {
  const { endpoints } = await import('@trialab/api-contract');
  const response = await call(
    app,
    endpoints.auth.login,
    { body: { account, password, passToken: await passToken(env, app), agreement: true } },
    env.clock.now,
  );
  const body = response.json() as { code: number; msg: string; data: LoginResult };
  if (body.code !== 200) throw new Error(`login of ${account} failed: ${body.code} ${body.msg}`);
  return { token: body.data.token, signingKey: body.data.signingKey, login: body.data };
}

export function envelope(response: LightMyRequestResponse): {
  code: number;
  msg: string;
  data: unknown;
  total?: number;
} {
  return response.json();
}

/** Uploads a file as `session` through POST /file/upload (signed with the file's MD5); its id. */
export async function uploadFile(
  env: TestEnv,
  session: Session,
  name: string,
  content: Buffer,
): Promise<number> {
  const boundary = `----trialab${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const path = '/api/kmct-container/file/upload';
  const md5 = createHash('md5').update(content).digest('base64');
  const timestamp = String(env.clock.now);
  const nonce = randomBytes(12).toString('hex');
  const signature = createHmac('sha256', Buffer.from(session.signingKey, 'base64'))
    .update(canonicalString({ method: 'POST', path, query: [], timestamp, nonce, contentMd5: md5 }))
    .digest('base64');
  const response = await env.app.inject({
    method: 'POST',
    url: `${path}?keepFileName=true`,
    headers: {
      authorization: `Bearer ${session.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'Content-MD5': md5,
      timestamp,
      nonce,
      Signature: signature,
      lang: 'en_US',
    },
    payload,
  });
  const answer = envelope(response) as { code: number; msg: string; data: { id: number } };
  if (answer.code !== 200) throw new Error(`upload of ${name} failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}
