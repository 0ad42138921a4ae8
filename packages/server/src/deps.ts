import type { Config } from './config.js';
import type { Database, Engine } from './db/client.js';
import type { FileStore } from './lib/file-store.js';
import type { ServerMetrics } from './lib/metrics.js';
import type { RouteDomains } from './lib/route-domains.js';
import type { SessionCache } from './lib/session-cache.js';
import type { OAuthProvider } from './modules/auth/wechat.js';
import type { ServerSecrets } from './secrets.js';
import type { SeedResult } from './seed/seed.js';
import type { GuardedNotifier } from './services/notifications/notifier.js';

/** Milliseconds since the epoch; injectable so tests can move time. */
export type Clock = () => number;

/** What every module needs; decorated on the fastify instance as `deps`. */
export interface Deps {
  db: Database;
  /** Writes that may be lost in a database crash without harm (nonces); see db/client.ts. */
  relaxedDb: Database;
  engine: Engine;
  /** Where file bytes live; the `files` table holds their metadata. */
  files: FileStore;
  sessionCache: SessionCache;
  config: Config;
  /** Keys read at start from files or the environment, never from the database (lib/secrets.ts). */
  secrets: ServerSecrets;
  clock: Clock;
  /** Failures are logged and answered "could not send" (see GuardedNotifier). */
  notifier: GuardedNotifier;
  wx: OAuthProvider | null;
  version: string;
  /** The domains' functions the request pipeline calls (lib/ imports nothing from modules/). */
  domains: RouteDomains;
  /** What the first start seeded (main.ts prints a generated admin password once). */
  seeded: SeedResult;
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

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    /** Base64 MD5 of the exact body bytes received (set by the JSON parser). */
    bodyMd5?: string;
  }
}
