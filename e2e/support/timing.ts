import { machineFactor } from '../../vitest.shared.ts';

/** A limit of `ms` on a quiet machine, scaled to the machine as it is now. */
export function scaled(ms: number): number {
  return Math.round(ms * machineFactor());
}

/**
 * The per-test limit of a long flow (a file's whole story in one test, 25–32 s when quiet): read
 * when the file is collected, so it follows the load of the moment, not of the run's start.
 */
export const longFlow = (): number => scaled(90_000);
