import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { machineFactor } from './vitest.machine.ts';

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

/** A project's limits on a quiet machine, in ms: per test, per hook and (optional) per `expect.poll`. */
export interface QuietLimits {
  test: number;
  hook: number;
  poll?: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project's quiet-machine limits, scaled when each file starts (vitest.limits.ts). */
    quietLimits: QuietLimits;
  }
}

/**
 * The test options that give a project `limits` scaled to the machine's load when each file
 * starts, not once when the run starts: a run is quiet at its start and busy later (the e2e suite
 * beside the unit tests, other work on the machine), and a file's limits follow the load of its
 * own start. The set-up file runs before the project's own set-up files (vitest.limits.ts); the
 * values here are what the run starts with.
 */
export function scaledLimits(limits: QuietLimits) {
  const factor = machineFactor();
  return {
    setupFiles: [fileURLToPath(new URL('./vitest.limits.ts', import.meta.url))],
    provide: { quietLimits: limits },
    testTimeout: limits.test * factor,
    hookTimeout: limits.hook * factor,
    ...(limits.poll === undefined ? {} : { expect: { poll: { timeout: limits.poll * factor } } }),
  };
}
