import { describe, expect, it } from 'vitest';
import type { ActiveSessionRow } from './session.js';
import { type CachedAuth, SessionCache } from './session-cache.js';

const auth = (id: number): CachedAuth => ({
  row: { session: { id, lastSeenAt: new Date(0) }, user: { id } } as unknown as ActiveSessionRow,
  permissions: ['a:b:c'],
});

describe('SessionCache', () => {
  it('serves what was stored until the TTL runs out', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, live: true });
    cache.set('t', auth(1), cache.generation, 5000);
    expect(cache.get('t', 5999)?.row.session.id).toBe(1);
    expect(cache.get('t', 6000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops an entry when the clock goes backwards', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, live: true });
    cache.set('t', auth(1), cache.generation, 5000);
    expect(cache.get('t', 4999)).toBeUndefined();
  });

  it('does not store a look-up that started before an invalidation', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, live: true });
    const started = cache.generation;
    cache.invalidate();
    cache.set('t', auth(1), started, 0);
    expect(cache.get('t', 1)).toBeUndefined();
    cache.set('t', auth(1), cache.generation, 0);
    expect(cache.get('t', 1)).toBeDefined();
  });

  it('caches nothing while the change channel is down, and empties when it goes down', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, live: true });
    cache.set('t', auth(1), cache.generation, 0);
    cache.setLive(false);
    expect(cache.size).toBe(0);
    cache.set('t', auth(1), cache.generation, 0);
    expect(cache.get('t', 1)).toBeUndefined();
    cache.setLive(true);
    cache.set('t', auth(1), cache.generation, 0);
    expect(cache.get('t', 1)).toBeDefined();
  });

  it('evicts the oldest entry beyond its size', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 2, live: true });
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, auth(i), cache.generation, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.row.session.id).toBe(2);
  });

  it('records touches so the idle check sees them', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 2, live: true });
    cache.set('t', auth(1), cache.generation, 0);
    cache.touched('t', new Date(500));
    expect(cache.get('t', 600)?.row.session.lastSeenAt.getTime()).toBe(500);
  });
});
