/**
 * The signing timestamp is Date.now() corrected by the server's clock hint: when the server
 * refuses a timestamp (TIMESTAMP_OUT_OF_WINDOW) it sends its time, and we keep the offset.
 */
export function createClock(base: () => number = Date.now) {
  let offset = 0;
  return {
    now: () => base() + offset,
    correct(serverTime: number) {
      if (Number.isFinite(serverTime)) offset = serverTime - base();
    },
    offset: () => offset,
  };
}
export type Clock = ReturnType<typeof createClock>;
