import { endpoints, fullPath } from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { buildServer } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { listenForMetrics } from '../src/lib/metrics.js';
import { BOTH_ENGINES, createTestDatabase } from './engines.js';
import { call, dropListenConnections, login, startEnv, type TestEnv, uploadFile } from './helpers.js';

const { system, systemStatus } = endpoints;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, strictly: every line a comment, a HELP/TYPE line or one sample. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    const rest = body.replace(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g, (_all, key, value) => {
      labels[key] = value;
      return '';
    });
    if (rest !== '') throw new Error(`bad labels: ${line}`);
    const value = Number(match[3]?.replace('+Inf', 'Infinity'));
    if (Number.isNaN(value) && match[3] !== 'NaN') throw new Error(`bad value: ${line}`);
    samples.push({ name: match[1] ?? '', labels, value });
  }
  return samples;
}

const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

// One server per engine for both: each suite migrates and seeds a database of its own.
describe.each(BOTH_ENGINES)('probes and metrics on %s', (engine) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startEnv(engine);
  });
  afterAll(() => env.close());

  it('answers liveness and readiness with a status word and nothing else', async () => {
    for (const url of ['/health/live', '/health/ready']) {
      const answer = await get(env.app, url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('{"status":"ok"}');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const { db } = env.handle;
    const rows = (await db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)
          RETURNING id, hash, created_at::text AS created_at`,
    )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> };
    const newest = rows.rows[0];
    if (!newest) throw new Error('no migration recorded');
    try {
      const answer = await get(env.app, '/health/ready');
      expect(answer.statusCode).toBe(503);
      expect(answer.body).toBe('{"status":"unavailable"}');
      expect((await get(env.app, '/health/live')).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at)
            VALUES (${newest.id}, ${newest.hash}, ${Number(newest.created_at)})`,
      );
    }
    expect((await get(env.app, '/health/ready')).statusCode).toBe(200);
  });

  it('is not ready once shutting down, and asks clients to close their connections', async () => {
    const other = await env.secondInstance();
    other.deps.lifecycle.shuttingDown = true;
    const ready = await get(other, '/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers.connection).toBe('close');
    expect(ready.body).toBe('{"status":"unavailable"}');
    expect((await get(other, '/health/live')).statusCode).toBe(200);
    // Still serving the API during the drain delay.
    expect((await call(other, endpoints.dict.sysVersion, {}, env.clock.now)).statusCode).toBe(200);
  });

  it('is not ready while the LISTEN connection is down (PostgreSQL)', async () => {
    if (engine !== 'postgres') return; // PGlite is in-process: there is no connection to lose.
    await dropListenConnections(env);
    await expect
      .poll(() => env.app.deps.lifecycle.listening, { timeout: scaled(5000), interval: 10 })
      .toBe(false);
    expect((await get(env.app, '/health/ready')).statusCode).toBe(503);
    await expect
      .poll(async () => (await get(env.app, '/health/ready')).statusCode, {
        timeout: scaled(10_000),
        interval: 100,
      })
      .toBe(200);
  });

  it('is not ready once its database is closed', async () => {
    const testDb = await createTestDatabase(engine);
    const handle = await testDb.open();
    const app = await buildServer({
      consoleDir: '/nonexistent-console',
      database: handle,
      config: { mode: 'demo', seedDemo: false, auditCheckpointIntervalMs: 0, filesDir: env.filesDir },
    });
    try {
      expect((await get(app, '/health/ready')).statusCode).toBe(200);
      await handle.close();
      expect((await get(app, '/health/ready')).statusCode).toBe(503);
      expect((await get(app, '/health/live')).statusCode).toBe(200);
      // The API says so in the caller's language, never a bare 500 (database-kill-drill.test.ts kills a server).
      const answer = await call(app, endpoints.auth.captcha, { lang: 'zh_CN' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ code: 503, msg: '数据库暂时不可用，请稍后再试', data: null });
    } finally {
      await app.close();
      await testDb.drop().catch(() => undefined);
    }
  });

  it('counts requests by route template, logins, uploads and the audit-chain check', async () => {
    const admin = await login(env, 'admin@trialab.local');
    await expect(login(env, '13800000005', 'Wrong#Pass1')).rejects.toThrow(/failed/);
    const missing = await call(
      env.app,
      system.fileDownload,
      { params: { id: 987654 }, session: admin },
      env.clock.now,
    );
    expect(missing.statusCode).toBe(404);
    expect((await get(env.app, '/api/kmct/no-such-thing/31337')).statusCode).toBe(404);
    await uploadFile(env, admin, 'note.txt', Buffer.from('twelve bytes'));
    const check = await call(env.app, systemStatus.auditChain, { session: admin }, env.clock.now);
    expect(check.statusCode).toBe(200);

    const answer = await get(env.app, '/metrics');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(answer.body);
    const requests = (route: string, status: string) =>
      sampleValue(samples, 'trialab_http_request_duration_seconds_count', { route, status_code: status });
    expect(requests('/api/kmct-container/file/:id', '404')).toBe(1);
    expect(requests('unmatched', '404')).toBe(1);
    expect(requests(fullPath(endpoints.auth.login), '200')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'trialab_logins_total', { method: 'password' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'trialab_login_failures_total', { method: 'password' })).toBe(1);
    expect(sampleValue(samples, 'trialab_logins_total', { method: 'sms' })).toBe(0);
    expect(sampleValue(samples, 'trialab_uploads_total')).toBe(1);
    expect(sampleValue(samples, 'trialab_upload_bytes_total')).toBe(12);
    expect(sampleValue(samples, 'trialab_audit_chain_intact')).toBe(1);
    expect(sampleValue(samples, 'trialab_audit_chain_verified_timestamp_seconds')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'trialab_audit_checkpoint_timestamp_seconds')).toBe(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    const pool = sampleValue(samples, 'trialab_db_pool_connections', { pool: 'main' });
    if (engine === 'postgres') expect(pool).toBeGreaterThanOrEqual(1);
    else expect(pool).toBeUndefined();

    // No raw URL, account, phone number, e-mail or address in any label.
    expect(answer.body).not.toContain('987654');
    expect(answer.body).not.toContain('31337');
    for (const personal of ['13800000005', 'admin@trialab.local', '127.0.0.1', 'note.txt']) {
      expect(answer.body).not.toContain(personal);
    }
    const labelNames = new Set(samples.flatMap((s) => Object.keys(s.labels)));
    const allowed = ['method', 'route', 'status_code', 'pool', 'le', 'version', 'major', 'minor', 'patch'];
    const nodeLabels = ['space', 'kind', 'type', 'quantile'];
    expect([...labelNames].filter((name) => ![...allowed, ...nodeLabels].includes(name))).toEqual([]);
  });

  it('refuses a scrape without the configured token', async () => {
    const token = 'scrape-token-0123456789';
    const other = await env.secondInstance({ metricsToken: token });
    expect((await get(other, '/metrics')).statusCode).toBe(401);
    expect(
      (await get(other, '/metrics', { authorization: 'Bearer wrong-token-0123456789' })).statusCode,
    ).toBe(401);
    const ok = await get(other, '/metrics', { authorization: `Bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    expect(parseMetrics(ok.body).length).toBeGreaterThan(0);
  });

  it('serves /metrics only on its own listener when METRICS_PORT is set, and not at all when off', async () => {
    const token = 'scrape-token-0123456789';
    const separate = await env.secondInstance({ metricsPort: 0 });
    expect((await get(separate, '/metrics')).body).not.toContain('trialab_');
    const off = await env.secondInstance({ metricsEnabled: false });
    expect((await get(off, '/metrics')).body).not.toContain('trialab_');

    const listener = await listenForMetrics(separate.deps.metrics, { host: '127.0.0.1', port: 0, token });
    try {
      const url = `http://127.0.0.1:${listener.port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('trialab_http_request_duration_seconds');
      expect(
        (await fetch(`${url}/health/ready`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('probe and metrics configuration', () => {
  const production = { TRIALAB_MODE: 'production' };

  it('keeps /metrics off in production unless protected, on outside it', () => {
    expect(loadConfig(production).metricsEnabled).toBe(false);
    expect(loadConfig({}).metricsEnabled).toBe(true);
    expect(loadConfig({ ...production, METRICS_TOKEN: 'a-token-of-16+chars' }).metricsEnabled).toBe(true);
    expect(loadConfig({ ...production, METRICS_PORT: '9464' })).toMatchObject({
      metricsEnabled: true,
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
    });
    expect(() => loadConfig({ ...production, METRICS_ENABLED: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('drains 5 s in production and not at all in the demo by default', () => {
    expect(loadConfig(production)).toMatchObject({ shutdownDrainDelayMs: 5000, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({}).shutdownDrainDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_DELAY_MS: '250', SHUTDOWN_TIMEOUT_MS: '3000' })).toMatchObject({
      shutdownDrainDelayMs: 250,
      shutdownTimeoutMs: 3000,
    });
  });
});
