import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/client.js';

/*
 * The server's Prometheus metrics (docs/operations.md, "Metrics"). Labels are bounded sets chosen
 * by the code (route templates, methods, status codes, login methods): never a raw URL, user,
 * phone number, e-mail address or IP.
 */

export type LoginMethod = 'password' | 'sms' | 'email' | 'wechat';
const LOGIN_METHODS: readonly LoginMethod[] = ['password', 'sms', 'email', 'wechat'];

let processRegistry: Registry | undefined;

/**
 * CPU, memory, handles, GC and event-loop delay: one set per process, however many servers it runs
 * (the tests build many), since prom-client's collectors start timers that are never stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricSources {
  poolUse(): PoolUse[];
  /** The newest audit checkpoint in the database (whichever instance signed it), or null. */
  newestCheckpointAt(): Promise<Date | null>;
}

/** One registry per server instance. */
export class ServerMetrics {
  private readonly registry = new Registry();
  readonly httpRequests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly uploads: Counter;
  private readonly uploadBytes: Counter;
  private readonly logins: Counter<'method'>;
  private readonly loginFailures: Counter<'method'>;
  private readonly auditIntact: Gauge;
  private readonly auditVerifiedAt: Gauge;

  constructor(sources: MetricSources) {
    processMetrics();
    const registers = [this.registry];
    this.httpRequests = new Histogram({
      name: 'trialab_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status: latency (the _count is the number of requests)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers,
        collect() {
          this.reset();
          for (const use of sources.poolUse()) this.set({ pool: use.pool }, read(use));
        },
      });
    poolGauge('trialab_db_pool_connections', 'PostgreSQL pool: open connections', (u) => u.total);
    poolGauge('trialab_db_pool_idle_connections', 'PostgreSQL pool: idle connections', (u) => u.idle);
    poolGauge(
      'trialab_db_pool_waiting_queries',
      'PostgreSQL pool: queries waiting for a connection',
      (u) => u.waiting,
    );
    this.uploads = new Counter({ name: 'trialab_uploads_total', help: 'Files uploaded', registers });
    this.uploadBytes = new Counter({
      name: 'trialab_upload_bytes_total',
      help: 'Bytes of the files uploaded',
      registers,
    });
    this.logins = new Counter({
      name: 'trialab_logins_total',
      help: 'Logins that opened a session, by method',
      labelNames: ['method'],
      registers,
    });
    this.loginFailures = new Counter({
      name: 'trialab_login_failures_total',
      help: 'Login attempts refused (wrong password or code, throttled, unknown account...), by method',
      labelNames: ['method'],
      registers,
    });
    // Every method's series exists from the start: a rate over a series that appears late is wrong.
    for (const method of LOGIN_METHODS) {
      this.logins.inc({ method }, 0);
      this.loginFailures.inc({ method }, 0);
    }
    this.auditIntact = new Gauge({
      name: 'trialab_audit_chain_intact',
      help: 'Result of the last audit-chain verification this instance ran: 1 intact, 0 broken, -1 none since start',
      registers,
    });
    this.auditIntact.set(-1);
    this.auditVerifiedAt = new Gauge({
      name: 'trialab_audit_chain_verified_timestamp_seconds',
      help: 'When this instance last verified the audit chain (0: not since start)',
      registers,
    });
    new Gauge({
      name: 'trialab_audit_checkpoint_timestamp_seconds',
      help: 'Time of the newest signed audit checkpoint in the database (0: none)',
      registers,
      async collect() {
        // A scrape while the database is away still answers, without this series' new value.
        const at = await sources.newestCheckpointAt().catch(() => undefined);
        if (at !== undefined) this.set(at ? at.getTime() / 1000 : 0);
      },
    });
  }

  /** Counts a login attempt by its outcome: a session opened, or refused. */
  async countLogin<T>(method: LoginMethod, attempt: Promise<T>): Promise<T> {
    try {
      const session = await attempt;
      this.logins.inc({ method });
      return session;
    } catch (error) {
      this.loginFailures.inc({ method });
      throw error;
    }
  }

  upload(bytes: number): void {
    this.uploads.inc();
    this.uploadBytes.inc(bytes);
  }

  auditVerified(intact: boolean, at: Date): void {
    this.auditIntact.set(intact ? 1 : 0);
    this.auditVerifiedAt.set(at.getTime() / 1000);
  }

  /** The Prometheus text exposition: this instance's series and the process's. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: this.registry.contentType, text: await merged.metrics() };
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function scrapeAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (token === undefined) return true;
  return timingSafeEqual(digest(authorization ?? ''), digest(`Bearer ${token}`));
}

/**
 * /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), apart from the API's port: a
 * network the scraper reaches and clients do not. Everything else there is 404.
 */
export async function listenForMetrics(
  metrics: ServerMetrics,
  options: { host: string; port: number; token: string | undefined },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (!scrapeAllowed(options.token, request.headers.authorization)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
