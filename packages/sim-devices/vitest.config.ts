import { defineProject, mergeConfig } from 'vitest/config';
import { scaledLimits, sourceConditions } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'sim-devices',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Files share their worker's modules (the package and its imports load once per worker, not once
      // per file): no test mocks a module, and fake timers are put back after each test.
      isolate: false,
      // Guards against a hang, scaled to the machine's load when each file starts (vitest.shared.ts):
      // the CLI tests start programs in child processes, and at a load of 20 vitest's fixed 5 s (and
      // the CLI tests' own 30 s) were overrun by flows that pass in seconds on a quiet machine.
      ...scaledLimits({ test: 30_000, hook: 30_000 }),
    },
  }),
);
