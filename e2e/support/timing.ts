import { availableParallelism, loadavg } from 'node:os';

/**
 * How much slower than a quiet machine this one is now: the last minute's load per core, at least
 * 1, at most 6. A flow of 25–32 s on a quiet 2-core machine took over 60 s at a load of 8–15
 * (issue 25): the suite's limits are guards against a hang, not budgets, so they grow with the load
 * measured when they are set, and the waits they guard are on conditions, never on clocks.
 */
export function machineFactor(): number {
  return Math.min(6, Math.max(1, (loadavg()[0] ?? 0) / availableParallelism()));
}

/** A limit of `ms` on a quiet machine, scaled to the machine as it is now. */
export function scaled(ms: number): number {
  return Math.round(ms * machineFactor());
}

/**
 * The per-test limit of a long flow (a file's whole story in one test, 25–32 s when quiet): read
 * when the file is collected, so it follows the load of the moment, not of the run's start.
 */
export const longFlow = (): number => scaled(90_000);
