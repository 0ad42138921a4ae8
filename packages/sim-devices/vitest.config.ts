import { defineProject, mergeConfig } from 'vitest/config';
import { scaledLimits, sourceConditions } from '../../vitest.shared.ts';

// Limits guard against a hang, not budgets: they grow with the machine's load when each file
// starts (vitest.shared.ts); the CLI tests start simulators as child processes through tsx.
export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'sim-devices',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Files share their worker's modules (the package and its imports load once per worker, not once
      // per file): no test mocks a module, and fake timers are put back after each test.
      isolate: false,
      ...scaledLimits({ test: 30_000, hook: 30_000 }),
    },
  }),
);
