import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../utils/storage';
import { useTabs } from './tabs';

const open = (path: string, extra: { unclose?: boolean; noCache?: boolean } = {}, options = {}) =>
  useTabs.getState().open({ path, fullPath: path, title: `menu.${path}`, ...extra }, options);
const paths = () => useTabs.getState().tabs.map((t) => t.path);

beforeEach(() => {
  useTabs.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('tabs store', () => {
  it('keeps one tab per path and updates its full path', () => {
    open('/a');
    open('/b');
    useTabs.getState().open({ path: '/a', fullPath: '/a?x=1', title: 'menu./a' });
    expect(paths()).toEqual(['/a', '/b']);
    expect(useTabs.getState().tabs[0]?.fullPath).toBe('/a?x=1');
    expect(useTabs.getState().active).toBe('/a');
  });

  it('shows only one page when multi-page is off', () => {
    open('/a', {}, { multiPage: false });
    open('/b', {}, { multiPage: false });
    expect(paths()).toEqual(['/b']);
  });

  it('refuses to close the last tab', () => {
    open('/a');
    expect(useTabs.getState().close('/a')).toEqual({ ok: false, reason: 'last' });
    expect(paths()).toEqual(['/a']);
  });

  it('moves to the right neighbour, or the left one, when the active tab closes', () => {
    open('/a');
    open('/b');
    open('/c');
    useTabs.getState().open({ path: '/b', fullPath: '/b?q=1', title: 'x' });
    expect(useTabs.getState().close('/b')).toEqual({ ok: true, navigateTo: '/c' });
    expect(useTabs.getState().close('/c')).toEqual({ ok: true, navigateTo: '/a' });
    expect(paths()).toEqual(['/a']);
  });

  it('closing an inactive tab does not navigate', () => {
    open('/a');
    open('/b');
    expect(useTabs.getState().close('/a')).toEqual({ ok: true });
    expect(useTabs.getState().active).toBe('/b');
  });

  it('never closes unclosable or locked tabs, alone or in bulk', async () => {
    vi.useFakeTimers();
    open('/home', { unclose: true });
    open('/a');
    open('/b');
    open('/c');
    open('/d');
    useTabs.getState().toggleLock('/b');
    await vi.advanceTimersByTimeAsync(199);
    expect(useTabs.getState().tabs.find((t) => t.path === '/b')?.locked).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(useTabs.getState().tabs.find((t) => t.path === '/b')?.locked).toBe(true);
    expect(useTabs.getState().close('/home')).toEqual({ ok: false, reason: 'unclosable' });
    expect(useTabs.getState().close('/b')).toEqual({ ok: false, reason: 'unclosable' });
    useTabs.getState().closeLeft('/c');
    expect(paths()).toEqual(['/home', '/b', '/c', '/d']);
    useTabs.getState().closeRight('/c');
    expect(paths()).toEqual(['/home', '/b', '/c']);
    const result = useTabs.getState().closeOthers('/home');
    expect(paths()).toEqual(['/home', '/b']);
    expect(result).toEqual({ ok: true, navigateTo: '/home' });
  });

  it('refreshes with a loading state: 200 ms for the active tab, 500 ms for others', async () => {
    vi.useFakeTimers();
    open('/a');
    open('/b');
    useTabs.getState().refresh('/b');
    useTabs.getState().refresh('/a');
    const tab = (path: string) => useTabs.getState().tabs.find((t) => t.path === path);
    expect(tab('/a')?.loading).toBe(true);
    expect(tab('/b')?.loading).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(tab('/b')).toMatchObject({ loading: false, refreshKey: 1 });
    expect(tab('/a')?.loading).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(tab('/a')).toMatchObject({ loading: false, refreshKey: 1 });
  });

  it('caches at most 5 pages, least recently used out first', () => {
    for (const p of ['/1', '/2', '/3', '/4', '/5', '/6']) open(p);
    expect(useTabs.getState().cached).toEqual(['/2', '/3', '/4', '/5', '/6']);
    open('/2');
    expect(useTabs.getState().cached).toEqual(['/3', '/4', '/5', '/6', '/2']);
  });

  it('drops not-cacheable pages from the cache when closed, keeps the others', () => {
    open('/keep');
    open('/nc', { noCache: true });
    open('/x');
    useTabs.getState().close('/nc');
    useTabs.getState().close('/keep');
    expect(useTabs.getState().cached).toEqual(['/keep', '/x']);
  });

  it('renames and edits tabs', () => {
    open('/a');
    useTabs.getState().rename('/a', 'Order 42');
    useTabs.getState().edit('/a', { fullPath: '/a?id=42' });
    expect(useTabs.getState().tabs[0]).toMatchObject({ customName: 'Order 42', fullPath: '/a?id=42' });
  });

  it('saves to session storage and restores only routes the user may open', () => {
    open('/a');
    open('/gone');
    open('/b');
    useTabs.getState().rename('/a', 'A!');
    useTabs.getState().save();
    expect(sessionStorage.getItem(STORAGE_KEYS.tabs)).toContain('/gone');
    useTabs.getState().reset();
    useTabs.getState().restore((path) => path !== '/gone');
    expect(paths()).toEqual(['/a', '/b']);
    expect(useTabs.getState().active).toBe('/b');
    expect(useTabs.getState().tabs[0]?.customName).toBe('A!');
  });

  it('ignores a malformed saved entry', () => {
    sessionStorage.setItem(STORAGE_KEYS.tabs, '{"tabs": [{"path": 3}, null, "x"], "active": 5}');
    useTabs.getState().restore(() => true);
    expect(paths()).toEqual([]);
    sessionStorage.setItem(STORAGE_KEYS.tabs, 'not json');
    useTabs.getState().restore(() => true);
    expect(paths()).toEqual([]);
  });
});
