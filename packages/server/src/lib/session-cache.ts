import type { SessionRow } from './principal.js';

/** What one authenticated request needs from the database: the session, its user, their permissions. */
export interface CachedAuth {
  row: SessionRow;
  /** Built once per look-up, not once per request. */
  permissions: ReadonlySet<string>;
}

/**
 * The longest a cached look-up is served: the bound on how long a disabled user, an ended session
 * or a revoked permission can still act on an instance whose NOTIFY did not arrive (a connection
 * that died silently). NOTIFY normally empties the cache within milliseconds.
 */
export const SESSION_CACHE_TTL_MS = 1_000;

interface Entry extends CachedAuth {
  storedAt: number;
}

/**
 * Per-instance cache of bearer-token look-ups, so a signed request does not pay two queries
 * before its own work. Changes reach it through invalidation, bounded by the TTL:
 * - this instance drops everything after each of its own state-changing requests commits;
 * - every instance drops everything when the database announces a change to sessions, users,
 *   roles or permissions (NOTIFY trialab_auth, fired by triggers at commit, migration 0011);
 * - while that channel is down nothing is cached, and a look-up that raced with a change
 *   (the generation moved between its read and its store) is not stored;
 * - whatever happens to NOTIFY, no entry is served longer than SESSION_CACHE_TTL_MS (1 s).
 * Expiry and idle checks still run on every request against the cached row.
 * Another instance may therefore accept a just-ended session for the milliseconds NOTIFY
 * takes to arrive, and never for more than a second (docs/operations.md, "Several instances").
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Look-ups in flight, shared by the requests of one token that arrive meanwhile. */
  private readonly loading = new Map<string, Promise<CachedAuth | undefined>>();
  private generationCounter = 0;
  private live: boolean;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; live: boolean }) {
    this.live = options.live;
  }

  /** Changes whenever the cache is dropped; a look-up stores only under the generation it started in. */
  get generation(): number {
    return this.generationCounter;
  }

  get(tokenHash: string, now: number): CachedAuth | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.options.ttlMs || now < entry.storedAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /**
   * The cached look-up, else one look-up for all the requests of this token that arrive before it
   * answers (after an invalidation or expiry, a hundred concurrent requests of one user would
   * otherwise each query the database). Requests arriving after an invalidation start a new one.
   */
  async load(
    tokenHash: string,
    now: number,
    lookUp: () => Promise<CachedAuth | undefined>,
  ): Promise<CachedAuth | undefined> {
    const cached = this.get(tokenHash, now);
    if (cached) return cached;
    let pending = this.loading.get(tokenHash);
    if (!pending) {
      const generation = this.generationCounter;
      pending = lookUp().then(
        (value) => {
          if (this.loading.get(tokenHash) === pending) this.loading.delete(tokenHash);
          if (value) this.set(tokenHash, value, generation, now);
          return value;
        },
        (error: unknown) => {
          if (this.loading.get(tokenHash) === pending) this.loading.delete(tokenHash);
          throw error;
        },
      );
      this.loading.set(tokenHash, pending);
    }
    return pending;
  }

  set(tokenHash: string, value: CachedAuth, generation: number, now: number): void {
    if (!this.live || generation !== this.generationCounter) return;
    if (this.entries.size >= this.options.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { ...value, storedAt: now });
  }

  /** Records a session touch so the idle check on cached rows sees it. */
  touched(tokenHash: string, at: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.row = { ...entry.row, session: { ...entry.row.session, lastSeenAt: at } };
  }

  invalidate(): void {
    this.generationCounter += 1;
    this.entries.clear();
    this.loading.clear();
  }

  /** Whether the change channel is listening; caching is off (and the cache empty) while it is not. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }
}
