import { createHash, createHmac, randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import {
  canonicalString,
  type EndpointDef,
  endpointUrl,
  type HttpMethod,
  type Lang,
  type LoginResult,
  queryPairs,
  serializeQuery,
} from '@trialab/api-contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildServer, type ServerOptions } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { DatabaseHandle, Engine } from '../src/db/client.js';
import { captchas, files, outbox, projects } from '../src/db/schema.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { createTestDatabase, type TestDatabase } from './engines.js';
import type { Entries } from './entries.js';
import { seedsAsTemplate, testConfig } from './test-config.js';

export { DEMO_PASSWORD };

/**
 * The file `node` runs for one of the server's programs in a child process (run it with the
 * package as its working directory): bundled once per run by global-setup.ts (entries.ts).
 */
export function serverProgram(name: keyof Entries): string {
  return inject('entries')[name];
}

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
  /** The file store's directory, shared by every instance of this environment. */
  filesDir: string;
  /**
   * A second API instance on the same database (PostgreSQL: its own pool), optionally configured
   * otherwise (a smaller upload limit, a rate limit): cheaper than a new environment, which
   * migrates and seeds a database of its own. Closed with the environment.
   */
  secondInstance(config?: Partial<Config>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Every test server starts from this: the run's keys (global-setup.ts), the demo seed, no timers. */
export const TEST_CONFIG: Partial<Config> = testConfig(inject('testKeys'));

export async function startEnv(engine: Engine, overrides: Partial<ServerOptions> = {}): Promise<TestEnv> {
  // The demo seed is the same for most suites: they start from the database and files
  // global-setup.ts seeded once, and the server finds the seed done.
  const seeded = seedsAsTemplate(overrides, inject('testKeys'));
  const cpuAtStart = process.cpuUsage();
  const testDb = await createTestDatabase(engine, seeded);
  const handle = await testDb.open();
  const cpuDatabase = process.cpuUsage(cpuAtStart);
  const filesDir = overrides.config?.filesDir ?? (await mkdtemp(join(tmpdir(), 'trialab-test-files-')));
  if (seeded) await cp(inject('seededFiles')[engine], filesDir, { recursive: true });
  const clock: TestClock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const options = (database: DatabaseHandle, config: Partial<Config> = {}): ServerOptions => ({
    consoleDir: '/nonexistent-console',
    database,
    clock: () => clock.now,
    ...overrides,
    config: { ...TEST_CONFIG, filesDir, ...overrides.config, ...config },
  });
  const app = await buildServer(options(handle));
  noteEnvStart(engine, seeded, cpuDatabase, process.cpuUsage(cpuAtStart));
  const extra: FastifyInstance[] = [];
  return {
    engine,
    app,
    handle,
    testDb,
    clock,
    filesDir,
    async secondInstance(config) {
      const other = await buildServer(options(await testDb.open(), config));
      extra.push(other);
      return other;
    },
    async close() {
      await Promise.all([app.close(), ...extra.map((a) => a.close())]);
      await testDb.drop();
      if (!overrides.config?.filesDir) await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * With TRIALAB_TEST_CPU_LOG set, each file's line in that log also says what its environments'
 * starts cost (vitest.limits.ts reads this): CPU s of the database's opening and of the whole start.
 */
function noteEnvStart(
  engine: Engine,
  seeded: boolean,
  database: NodeJS.CpuUsage,
  whole: NodeJS.CpuUsage,
): void {
  if (!process.env.TRIALAB_TEST_CPU_LOG) return;
  const s = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
  // vitest.limits.ts empties the list at each file's start and writes it at its end.
  (globalThis as { trialabEnvStarts?: unknown[] }).trialabEnvStarts?.push({
    engine,
    seeded,
    database: s(database),
    whole: s(whole),
  });
}

/** Ends (PostgreSQL) every instance's LISTEN connection, as a network fault or failover would. */
export async function dropListenConnections(env: TestEnv): Promise<void> {
  const admin = new pg.Client({ connectionString: env.testDb.url });
  await admin.connect();
  try {
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN trialab_auth'",
    );
  } finally {
    await admin.end();
  }
}

/** Stores `content` as an uploaded file (through the file store, as the upload endpoint does). */
export async function storeFile(
  env: TestEnv,
  file: { name: string; mime: string; content: Buffer; uploadedBy?: number },
): Promise<number> {
  const sha256 = await env.app.deps.files.put(file.content);
  const [row] = await env.handle.db
    .insert(files)
    .values({
      name: file.name,
      mime: file.mime,
      size: file.content.length,
      sha256,
      uploadedBy: file.uploadedBy,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file not stored');
  return row.id;
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
  lang?: Lang;
  /** The `Accept-Language` header (a console in zh-HK sends `lang: zh_CN` and `Accept-Language: zh-HK`). */
  acceptLanguage?: string;
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
  if (options.acceptLanguage !== undefined) headers['accept-language'] = options.acceptLanguage;
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
/** What logging in needs of an environment (the crash drill has a server but no TestEnv). */
type LoginEnv = Pick<TestEnv, 'app' | 'handle' | 'clock'>;

export async function passToken(env: LoginEnv, app: FastifyInstance = env.app): Promise<string> {
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
  env: LoginEnv,
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

/** A device ticket for the bridge at `origin`, as the console asks for one before `hello`. */
export async function requestDeviceTicket(
  env: LoginEnv,
  session: Session,
  origin = 'http://127.0.0.1:8080',
): Promise<{ ticket: string; expiresAt: number }> {
  const { endpoints } = await import('@trialab/api-contract');
  const answer = envelope(
    await call(env.app, endpoints.system.deviceTicket, { session, body: { origin } }, env.clock.now),
  );
  if (answer.code !== 200) throw new Error(`device ticket refused: ${answer.code} ${answer.msg}`);
  return answer.data as { ticket: string; expiresAt: number };
}

export function envelope(response: LightMyRequestResponse): {
  code: number;
  msg: string;
  data: unknown;
  total?: number;
} {
  return response.json();
}

/**
 * A suite's calls as a session, by their envelope: `ok` throws on anything but 200 (naming the
 * endpoint, code and message) and gives the envelope typed; `refused` checks the refusal is answered
 * as one (never a 500, never a 200) and gives its envelope. `env` is read at each call (suites start
 * it in `beforeAll`).
 */
export function answers(env: () => Pick<TestEnv, 'app' | 'clock'>) {
  const send = (session: Session, endpoint: EndpointDef, options: CallOptions) =>
    call(env().app, endpoint, { ...options, session }, env().clock.now);
  return {
    ok: async <T>(session: Session, endpoint: EndpointDef, options: CallOptions = {}) => {
      const body = envelope(await send(session, endpoint, options));
      if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
      return body as unknown as { data: T; total?: number };
    },
    refused: async (session: Session, endpoint: EndpointDef, options: CallOptions = {}) => {
      const response = await send(session, endpoint, options);
      expect(response.statusCode).not.toBe(500);
      const body = envelope(response);
      expect(body.code, body.msg).not.toBe(200);
      return body;
    },
  };
}

/** Uploads a file as `session` through POST /file/upload (signed with the file's MD5); its id. */
export async function uploadFile(
  env: TestEnv,
  session: Session,
  name: string,
  content: Buffer,
): Promise<number> {
  const request = uploadRequest(env.app, session, env.clock.now, name, content);
  const answer = envelope(await request.send(request.whole)) as {
    code: number;
    msg: string;
    data: { id: number };
  };
  if (answer.code !== 200) throw new Error(`upload of ${name} failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

const UPLOAD_PATH = '/api/kmct-container/file/upload';

/** A signed multipart upload as the console sends it; `body` may be a stream the test feeds. */
export function uploadRequest(
  app: FastifyInstance,
  session: Session,
  now: number,
  name: string,
  content: Buffer,
  md5 = createHash('md5').update(content).digest('base64'),
) {
  const boundary = `----trialab${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers = signedHeaders(
    'POST',
    UPLOAD_PATH,
    undefined,
    '',
    session.signingKey,
    now,
    randomBytes(12).toString('hex'),
  );
  headers['Content-MD5'] = md5;
  const canonical = canonicalString({
    method: 'POST',
    path: UPLOAD_PATH,
    query: [],
    timestamp: headers.timestamp ?? '',
    nonce: headers.nonce ?? '',
    contentMd5: md5,
  });
  headers.Signature = createHmac('sha256', Buffer.from(session.signingKey, 'base64'))
    .update(canonical)
    .digest('base64');

  const send = (payload: Buffer | PassThrough, lang: 'en_US' | 'zh_CN' = 'en_US') =>
    app.inject({
      method: 'POST',
      url: `${UPLOAD_PATH}?keepFileName=true`,
      headers: {
        ...headers,
        authorization: `Bearer ${session.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        lang,
      },
      payload,
    });
  return { head, tail, send, whole: Buffer.concat([head, content, tail]) };
}

/**
 * A project only the super user sees: every demo project is granted to the demo project manager,
 * so scope refusals need one of their own. `projectNo` must be unique within the suite.
 */
export async function projectOutsideScope(env: TestEnv, projectNo: string): Promise<number> {
  const [row] = await env.handle.db
    .insert(projects)
    .values({ projectNo, name: `${projectNo} 范围测试` })
    .returning({ id: projects.id });
  if (!row) throw new Error('project not created');
  return row.id;
}

/**
 * A consumable application of the demo site user (13900000001) for project KM-2026-001, its first
 * site and first plan kit: `note` and the kit amount vary per call.
 */
export async function demoApplication(
  app: FastifyInstance,
  session: Session,
  clockNow: number,
): Promise<(note: string, kitAmount?: number) => Record<string, unknown>> {
  const { endpoints } = await import('@trialab/api-contract');
  const as = (endpoint: EndpointDef, options: CallOptions) =>
    call(app, endpoint, { ...options, session }, clockNow).then(envelope);
  const projects = (await as(endpoints.project.ownAll, { body: { page: 1, size: 10 } })).data as Array<{
    id: number;
    projectNo: string;
  }>;
  const projectId = projects.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
  const sites = (await as(endpoints.project.sitesByProject, { body: { projectId, page: 1, size: 10 } }))
    .data as Array<{ id: number }>;
  const siteId = sites[0]?.id ?? 0;
  const kits = (await as(endpoints.consumable.planKits, { params: { id: projectId }, body: { siteId } }))
    .data as Array<{ id: number }>;
  const kitId = kits[0]?.id ?? 0;
  const receiveAddress = {
    name: '陈中心',
    phone: '13900000001',
    area: '北京市/东城区',
    company: '示例医院',
    detail: '示例路1号',
    email: '',
  };
  return (note, kitAmount = 1) => ({ projectId, siteId, receiveAddress, note, kits: [{ kitId, kitAmount }] });
}

/**
 * The calendar day (`YYYY-MM-DD`) of an instant in a zone, computed by Intl alone: what a user in
 * that zone names when filtering by that day. UTC+14 and UTC-12 never share a day, so a filter
 * counting UTC days answers one of them wrong.
 */
export function dayIn(instant: string | number | Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));
}

/** The zones furthest apart (UTC+14, UTC-12) and the lab's: date filters are tried in each. */
export const FILTER_ZONES = ['Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Shanghai'] as const;
