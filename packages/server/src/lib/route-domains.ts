import type { Executor } from '../db/client.js';
import type { sessions, users } from '../db/schema.js';
import type { Principal } from './route.js';
import type { SiteScope } from './scope.js';

/** A session that has not ended, with its user. */
export interface SessionRow {
  session: typeof sessions.$inferSelect;
  user: typeof users.$inferSelect;
}

/**
 * What the request pipeline asks of the domains (sessions, permissions, files, scopes). app.ts
 * supplies the modules' functions, so that lib/ imports nothing from modules/.
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
