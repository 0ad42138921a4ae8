#!/usr/bin/env node
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { listenForMetrics } from './lib/metrics.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-data.js';

/** A configuration error (an invalid variable, a missing key) ends the start with its message. */
function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  exitOnConfigError(error);
}

const logging = process.env.LOG_LEVEL !== 'silent' && config.mode === 'production';
/** Started by the stack launcher (IPC): it shows each step and waits as long as steps come. */
const progress = (phase: string) => process.send?.({ type: 'progress', phase });
const app = await buildServer({ logger: logging, onPhase: progress }).catch(exitOnConfigError);
progress('listening');
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : config.port;
console.log(`server on http://localhost:${actualPort} (${app.deps.engine}, ${config.mode} mode)`);
console.log(`API reference: http://localhost:${actualPort}/api/docs`);
if (config.mode === 'production' && config.sms.provider === 'outbox') {
  // Not an error: a site may log in by password only. But SMS login codes then reach nobody.
  console.warn(
    'warning: no SMS provider (SMS_PROVIDER): SMS login codes and first-login passwords go to the outbox table, which production does not show; set SMS_PROVIDER=aliyun or tencent (docs/operations.md "SMS")',
  );
}
const metricsListener =
  config.metricsEnabled && config.metricsPort !== undefined
    ? await listenForMetrics(app.deps.metrics, {
        host: config.metricsHost,
        port: config.metricsPort,
        token: config.metricsToken,
      })
    : undefined;
if (metricsListener) console.log(`metrics on http://${config.metricsHost}:${metricsListener.port}/metrics`);
if (app.deps.engine === 'pglite') {
  // PGlite in Node never fsyncs (docs/operations.md, "The embedded engine").
  console.log(
    'embedded database (PGlite): for one workstation and demos; a power loss or VM reset can lose recent writes. Production runs on PostgreSQL (DATABASE_URL).',
  );
}
if (config.seedDemo) {
  console.log(`demo accounts (password ${DEMO_PASSWORD}; log in by mobile or e-mail):`);
  for (const user of DEMO_USERS) {
    const note = user.isSuper ? ' super account' : user.mustChangePassword ? ' must change password' : '';
    console.log(
      `  ${user.mobile}  ${user.email.padEnd(26)} ${user.username}${note ? ` (${note.trim()})` : ''}`,
    );
  }
}
if (app.seeded.generatedAdminPassword) {
  console.log(
    `super account created: 13800000000 / admin@trialab.local, initial password ${app.seeded.generatedAdminPassword} (change it at first login; shown only once)`,
  );
}
/** Shutdown lines go to the JSON log in production, else to the console like the start-up lines. */
const say = (message: string) => (logging ? app.log.info(message) : console.log(message));
let stopping = false;

/**
 * Graceful stop (docs/operations.md, "Probes and shutdown"): readiness turns false at once, the
 * instance keeps serving for the drain delay while the load balancer notices, then stops accepting
 * and lets in-flight requests finish within the timeout, closes the database and exits: 0 when every
 * request finished, 1 when the timeout cut some.
 */
async function shutdown(reason: string, drainMs: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.deps.lifecycle.shuttingDown = true;
  say(`${reason}: not ready; serving ${drainMs} ms more, then stopping`);
  await sleep(drainMs);
  say(`no longer accepting; in-flight requests get up to ${config.shutdownTimeoutMs} ms`);
  let cut = false;
  const timeout = setTimeout(() => {
    cut = true;
    say(`in-flight requests did not finish within ${config.shutdownTimeoutMs} ms: cutting their connections`);
    app.server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  // server.close() waits for keep-alive connections to idle out (fastify keeps them 72 s): close
  // each one as soon as its last request is answered.
  const reap = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    await app.close();
    await metricsListener?.close();
  } finally {
    clearTimeout(timeout);
    clearInterval(reap);
  }
  say(cut ? 'stopped; some requests were cut' : 'stopped');
  process.exit(cut ? 1 : 0);
}

const onError = (error: unknown) => {
  console.error('shutdown failed', error);
  process.exit(1);
};
// `on`, not `once`: a repeated signal (Ctrl-C reaches a whole process group, init systems forward)
// must not kill the process in the middle of its drain; the timeout bounds the stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void shutdown(`received ${signal}`, config.shutdownDrainDelayMs).catch(onError));
}
// Started by the stack launcher: if the launcher dies, its IPC channel closes and we go too (no
// load balancer to wait for).
process.once('disconnect', () => shutdown('launcher gone', 0).catch(onError));
process.send?.({
  type: 'ready',
  ports: { server: actualPort },
  demoAccounts: config.seedDemo
    ? DEMO_USERS.map((user) => `${user.mobile} or ${user.email} / ${DEMO_PASSWORD} (${user.username})`)
    : [],
});
