// Two real server processes on one PostgreSQL database behind a small round-robin proxy that, like a
// load balancer, sends requests only to instances whose /health/ready answers 200. Clients keep a
// steady stream of signed API calls going while one instance is stopped with SIGTERM: no request
// may fail, and the stopped process must exit 0 (every in-flight request finished).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { type EndpointDef, endpoints, endpointUrl } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { PACKAGE_DIR } from '../src/config.js';
import { login, type Session, serverProgram, signedHeaders, startEnv, type TestEnv } from './helpers.js';

/** Long enough for the proxy's 100 ms readiness polls to see the instance leave. */
const DRAIN_MS = 1000;
/** Far longer than any request of the stream takes; the second test outlasts it on purpose. */
const TIMEOUT_MS = 2000;

interface Instance {
  name: string;
  child: ChildProcess;
  port: number;
  ready: boolean;
  served: number;
  exited: Promise<number | null>;
  output(): string;
}

/** The real entry point from the sources (bundled for the run: serverProgram). */
function startInstance(name: string, env: TestEnv, spawned: ChildProcess[]): Promise<Instance> {
  const child = spawn(process.execPath, [serverProgram('main')], {
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      TRIALAB_MODE: 'demo',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: env.testDb.url,
      DATABASE_POOL_SIZE: '4',
      FILES_DIR: env.filesDir,
      AUDIT_CHECKPOINT_MINUTES: '0',
      SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Killed in afterAll even when the start fails.
  spawned.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // As long as the hook's limit allows (it grows with the machine's load): a slow start is no
  // failure of the drill.
  return new Promise((done, fail) => {
    child.on('message', (message: { type?: string; ports?: { server?: number } }) => {
      if (message.type !== 'ready' || !message.ports?.server) return;
      done({
        name,
        child,
        port: message.ports.server,
        ready: false,
        served: 0,
        exited,
        output: () => output,
      });
    });
    void exited.then((code) => {
      fail(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** Probes in a row that get no answer before a load balancer takes an instance out. */
const UNHEALTHY_THRESHOLD = 3;

/**
 * Round robin over the ready instances; no retries. As a load balancer does: an instance answering
 * its readiness probe with anything but 200 (a draining one answers 503) is out at once; one whose
 * probes go unanswered (a loaded machine) only after UNHEALTHY_THRESHOLD of them in a row.
 */
async function startProxy(instances: Instance[]): Promise<{ server: Server; port: number; stop(): void }> {
  const agent = new Agent({ keepAlive: true });
  const silent = new Map<Instance, number>();
  const poll = setInterval(() => {
    for (const instance of instances) {
      const probe = httpRequest(
        { host: '127.0.0.1', port: instance.port, path: '/health/ready', agent: false, timeout: scaled(500) },
        (answer) => {
          answer.resume();
          silent.set(instance, 0);
          instance.ready = answer.statusCode === 200;
        },
      );
      probe.on('timeout', () => probe.destroy());
      probe.on('error', () => {
        const missed = (silent.get(instance) ?? 0) + 1;
        silent.set(instance, missed);
        if (missed >= UNHEALTHY_THRESHOLD) instance.ready = false;
      });
      probe.end();
    }
  }, 100);
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const ready = instances.filter((i) => i.ready);
    const target = ready[next++ % Math.max(1, ready.length)];
    if (!target) {
      outgoing.writeHead(503).end('no instance ready');
      return;
    }
    target.served += 1;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end(`proxy: ${target.name}: ${error.message}`);
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : 0,
    stop: () => {
      clearInterval(poll);
      server.close();
      server.closeAllConnections();
      agent.destroy();
    },
  };
}

/** A signed call as the console sends it, through the proxy. */
async function signedCall(base: string, session: Session, endpoint: EndpointDef, body?: unknown) {
  const path = endpointUrl(endpoint, undefined);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signedHeaders(
    endpoint.method,
    path,
    undefined,
    text,
    session.signingKey,
    Date.now(),
    randomBytes(16).toString('hex'),
  );
  const answer = await fetch(`${base}${path}`, {
    method: endpoint.method,
    headers: {
      ...headers,
      authorization: `Bearer ${session.token}`,
      lang: 'en_US',
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(text === undefined ? {} : { body: text }),
  });
  const envelope = (await answer.json().catch(() => ({}))) as { code?: number };
  return `${answer.status}/${envelope.code ?? '-'}`;
}

describe('rolling restart on PostgreSQL', () => {
  let env: TestEnv;
  const instances: Instance[] = [];
  const spawned: ChildProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;

  beforeAll(async () => {
    // Migrates and seeds the database in-process; the instances then find it ready.
    env = await startEnv('postgres');
  });
  afterAll(async () => {
    proxy?.stop();
    const running = spawned.filter((child) => child.exitCode === null && child.signalCode === null);
    const gone = running.map((child) => new Promise((done) => child.once('exit', done)));
    for (const child of running) child.kill('SIGKILL');
    await Promise.all(gone);
    await env.close();
  });

  it(
    'stops one instance with SIGTERM while requests flow, and no request fails',
    async () => {
      const session = await login(env, 'admin@trialab.local');
      instances.push(
        ...(await Promise.all([startInstance('a', env, spawned), startInstance('b', env, spawned)])),
      );
      const [a, b] = instances as [Instance, Instance];
      proxy = await startProxy(instances);
      const base = `http://127.0.0.1:${proxy.port}`;
      await expect.poll(() => a.ready && b.ready, { timeout: scaled(20_000), interval: 50 }).toBe(true);

      const results = new Map<string, number>();
      let flowing = true;
      const client = async (n: number) => {
        for (let i = 0; flowing; i += 1) {
          const outcome =
            (n + i) % 2 === 0
              ? await signedCall(base, session, endpoints.user.getCurrentUser)
              : await signedCall(base, session, endpoints.user.page, { page: 1, size: 10 });
          results.set(outcome, (results.get(outcome) ?? 0) + 1);
        }
      };
      const clients = Promise.all([0, 1, 2, 3].map(client));

      await expect
        .poll(() => a.served > 20 && b.served > 20, { timeout: scaled(20_000), interval: 50 })
        .toBe(true);
      const servedBefore = b.served;
      const stoppedAt = Date.now();
      a.child.kill('SIGTERM');
      const code = await a.exited;
      const stopTook = Date.now() - stoppedAt;
      await expect
        .poll(() => b.served > servedBefore + 20, { timeout: scaled(20_000), interval: 50 })
        .toBe(true);
      flowing = false;
      await clients;

      expect(code, a.output()).toBe(0);
      expect(a.output()).toContain('received SIGTERM: not ready');
      // The drain delay was kept, and the exit did not wait for keep-alive connections to time out.
      expect(stopTook).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(stopTook).toBeLessThan(DRAIN_MS + 8000);
      expect(Object.fromEntries(results)).toEqual({ '200/200': expect.any(Number) });
      expect(results.get('200/200')).toBeGreaterThan(60);
    },
    scaled(120_000),
  );

  it('cuts a request that outlasts SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const b = instances[1];
    if (!b || b.child.exitCode !== null) throw new Error('instance b is not running');
    // A request whose body never completes: in flight until its connection is cut.
    const socket = connect(b.port, '127.0.0.1');
    await new Promise<void>((done) => socket.once('connect', () => done()));
    const path = endpointUrl(endpoints.user.page, undefined);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"page":1`,
    );
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    const stoppedAt = Date.now();
    b.child.kill('SIGTERM');
    const code = await b.exited;
    await closed;
    expect(code, b.output()).toBe(1);
    expect(b.output()).toContain(`in-flight requests did not finish within ${TIMEOUT_MS} ms`);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(DRAIN_MS + TIMEOUT_MS);
  }, 30_000);
});
