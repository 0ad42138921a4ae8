/**
 * Time as the supervisors see it. The default looks the globals up at call time, so tests that install
 * fake timers after the bridge was built still drive every poll, pause and scheduled restart.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface GlobalTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => (globalThis as unknown as GlobalTimers).setTimeout(callback, ms),
  clearTimeout: (handle) => (globalThis as unknown as GlobalTimers).clearTimeout(handle),
};

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
