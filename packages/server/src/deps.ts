import type { Config } from './config.js';
import type { Engine } from './db/client.js';
import type { FileStore } from './lib/file-store.js';
import type { ServerMetrics } from './lib/metrics.js';
import type { PipelineDeps } from './lib/route-domains.js';
import type { OAuthProvider } from './modules/auth/wechat.js';
import type { ServerSecrets } from './secrets.js';
import type { GuardedNotifier } from './services/notifications/notifier.js';

/** Milliseconds since the epoch; injectable so tests can move time. */
export type Clock = () => number;

/**
 * What every module needs; decorated on the fastify instance as `deps`. The request pipeline
 * (lib/route.ts) knows only its own part, `PipelineDeps`.
 */
export interface Deps extends PipelineDeps {
  engine: Engine;
  /** Where file bytes live; the `files` table holds their metadata. */
  files: FileStore;
  config: Config;
  /** Keys read at start from files or the environment, never from the database (secrets.ts). */
  secrets: ServerSecrets;
  /** Failures are logged and answered "could not send" (see GuardedNotifier). */
  notifier: GuardedNotifier;
  wx: OAuthProvider | null;
  version: string;
  /** This instance's Prometheus metrics (lib/metrics.ts). */
  metrics: ServerMetrics;
  /** What readiness reads besides the database (plugins/infrastructure.ts). */
  lifecycle: Lifecycle;
}

export interface Lifecycle {
  /** The LISTEN connection of the session cache is up (always, once started, on PGlite). */
  listening: boolean;
  /** Set by main.ts at SIGTERM: readiness answers 503 from then on. */
  shuttingDown: boolean;
}

// ctx.deps and app.deps are the whole Deps (lib/route-domains.ts declares only the pipeline's part).
declare module './lib/route-domains.js' {
  interface AppDeps extends Deps {}
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Base64 MD5 of the exact body bytes received (set by the JSON parser). */
    bodyMd5?: string;
  }
}
