import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import {
  ALL_ENDPOINTS,
  type EndpointDef,
  endpoints,
  endpointUrl,
  httpStatusOf,
  type Lang,
  ResultCode,
  VALIDATION_MESSAGES,
} from '@trialab/api-contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Engine } from '../src/db/client.js';
import { t } from '../src/lib/i18n.js';
import { findUnsafeText } from '../src/lib/input.js';
import {
  call,
  envelope,
  login,
  multipartFile,
  type Session,
  signedHeaders,
  startEnv,
  type TestEnv,
} from './helpers.js';

/** One seed for the whole file: a failure replays exactly (fast-check prints the counterexample). */
const SEED = 20_261_125;
const RUNS_PER_ENDPOINT = 3;

/** NUL and unpaired surrogates. URLs are UTF-8 and cannot carry the latter, bodies (JSON "\ud800") can. */
const BAD_IN_BODY = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'] as const;
const BAD_IN_URL = ['\u0000'] as const;

const badText = (chars: readonly string[]) =>
  fc
    .tuple(
      fc.string({ maxLength: 6, unit: 'grapheme' }),
      fc.constantFrom(...chars),
      fc.string({ maxLength: 6, unit: 'grapheme' }),
    )
    .map(([before, bad, after]) => `${before}${bad}${after}`);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
};

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
}

const typesOf = (node: JsonSchema) => (Array.isArray(node.type) ? node.type : [node.type]);

/** Paths of the string positions a declaration accepts, e.g. ['items', '0', 'name']. */
function stringPaths(root: JsonSchema | undefined): string[][] {
  const found = new Map<string, string[]>();
  const visit = (node: JsonSchema | undefined, path: string[]) => {
    if (!node || path.length > 4) return;
    if (typesOf(node).includes('string')) found.set(path.join('\u0001'), path);
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, [...path, key]);
    if (node.items) visit(node.items, [...path, '0']);
    for (const [i, child] of (node.prefixItems ?? []).entries()) visit(child, [...path, String(i)]);
    for (const alternative of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
      visit(alternative, path);
    }
  };
  visit(root, []);
  return [...found.values()];
}

/**
 * A value the schema accepts as far as its JSON form says (required fields, patterns, ranges), so
 * that a bad string is the only thing wrong: before the text check, such requests reached the
 * handlers and the database (HTTP 500).
 */
function example(node: JsonSchema | undefined, depth = 0): unknown {
  if (!node || depth > 6) return undefined;
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  if (node.default !== undefined) return node.default;
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) {
    return example(alternatives.find((a) => !typesOf(a).includes('null')) ?? alternatives[0], depth + 1);
  }
  if (node.allOf?.[0]) return example(node.allOf[0], depth + 1);
  const type = typesOf(node).find((t) => t !== 'null');
  if (type === 'string') {
    if (node.format === 'date-time') return '2026-01-01T00:00:00.000Z';
    if (node.format === 'date') return '2026-01-01';
    if (node.pattern) {
      try {
        // Base values must be clean themselves: the bad string is added on purpose, once.
        const sample = fc
          .sample(fc.stringMatching(new RegExp(node.pattern)), { seed: SEED, numRuns: 20 })
          .find((text) => findUnsafeText(text, '') === undefined);
        if (sample !== undefined) return sample;
      } catch {
        // A pattern fast-check cannot generate from: any text will do for the text check.
      }
    }
    return 'a'.repeat(Math.max(node.minLength ?? 1, 1));
  }
  if (type === 'integer' || type === 'number') {
    const low = node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : (node.minimum ?? 1);
    return Math.min(Math.max(1, low), node.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (type === 'boolean') return true;
  if (type === 'array')
    return Array.from({ length: node.minItems ?? 0 }, () => example(node.items, depth + 1));
  if (type === 'object') {
    return Object.fromEntries(
      (node.required ?? []).map((key) => [key, example(node.properties?.[key], depth + 1)]),
    );
  }
  return undefined;
}

/** A copy of `base` with `value` at `path` (objects and arrays created where missing). */
function placeAt(base: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (/^\d+$/.test(head)) {
    const list = Array.isArray(base) ? [...base] : [];
    list[Number(head)] = placeAt(list[Number(head)], rest, value);
    return list;
  }
  const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : {};
  return { ...object, [head]: placeAt((object as Record<string, unknown>)[head], rest, value) };
}

interface BadCase {
  part: 'params' | 'query' | 'body';
  /** Field path as the answer must name it (`body.items.0.name`). */
  where: string;
  params: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

const paramNames = (endpoint: EndpointDef) =>
  [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** Requests carrying exactly one bad string, in every string position the endpoint declares and beyond. */
function badCases(endpoint: EndpointDef): fc.Arbitrary<BadCase> {
  const names = paramNames(endpoint);
  const fill = Object.fromEntries(names.map((name) => [name, '1']));
  const options: fc.Arbitrary<BadCase>[] = [];
  const querySchema = jsonSchemaOf(endpoint.query);
  const query = example(querySchema) as Record<string, unknown> | undefined;
  if (names.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...names), badText(BAD_IN_URL)).map(([name, bad]) => ({
        part: 'params' as const,
        where: `params.${name}`,
        params: { ...fill, [name]: bad },
        query,
      })),
    );
  }
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    // Every declared query field, and one the declaration does not know: both are refused.
    const keys = [...stringPaths(querySchema).filter((p) => p.length === 1), ['extra']].map(
      (p) => p[0] as string,
    );
    options.push(
      fc.tuple(fc.constantFrom(...keys), badText(BAD_IN_URL)).map(([key, bad]) => ({
        part: 'query' as const,
        where: `query.${key}`,
        params: fill,
        query: { ...query, [key]: bad },
      })),
    );
  } else {
    const bodySchema = jsonSchemaOf(endpoint.body);
    const body = example(bodySchema);
    const paths = [...stringPaths(bodySchema), ['extra']];
    options.push(
      fc.tuple(fc.constantFrom(...paths), badText(BAD_IN_BODY)).map(([path, bad]) => ({
        part: 'body' as const,
        where: ['body', ...path].join('.'),
        params: fill,
        body: placeAt(body, path, bad),
      })),
      // JSON keys are strings too.
      fc.constantFrom(...BAD_IN_BODY).map((bad) => ({
        part: 'body' as const,
        where: 'body.key\uFFFD',
        params: fill,
        body: placeAt(body, [`key${bad}`], 1),
      })),
    );
  }
  return fc.oneof(...options);
}

