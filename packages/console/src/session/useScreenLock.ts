import { useEffect } from 'react';
import { LOCK_AFTER_MS, LOGOUT_AFTER_LOCK_MS } from '../config';
import { useLock } from '../stores/lock';
import { type LockMessage, openChannel } from '../utils/channel';
import { logout, logoutOnUnload } from './actions';

export const lockChannel = openChannel<LockMessage>('lock');

const ACTIVITY_EVENTS = ['mousemove', 'click', 'keyup'] as const;
/** Other tabs hear about activity at most this often (mousemove fires constantly). */
const ACTIVE_BROADCAST_MS = 5000;

/**
 * Screen lock (SPEC section 4): 30 minutes without mouse move, click or key-up locks every tab;
 * 30 more minutes logs out; activity in any tab resets every tab's timer; unloading a locked page
 * logs out. Mounted only inside the logged-in layout, so /login never locks.
 */
export function useScreenLock(): void {
  useEffect(() => {
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let logoutTimer: ReturnType<typeof setTimeout> | undefined;
    let lastBroadcast = 0;

    const startLogoutTimer = () => {
      clearTimeout(logoutTimer);
      logoutTimer = setTimeout(() => void logout(), LOGOUT_AFTER_LOCK_MS);
    };
    const lockHere = () => {
      clearTimeout(idleTimer);
      useLock.getState().setLocked(true);
      startLogoutTimer();
    };
    const startIdleTimer = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        lockHere();
        lockChannel.post({ type: 'lock' });
      }, LOCK_AFTER_MS);
    };
    const onActivity = () => {
      if (useLock.getState().locked) return;
      startIdleTimer();
      const now = Date.now();
      if (now - lastBroadcast >= ACTIVE_BROADCAST_MS) {
        lastBroadcast = now;
        lockChannel.post({ type: 'active', at: now });
      }
    };
    const offChannel = lockChannel.subscribe((message) => {
      if (message.type === 'lock') lockHere();
      else if (message.type === 'unlock') {
        clearTimeout(logoutTimer);
        useLock.getState().setLocked(false);
        startIdleTimer();
      } else if (message.type === 'active' && !useLock.getState().locked) startIdleTimer();
    });
    // Unlocked elsewhere in this tab (the dialog): stop the logout timer, restart the idle one.
    const offStore = useLock.subscribe((state, previous) => {
      if (previous.locked && !state.locked) {
        clearTimeout(logoutTimer);
        startIdleTimer();
      }
    });
    const onPageHide = () => {
      if (useLock.getState().locked) logoutOnUnload();
    };

    if (useLock.getState().locked) startLogoutTimer();
    else startIdleTimer();
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
