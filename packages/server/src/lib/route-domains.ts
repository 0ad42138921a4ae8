import type { Database, Executor } from '../db/client.js';
import type { Principal, SessionRow } from './principal.js';
import type { SiteScope } from './scope.js';
import type { SessionCache } from './session-cache.js';

/**
 * What the request pipeline asks of the domains (sessions, permissions, files, scopes). app.ts
 * supplies the services' functions, so that lib/ imports nothing outside lib/ and db/.
 */
export interface RouteDomains {
  sha256Hex(text: string): string;
  findOpenSession(db: Executor, tokenHash: string): Promise<SessionRow | undefined>;
  isSessionActive(row: SessionRow, now: Date, idleMs: number): boolean;
  touchSession(db: Executor, sessionId: number, now: Date): Promise<unknown>;
  permissionStrings(db: Executor, userId: number): Promise<string[]>;
  hasPermission(principal: Principal, permission: string): boolean;
  assertMayAttach(
    db: Executor,
    principal: Principal,
    named: Array<{ id: number; images: boolean }>,
  ): Promise<void>;
  /** The caller's site/project scope (behind `ctx.scope()`). */
  siteScope(db: Executor, principal: Principal): Promise<SiteScope>;
}

/** The settings the pipeline reads (a part of the server's `Config`). */
export interface PipelineConfig {
  sessionIdleMs: number;
  passwordExpireDays: number;
  idempotencyKeyTtlMs: number;
  validateResponses: boolean;
  labTimeZone: string;
}

/** What `route()` needs of the app: a part of `Deps` (deps.ts), declared here so lib/ needs no more. */
export interface PipelineDeps {
  db: Database;
  /** Writes that may be lost in a database crash without harm (nonces); see db/client.ts. */
  relaxedDb: Database;
  config: PipelineConfig;
  sessionCache: SessionCache;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  clock: () => number;
  /** The domains' functions the pipeline calls. */
  domains: RouteDomains;
}

/**
 * The rest of what the app holds for handlers (the notifier, file store, secrets...): empty here,
 * widened by deps.ts through declaration merging, so that lib/ names nothing of the domains.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by deps.ts (declaration merging)
export interface AppDeps {}

/** What handlers find in `ctx.deps` and the app in `app.deps`. */
export type HandlerDeps = PipelineDeps & AppDeps;

declare module 'fastify' {
  interface FastifyInstance {
    deps: HandlerDeps;
  }
}
