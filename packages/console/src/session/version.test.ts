import { afterEach, describe, expect, it, vi } from 'vitest';
import { newerVersion } from './version';

function setMeta(version: string | null) {
  document.head.querySelector('meta[name="version"]')?.remove();
  if (version === null) return;
  const meta = document.createElement('meta');
  meta.name = 'version';
  meta.content = version;
  document.head.append(meta);
}

const answer = (body: unknown, ok = true) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status: ok ? 200 : 404 }));

afterEach(() => setMeta(null));

describe('newerVersion', () => {
  it('asks /version.json with a cache-busting timestamp and no cache', async () => {
    setMeta('1');
    const fetchFn = answer({ version: '1' });
    await newerVersion(fetchFn, 42);
    expect(fetchFn).toHaveBeenCalledWith('/version.json?v=42', { cache: 'no-store' });
  });
  it('reports a different server version', async () => {
    setMeta('1');
    await expect(newerVersion(answer({ version: '2' }))).resolves.toBe('2');
    await expect(newerVersion(answer({ version: '1' }))).resolves.toBeNull();
  });
  it('stays quiet on errors, bad bodies and pages without a version', async () => {
    setMeta('1');
    await expect(newerVersion(answer({ version: 2 }))).resolves.toBeNull();
    await expect(newerVersion(answer({}, false))).resolves.toBeNull();
    await expect(
      newerVersion(vi.fn<typeof fetch>(async () => Promise.reject(new Error('down')))),
    ).resolves.toBeNull();
    setMeta(null);
    const fetchFn = answer({ version: '2' });
    await expect(newerVersion(fetchFn)).resolves.toBeNull();
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
