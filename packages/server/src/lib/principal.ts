import type { sessions, users } from '../db/schema.js';

/** A session that has not ended, with its user. */
export interface SessionRow {
  session: typeof sessions.$inferSelect;
  user: typeof users.$inferSelect;
}

/** Who a request acts for: the session's user with their permissions. */
export interface Principal {
  sessionId: number;
  userId: number;
  username: string;
  type: number;
  isSuper: boolean;
  permissions: ReadonlySet<string>;
  session: SessionRow['session'];
  user: SessionRow['user'];
  /** SHA-256 of the bearer token: the session cache's key. */
  tokenHash: string;
}
