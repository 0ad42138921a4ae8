// Signed calls and figures shared by the API benches that run the server in a child process
// (bench/server-child.ts): a request signed as the console signs it (session token, HMAC of the
// canonical string), one call timed, an autocannon run at BENCH_CONNECTIONS for BENCH_SECONDS with
// the server's CPU per request, and calls one at a time with their p50 and p99.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { canonicalString, type EndpointDef, endpointUrl } from '@trialab/api-contract';
import autocannon from 'autocannon';
import { provideDatabase } from './bench-database.js';
import { benchNumber, forkServer } from './server-child.js';

export const CONNECTIONS = benchNumber('BENCH_CONNECTIONS', 20);
const SECONDS = benchNumber('BENCH_SECONDS', 10);

export interface Session {
  token: string;
  signingKey: string;
}

/** The server the calls go to (its port) and how to ask it for its CPU time (forkServer's serverCpu). */
export function useServer(port: number, cpu: () => Promise<number>): void {
  base = `http://127.0.0.1:${port}`;
  serverCpu = cpu;
}

// ---------------------------------------------------------------- signed calls

export function signedHeaders(session: Session, method: string, path: string, body: string | undefined) {
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('base64url');
  const contentMd5 = body !== undefined ? createHash('md5').update(body).digest('base64') : '';
  const canonical = canonicalString({
    method: method as 'POST',
    path,
    query: [],
    timestamp,
    nonce,
    contentMd5,
  });
  const headers: Record<string, string> = {
    authorization: `Bearer ${session.token}`,
    lang: 'en_US',
    tz: 'Asia/Shanghai',
    timestamp,
    nonce,
    Signature: createHmac('sha256', Buffer.from(session.signingKey, 'base64'))
      .update(canonical)
      .digest('base64'),
  };
  if (body !== undefined) {
    headers['Content-MD5'] = contentMd5;
    headers['content-type'] = 'application/json';
  }
  return headers;
}

let base = '';
export const baseUrl = () => base;

/** One signed call; answers the envelope's data and the milliseconds it took (refusals throw). */
export async function call<T = Record<string, unknown>>(
  session: Session,
  endpoint: EndpointDef,
  options: { params?: Record<string, string | number>; body?: unknown } = {},
): Promise<{ data: T; ms: number; bytes: number }> {
  const path = endpointUrl(endpoint, options.params);
  const hasBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
  const body = hasBody ? JSON.stringify(options.body ?? {}) : undefined;
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: endpoint.method,
    headers: signedHeaders(session, endpoint.method, path, body),
    ...(body !== undefined ? { body } : {}),
  });
  const buffer = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (!response.headers.get('content-type')?.includes('json')) {
    if (!response.ok) throw new Error(`${endpoint.id}: HTTP ${response.status}`);
    return { data: null as T, ms, bytes: buffer.length };
  }
  const envelope = JSON.parse(buffer.toString('utf8')) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${endpoint.id}: ${envelope.code} ${envelope.msg}`);
  return { data: envelope.data, ms, bytes: buffer.length };
}

// ---------------------------------------------------------------- figures

export const fixed = (value: number, digits = 1) => value.toFixed(digits);
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
export const line = (title: string, figure: string, target = '') =>
  console.log(`${title.padEnd(58)} ${figure}${target ? `   (target ${target})` : ''}   load ${load()}`);

let serverCpu: () => Promise<number> = async () => 0;

export async function loadRun(title: string, options: autocannon.Options) {
  const before = await serverCpu();
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const cpu = (await serverCpu()) - before;
  const served = result.requests.total;
  const bad = result.non2xx + result.errors + result.timeouts;
  line(
    title,
    `${fixed(result.requests.average, 0)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  server CPU ${served ? fixed(cpu / served, 0) : '?'} µs/req${bad ? `  NON-2XX/ERRORS ${bad}` : ''}`,
  );
  return result;
}

/** `runs` calls one after the other (no queue behind other requests): what one request costs. */
export async function sequential(title: string, runs: number, once: () => Promise<{ ms: number }>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await once()).ms);
  line(title, `p50 ${fixed(percentile(times, 50))} ms  p99 ${fixed(percentile(times, 99))} ms`);
}

/** An autocannon request, freshly signed each time (its body from `body()` when given). */
export function signedRequest(session: Session, path: string, body: () => string): autocannon.Request {
  return {
    method: 'POST',
    path,
    setupRequest: (request) => {
      const text = body();
      request.body = text;
      request.headers = { ...request.headers, ...signedHeaders(session, 'POST', path, text) };
      return request;
    },
  };
}

/**
 * A bench's whole run: prints the machine, makes its database, forks `file --serve` on it (the
 * server seeds, listens and answers `Ready`), points the calls at it, runs `body`, then stops the
 * server and drops the database (kept with BENCH_KEEP=1).
 */
export async function withBenchServer<Ready extends { port: number }>(
  file: string,
  body: (ready: Ready, databaseUrl: string) => Promise<void>,
): Promise<void> {
  const database = provideDatabase();
  let stop = async () => undefined as unknown;
  try {
    console.log(
      `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${fixed(totalmem() / 2 ** 30)} GiB (${fixed(freemem() / 2 ** 30)} free), Node ${process.version}, load ${load()}`,
    );
    const server = await forkServer<Ready>(file, { ...process.env, BENCH_DATABASE_URL: database.url });
    const { child } = server;
    stop = async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    };
    useServer(server.ready.port, server.serverCpu);
    await body(server.ready, database.url);
    console.log(`load after: ${load()}`);
  } finally {
    await stop();
    if (!process.env.BENCH_KEEP) database.drop();
  }
}