const refusal = (lang: Lang, where: string) =>
  t(lang, 'badRequest', { detail: `${where}: ${VALIDATION_MESSAGES['validation.unsafeText']?.[lang]}` });

/** Sends raw bytes to the listening server and returns the whole answer (the server closes). */
function rawExchange(port: number, request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server closes at once; a reset after its answer arrived is not a failure.
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) return reject(new Error('connection closed without an answer'));
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

// Every rule here is decided before a handler runs or a query is sent (lib/route.ts: the safe-text
// check and the schemas, the body and URL limits of fastify): the same on both engines, proven on
// one (PostgreSQL, the feature engine: its seeded database is a copy the server finds ready, where
// PGlite loads its data directory into the worker). That nothing refused reaches the database is
// the point, so the engine never sees these calls.
describe('request input', () => {
  const engine: Engine = 'postgres';
  let env: TestEnv;
  let admin: Session;
  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
  });
  afterAll(() => env.close());

  it('refuses NUL and unpaired surrogates in any string of every endpoint with a 400 naming the field (property-based)', async () => {
    let checked = 0;
    for (const [index, endpoint] of ALL_ENDPOINTS.entries()) {
      await fc.assert(
        fc.asyncProperty(
          badCases(endpoint),
          fc.constantFrom<Lang>('zh_CN', 'en_US', 'zh_HK'),
          async (bad, lang) => {
            const response = await call(
              env.app,
              endpoint,
              {
                params: bad.params,
                query: bad.query,
                body: bad.body,
                lang,
                ...(endpoint.access === 'public' ? {} : { session: admin }),
              },
              env.clock.now,
            );
            const answer = envelope(response);
            expect({ endpoint: endpoint.id, status: response.statusCode, ...answer }).toEqual({
              endpoint: endpoint.id,
              status: 400,
              code: ResultCode.BAD_REQUEST,
              msg: refusal(lang, bad.where),
              data: null,
            });
          },
        ),
        { seed: SEED + index, numRuns: RUNS_PER_ENDPOINT },
      );
      checked++;
    }
    expect(checked).toBe(ALL_ENDPOINTS.length);
    // The session is intact: nothing reached a handler (logout, lock screen) along the way.
    expect(
      (await call(env.app, endpoints.user.getCurrentUser, { session: admin }, env.clock.now)).statusCode,
    ).toBe(200);
  });

  it('refuses NUL in the stored headers and unpaired surrogates in an upload file name', async () => {
    const workstation = await call(env.app, endpoints.user.getCurrentUser, {
      session: admin,
      lang: 'zh_CN',
      tamper: (headers) => {
        headers.workstation = 'bench\u00001';
      },
    });
    expect(workstation.statusCode).toBe(400);
    expect(envelope(workstation).msg).toBe(refusal('zh_CN', 'headers.workstation'));

    // filename* may declare UTF-16: bytes 00 D8 are an unpaired high surrogate.
    const content = Buffer.from('plain text');
    const { payload, contentType } = multipartFile(
      "filename*=utf-16le''%61%00%00%D8.%00t%00x%00t%00",
      content,
    );
    const path = '/api/kmct-container/file/upload';
    // For uploads Content-MD5 (and so the signature) covers the file's bytes.
    const headers = signedHeaders(
      'POST',
      path,
      undefined,
      content.toString(),
      admin.signingKey,
      env.clock.now,
      randomBytes(12).toString('hex'),
    );
    const upload = await env.app.inject({
      method: 'POST',
      url: path,
      headers: {
        ...headers,
        lang: 'en_US',
        authorization: `Bearer ${admin.token}`,
        'content-type': contentType,
      },
      payload,
    });
    expect(upload.statusCode).toBe(400);
    expect(envelope(upload).msg).toBe(refusal('en_US', 'body.file.filename'));
  });

  it('answers a URL the router cannot decode with the envelope', async () => {
    // An unpaired surrogate written as CESU-8 is not UTF-8: the URL itself is refused.
    const surrogate = await env.app.inject({
      method: 'GET',
      url: '/api/kmct-user/sys/user/%ED%A0%80',
      headers: { lang: 'zh_CN' },
    });
    expect(surrogate.statusCode).toBe(400);
    expect(envelope(surrogate)).toEqual({ code: ResultCode.BAD_REQUEST, msg: '请求地址无效', data: null });
  });

  it('answers a query string over the header limit with the envelope (431) in the request language', async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const address = env.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const longQuery = `GET /api/kmct-user/sys/user/page?q=${'x'.repeat(17 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n`;
    const english = await rawExchange(address.port, `${longQuery}lang: en_US\r\n\r\n`);
    expect(english).toEqual({
      status: 431,
      body: {
        code: ResultCode.HEADERS_TOO_LARGE,
        msg: 'The request URL or headers are too long (limit 16 KB); shorten the query',
        data: null,
      },
    });
    const chinese = await rawExchange(address.port, `${longQuery}\r\n`);
    expect(chinese.status).toBe(431);
    expect(chinese.body).toMatchObject({
      code: 431,
      msg: '请求地址或请求头过长（上限16KB），请缩短查询条件',
    });
    const hongKong = await rawExchange(
      address.port,
      `${longQuery}lang: zh_CN\r\nAccept-Language: zh-HK\r\n\r\n`,
    );
    expect(hongKong.body).toMatchObject({
      code: 431,
      msg: '請求地址或請求標頭過長（上限16KB），請縮短查詢條件',
    });
    // A header the HTTP parser refuses (NUL) answers the envelope too.
    const nul = await rawExchange(
      address.port,
      'GET /api/kmct-user/sys/user/page HTTP/1.1\r\nHost: 127.0.0.1\r\nlang: en_US\r\nworkstation: a\u0000b\r\n\r\n',
    );
    expect(nul).toEqual({ status: 400, body: { code: 400, msg: 'Malformed request', data: null } });
  });

  it('says that 1e400 is out of range instead of "expected number, received number"', async () => {
    const asked = async (lang: Lang) =>
      envelope(
        await call(
          env.app,
          endpoints.user.page,
          { session: admin, lang, rawBody: '{"page":1,"size":1e400}' },
          env.clock.now,
        ),
      ).msg;
    expect(await asked('en_US')).toBe('Invalid request: body.size: number out of range');
    expect(await asked('zh_CN')).toBe('请求参数错误：body.size: 数值超出范围');
    const param = await call(
      env.app,
      endpoints.user.get,
      { session: admin, params: { id: '1e400' } },
      env.clock.now,
    );
    expect(param.statusCode).toBe(400);
    expect(envelope(param).msg).toBe('Invalid request: params.id: number out of range');
  });

  it('gives length, size and range limits in words with their figures', async () => {
    const page = async (lang: Lang, body: unknown) =>
      envelope(await call(env.app, endpoints.user.page, { session: admin, lang, body }, env.clock.now)).msg;
    expect(await page('zh_CN', { username: 'x'.repeat(33) })).toBe(
      '请求参数错误：body.username: 最多32个字符',
    );
    expect(await page('en_US', { username: 'x'.repeat(33) })).toBe(
      'Invalid request: body.username: at most 32 characters',
    );
    expect(await page('en_US', { size: 100_000 })).toBe('Invalid request: body.size: at most 99999');
    const ids = Array.from({ length: 201 }, (_, i) => i + 1);
    const markRead = await call(
      env.app,
      endpoints.portalReport.markRead,
      { session: admin, lang: 'zh_CN', body: { ids } },
      env.clock.now,
    );
    expect(envelope(markRead).msg).toBe('请求参数错误：body.ids: 最多200项');
  });

  it('answers JSON over 2 MB and a wrong content type with an HTTP status equal to the body code', async () => {
    // Before any session: the body limit applies while the body is read.
    const tooLarge = await env.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.auth.login),
      headers: { 'content-type': 'application/json', lang: 'zh_CN' },
      payload: `{"account":"${'1'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(envelope(tooLarge)).toEqual({ code: ResultCode.BODY_TOO_LARGE, msg: '请求体过大', data: null });
    const wrongType = await env.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.auth.login),
      headers: { 'content-type': 'application/xml', lang: 'zh_CN' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(envelope(wrongType)).toEqual({
      code: ResultCode.UNSUPPORTED_MEDIA_TYPE,
      msg: '不支持的内容类型',
      data: null,
    });
    for (const response of [tooLarge, wrongType]) {
      expect(response.statusCode).toBe(httpStatusOf(envelope(response).code));
    }
  });
});
