import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { migrationJournal, migrationsApplied } from '../db/migrations.js';
import { scrapeAllowed } from '../lib/metrics.js';

/**
 * The routes outside the API contract's declarations, and so outside its session, signature and
 * permission pipeline, each with the reason it needs none. Every other route is a declared
 * endpoint (`route()` refuses one without an access rule), the console's files or /api/docs.
 * docs/api.md and docs/operations.md ("Probes and shutdown", "Metrics") describe them.
 */
export const INFRASTRUCTURE_ROUTES = {
  live: { url: '/health/live', access: 'public: answers only that the process serves' },
  ready: { url: '/health/ready', access: 'public: answers only ready or not' },
  metrics: {
    url: '/metrics',
    access:
      'the METRICS_TOKEN bearer token, or a listener of its own (METRICS_PORT); off in production without one',
  },
} as const;

/** A readiness check that hangs (a database that does not answer) counts as not ready. */
const READY_TIMEOUT_MS = 2000;

/** Why the instance is not ready, or null; logged when it changes, never sent. */
async function notReadyReason(app: FastifyInstance, journal: ReadonlyArray<{ when: number }>) {
  const { deps } = app;
  if (deps.lifecycle.shuttingDown) return 'shutting down';
  if (!deps.lifecycle.listening) return 'LISTEN connection down';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database did not answer in time'), READY_TIMEOUT_MS);
  });
  const check = migrationsApplied(deps.db, journal).then(
    (applied) => (applied ? null : 'migrations not applied'),
    () => 'database query failed',
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const status = (reply: FastifyReply, ok: boolean) =>
  reply
    .code(ok ? 200 : 503)
    .header('cache-control', 'no-store')
    .send({ status: ok ? 'ok' : 'unavailable' });

/** Liveness and readiness probes, request metrics, /metrics on the API's listener when so configured. */
export const infrastructurePlugin = fp(async (app: FastifyInstance) => {
  const { config, metrics, lifecycle } = app.deps;
  const journal = await migrationJournal();

  app.get(INFRASTRUCTURE_ROUTES.live.url, async (_request, reply) => status(reply, true));
  let lastReason: string | null = null;
  app.get(INFRASTRUCTURE_ROUTES.ready.url, async (_request, reply) => {
    const reason = await notReadyReason(app, journal);
    if (reason !== lastReason) {
      if (reason) app.log.warn({ reason }, 'not ready');
      else app.log.info('ready');
      lastReason = reason;
    }
    return status(reply, reason === null);
  });

  if (config.metricsEnabled && config.metricsPort === undefined) {
    app.get(INFRASTRUCTURE_ROUTES.metrics.url, async (request, reply) => {
      if (!scrapeAllowed(config.metricsToken, request.headers.authorization)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
      }
      const { contentType, text } = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    });
  }

  app.addHook('onSend', async (_request, reply) => {
    // Once shutting down, every answer closes its connection: clients reconnect to another instance.
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequests.observe(
      {
        method: request.method,
        // The template (`/api/kmct/project/:id`), never the URL; requests no route took are one series.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
});
