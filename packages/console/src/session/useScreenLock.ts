import { useEffect } from 'react';
import { LOCK_AFTER_MS, LOGOUT_AFTER_LOCK_MS } from '../config';
import { useLock } from '../stores/lock';
import { type LockMessage, openChannel } from '../utils/channel';
import { logout, logoutOnUnload } from './actions';

export const lockChannel = openChannel<LockMessage>('lock');

/** How the session ends: the real actions, or a test's fakes. */
interface SessionEnd {
  logout(): Promise<void> | void;
  logoutOnUnload(): void;
}

const ACTIVITY_EVENTS = ['mousemove', 'click', 'keyup'] as const;
/** Other tabs hear about activity at most this often (mousemove fires constantly). */
const ACTIVE_BROADCAST_MS = 5000;

/**
 * Screen lock (SPEC section 4): 30 minutes without mouse move, click or key-up locks every tab;
 * 30 more minutes logs out; activity in any tab resets every tab's timer; unloading a locked page
 * logs out. Mounted only inside the logged-in layout, so /login never locks.
 *
 * Deadlines are wall-clock moments shared by the tabs (the last activity, the lock), not "30
 * minutes from whenever this tab heard": a tab that hears of the lock late, or whose timers were
 * throttled in the background or stopped while the computer slept, still logs out when the others
 * do.
 */
export function useScreenLock(end: SessionEnd = { logout, logoutOnUnload }): void {
  // Read once, at mount: the session's end is fixed while the layout is mounted.
  useEffect(() => {
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let logoutTimer: ReturnType<typeof setTimeout> | undefined;
    let lastActivityAt = Date.now();
    let lockedAt: number | undefined;
    let lastBroadcast = 0;

    const after = (deadline: number, run: () => void) => setTimeout(run, Math.max(0, deadline - Date.now()));

    const startLogoutTimer = (at: number) => {
      // Two tabs may lock on their own at nearly the same time: the earlier lock counts.
      lockedAt = lockedAt === undefined ? at : Math.min(lockedAt, at);
      clearTimeout(logoutTimer);
      logoutTimer = after(lockedAt + LOGOUT_AFTER_LOCK_MS, () => void end.logout());
    };
    const lockHere = (at: number) => {
      clearTimeout(idleTimer);
      useLock.getState().setLocked(true);
      startLogoutTimer(at);
    };
    const startIdleTimer = (activeAt: number) => {
      lastActivityAt = Math.max(lastActivityAt, activeAt);
      clearTimeout(idleTimer);
      idleTimer = after(lastActivityAt + LOCK_AFTER_MS, () => {
        const at = Date.now();
        lockHere(at);
        lockChannel.post({ type: 'lock', at });
      });
    };
    const stopLogoutTimer = () => {
      clearTimeout(logoutTimer);
      lockedAt = undefined;
    };
    const onActivity = () => {
      if (useLock.getState().locked) return;
      const now = Date.now();
      startIdleTimer(now);
      if (now - lastBroadcast >= ACTIVE_BROADCAST_MS) {
        lastBroadcast = now;
        lockChannel.post({ type: 'active', at: now });
      }
    };
    const offChannel = lockChannel.subscribe((message) => {
      if (message.type === 'lock') lockHere(message.at);
      else if (message.type === 'unlock') {
        stopLogoutTimer();
        useLock.getState().setLocked(false);
        startIdleTimer(Date.now());
      } else if (message.type === 'active' && !useLock.getState().locked) startIdleTimer(message.at);
    });
    // Unlocked elsewhere in this tab (the dialog): stop the logout timer, restart the idle one.
    const offStore = useLock.subscribe((state, previous) => {
      if (previous.locked && !state.locked) {
        stopLogoutTimer();
        startIdleTimer(Date.now());
      }
    });
    const onPageHide = () => {
      if (useLock.getState().locked) end.logoutOnUnload();
    };

    // A tab opened while the others are locked does not know when they locked: it counts from now.
    if (useLock.getState().locked) startLogoutTimer(Date.now());
    else startIdleTimer(lastActivityAt);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearTimeout(idleTimer);
      clearTimeout(logoutTimer);
      offChannel();
      offStore();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
}

/** Unlock in this tab: every tab closes its dialog. */
export function broadcastUnlock(): void {
  useLock.getState().setLocked(false);
  lockChannel.post({ type: 'unlock' });
}
