import { availableParallelism, loadavg } from 'node:os';
import type { UserConfig } from 'vite';
import { defaultClientConditions, defaultServerConditions } from 'vite';

const serverConditions = ['@trialab/source', ...defaultServerConditions];

/**
 * Settings every vitest project shares: workspace packages resolve to their TypeScript sources
 * through the "@trialab/source" export condition, so tests never need a prior build. The global
 * set-up files run in vitest's own environment (`__vitest__`), which takes neither the top-level
 * nor the `ssr` conditions: without its own, a global set-up loaded the packages' built `dist`
 * (a stale or missing build failed the run before any test).
 */
export const sourceConditions: UserConfig = {
  resolve: { conditions: ['@trialab/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: serverConditions } },
  environments: { __vitest__: { resolve: { conditions: serverConditions } } },
};

/**
 * How much slower than a quiet machine this one is now: the last minute's load per core, at least
 * 1, at most 6. A flow of 25–32 s on a quiet 2-core machine took over 60 s at a load of 8–15
 * (issue 25): test limits are guards against a hang, not budgets, so they grow with the load
 * measured when they are set, and the waits they guard are on conditions, never on clocks.
 */
export function machineFactor(): number {
  return Math.min(6, Math.max(1, (loadavg()[0] ?? 0) / availableParallelism()));
}
