import { availableParallelism, loadavg } from 'node:os';

// Apart from vitest.shared.ts (which loads vite) because test files read it too: the limits' set-up
// file (vitest.limits.ts) and the e2e suite's own waits (e2e/support/timing.ts).

/**
 * How much slower than a quiet machine this one is now: the last minute's load per core, at least
 * 1, at most 6. A flow of 25–32 s on a quiet 2-core machine took over 60 s at a load of 8–15
 * (issue 25): test limits are guards against a hang, not budgets, so they grow with the load
 * measured when they are set, and the waits they guard are on conditions, never on clocks.
 */
export function machineFactor(): number {
  return Math.min(6, Math.max(1, (loadavg()[0] ?? 0) / availableParallelism()));
}

/** A limit of `ms` on a quiet machine, scaled to the machine as it is now. */
export function scaled(ms: number): number {
  return Math.round(ms * machineFactor());
}
