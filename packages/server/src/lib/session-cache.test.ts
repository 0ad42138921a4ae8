import { describe, expect, it } from 'vitest';
import type { SessionRow } from './principal.js';
import { type CachedAuth, SessionCache } from './session-cache.js';

const auth = (id: number): CachedAuth => ({
  row: { session: { id, lastSeenAt: new Date(0) }, user: { id } } as unknown as SessionRow,
  permissions: new Set(['a:b:c']),
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

  it('shares one look-up among the requests of a token that arrive while it runs', async () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, live: true });
    let lookUps = 0;
    let answer: (value: CachedAuth) => void = () => undefined;
    const lookUp = () => {
      lookUps += 1;
      return new Promise<CachedAuth>((resolve) => {
        answer = resolve;
      });
    };
    const first = cache.load('t', 0, lookUp);
    const second = cache.load('t', 0, lookUp);
    answer(auth(7));
    expect((await first)?.row.session.id).toBe(7);
    expect((await second)?.row.session.id).toBe(7);
    expect(lookUps).toBe(1);
    expect((await cache.load('t', 1, lookUp))?.row.session.id).toBe(7); // served from the cache
    expect(lookUps).toBe(1);
  });

  it('starts a new look-up for requests after an invalidation, and stores neither the raced one', async () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, live: true });
    const answers: ((value: CachedAuth) => void)[] = [];
    const lookUp = () => new Promise<CachedAuth>((resolve) => answers.push(resolve));
    const before = cache.load('t', 0, lookUp);
    cache.invalidate(); // e.g. NOTIFY: the user was disabled while the first look-up ran
    const after = cache.load('t', 0, lookUp);
    expect(answers).toHaveLength(2);
    answers[0]?.(auth(1));
    await before;
    expect(cache.get('t', 1)).toBeUndefined();
    answers[1]?.(auth(2));
    expect((await after)?.row.session.id).toBe(2);
    expect(cache.get('t', 1)?.row.session.id).toBe(2);
  });

  it('does not keep a failed look-up', async () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10, live: true });
    await expect(cache.load('t', 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.load('t', 0, async () => auth(3)))?.row.session.id).toBe(3);
  });
});
