import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_AFTER_MS, LOGOUT_AFTER_LOCK_MS } from '../config';
import { useLock } from '../stores/lock';
import { fakeEndpoints } from '../test/fakes';
import type { LockMessage } from '../utils/channel';
import { registerNavigate } from '../utils/navigation';
import { lockChannel, useScreenLock } from './useScreenLock';

/** The session's end, passed in: the test sees when the hook logs out. */
const logout = vi.fn();
const end = { logout, logoutOnUnload: vi.fn() };

const MINUTE = 60_000;
// BroadcastChannel delivers on the real event loop, which fake timers do not drive.
const realSetTimeout = globalThis.setTimeout;
/** Waits until the other tab has heard `count` messages (a condition, not a clock: a busy machine delivers late). */
const heardAtLeast = (count: number) =>
  new Promise<void>((resolve) => {
    const check = () => (heard.length >= count ? resolve() : realSetTimeout(check, 5));
    check();
  });

/** Another tab of the same browser profile. */
let otherTab: BroadcastChannel;
let heard: LockMessage[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  useLock.setState({ locked: false, wrong: 0 });
  heard = [];
  otherTab = new BroadcastChannel('lock');
  otherTab.onmessage = (event: MessageEvent<LockMessage>) => heard.push(event.data);
});

afterEach(() => {
  otherTab.close();
  vi.useRealTimers();
  logout.mockClear();
});

/** Sends from the other tab and waits until this tab's channel has dispatched it to the hook. */
async function tell(message: LockMessage) {
  // Listeners of one channel run in the order they were added: this one after the hook's.
  const dispatched = new Promise<void>((resolve) => {
    const off = lockChannel.subscribe(() => {
      off();
      resolve();
    });
  });
  otherTab.postMessage(message);
  await dispatched;
}

describe('useScreenLock', () => {
  it('locks after 30 idle minutes and tells the other tabs when', async () => {
    renderHook(() => useScreenLock(end));
    vi.advanceTimersByTime(LOCK_AFTER_MS - 1);
    expect(useLock.getState().locked).toBe(false);
    vi.advanceTimersByTime(1);
    expect(useLock.getState().locked).toBe(true);
    await heardAtLeast(1);
    expect(heard).toEqual([{ type: 'lock', at: Date.now() }]);
    vi.advanceTimersByTime(LOGOUT_AFTER_LOCK_MS);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('logs out 30 minutes after the other tab locked, however late this tab heard of it', async () => {
    renderHook(() => useScreenLock(end));
    // This tab's timers were held up (background throttling, a sleeping computer).
    await tell({ type: 'lock', at: Date.now() - 20 * MINUTE });
    expect(useLock.getState().locked).toBe(true);
    vi.advanceTimersByTime(10 * MINUTE - 1);
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('keeps the earlier lock when two tabs lock on their own', async () => {
    renderHook(() => useScreenLock(end));
    vi.advanceTimersByTime(LOCK_AFTER_MS);
    const ownLock = Date.now();
    await tell({ type: 'lock', at: ownLock + 5 * MINUTE });
    vi.advanceTimersByTime(ownLock + LOGOUT_AFTER_LOCK_MS - Date.now());
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('counts idle time from the latest activity in any tab', async () => {
    renderHook(() => useScreenLock(end));
    vi.advanceTimersByTime(20 * MINUTE);
    await tell({ type: 'active', at: Date.now() });
    vi.advanceTimersByTime(LOCK_AFTER_MS - 1);
    expect(useLock.getState().locked).toBe(false);
    vi.advanceTimersByTime(1);
    expect(useLock.getState().locked).toBe(true);
  });

  it('activity here restarts the idle time and is passed on', async () => {
    renderHook(() => useScreenLock(end));
    vi.advanceTimersByTime(20 * MINUTE);
    window.dispatchEvent(new MouseEvent('mousemove'));
    await heardAtLeast(1);
    expect(heard).toEqual([{ type: 'active', at: Date.now() }]);
    vi.advanceTimersByTime(LOCK_AFTER_MS - 1);
    expect(useLock.getState().locked).toBe(false);
  });

  it('an unlock in another tab stops the logout and restarts the idle time', async () => {
    renderHook(() => useScreenLock(end));
    vi.advanceTimersByTime(LOCK_AFTER_MS);
    await tell({ type: 'unlock' });
    expect(useLock.getState().locked).toBe(false);
    vi.advanceTimersByTime(LOGOUT_AFTER_LOCK_MS);
    expect(logout).not.toHaveBeenCalled();
    // The idle time restarted at the unlock: locked again 30 minutes after it.
    expect(useLock.getState().locked).toBe(true);
  });

  it('by default ends the session for real: 30 more locked minutes go to /login', async () => {
    fakeEndpoints(async () => ({ code: 200, msg: 'ok', data: true }));
    const visited: string[] = [];
    registerNavigate((to) => visited.push(to));
    try {
      renderHook(() => useScreenLock());
      vi.advanceTimersByTime(LOCK_AFTER_MS);
      expect(useLock.getState().locked).toBe(true);
      await vi.advanceTimersByTimeAsync(LOGOUT_AFTER_LOCK_MS);
      expect(visited).toEqual(['/login']);
      expect(useLock.getState().locked).toBe(false);
    } finally {
      registerNavigate(undefined);
    }
  });
});
