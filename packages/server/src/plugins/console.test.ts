import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, consolePlugin } from './console.js';

const HTML = '<!doctype html><div id="root"></div>';
const JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** A dist as `vite build` leaves it: originals plus .br and .gz siblings, and version.json. */
async function builtConsole(version: unknown): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'console-dist-'));
  await mkdir(join(root, 'assets'));
  const files: Record<string, string> = { 'index.html': HTML, 'assets/index-AbC123.js': JS };
  for (const [name, body] of Object.entries(files)) {
    await writeFile(join(root, name), body);
    await writeFile(join(root, `${name}.br`), brotliCompressSync(body));
    await writeFile(join(root, `${name}.gz`), gzipSync(body));
  }
  if (version !== undefined) await writeFile(join(root, 'version.json'), JSON.stringify(version));
  return root;
}

async function serve(root: string, withHelmet = false): Promise<FastifyInstance> {
  const app = Fastify();
  if (withHelmet) await app.register(helmet);
  await app.register(consolePlugin, { root });
  await app.ready();
  return app;
}

describe('console plugin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await serve(await builtConsole({ version: '1.4.2' }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the brotli file when accepted, else gzip, else the original, always varying on Accept-Encoding', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('caches hashed assets for a year and revalidates index.html, also through the history fallback', async () => {
    const asset = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(HTML);

    const route = await app.inject({
      url: '/laboratory/test-project',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/text\/html/);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(route.rawPayload).toString()).toBe(HTML);
  });

  it('answers /version.json from the console build, never cached, whatever ?v= says', async () => {
    const response = await app.inject({ url: `/version.json?v=${Date.now()}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: '1.4.2' });
    expect(response.headers['cache-control']).toContain('no-cache');
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('keeps API misses as JSON 404 in the caller language', async () => {
    const zh = await app.inject({ url: '/api/kmct/nothing' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
    const en = await app.inject({ method: 'POST', url: '/anything', headers: { lang: 'en_US' } });
    expect(en.json()).toMatchObject({ code: 404, msg: 'No such API' });
  });

  it('answers 404 for /version.json when the console is not built or its file is malformed', async () => {
    for (const version of [undefined, { version: 3 }, ['1.0.0']]) {
      const other = await serve(await builtConsole(version));
      const response = await other.inject({ url: '/version.json?v=1', headers: { lang: 'en_US' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, msg: 'The console is not built', data: null });
      await other.close();
    }
  });
});

describe('console plugin behind helmet', () => {
  it('keeps the document headers on index.html and the history fallback, not on scripts', async () => {
    const app = await serve(await builtConsole({ version: '1.4.2' }), true);
    const headers = { 'accept-encoding': 'br' };
    for (const url of ['/', '/login']) {
      const page = await app.inject({ url, headers });
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['strict-transport-security']).toBeDefined();
    }
    const script = await app.inject({ url: '/assets/index-AbC123.js', headers });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(script.headers['last-modified']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(Object.keys(script.headers).sort()).toEqual(
      [
        'cache-control',
        'connection',
        'content-encoding',
        'content-length',
        'content-type',
        'date',
        'etag',
        'vary',
        'x-content-type-options',
      ].sort(),
    );
    const api = await app.inject({ url: '/api/kmct/nothing' });
    expect(api.headers['content-security-policy']).toBeDefined();
    await app.close();
  });
});

describe('cacheControlFor', () => {
  it('tells hashed assets (and their compressed siblings) from the rest', () => {
    expect(cacheControlFor(join('/srv/dist', 'assets', 'a-1.js.br'))).toContain('immutable');
    expect(cacheControlFor(join('/srv/dist', 'index.html.gz'))).toBe('no-cache');
    expect(cacheControlFor(join('/srv/dist', 'puzzle', 'bg1.jpg'))).toBe('no-cache');
  });
});
