import { scaled } from '../../vitest.machine.ts';

export { scaled };

/**
 * The per-test limit of a long flow (a file's whole story in one test, 25–32 s when quiet): read
 * when the file is collected, so it follows the load of the moment, not of the run's start.
 */
export const longFlow = (): number => scaled(90_000);
