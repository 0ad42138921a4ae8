import { defineProject, mergeConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'api-contract',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Files share their worker's modules (the package and its imports load once per worker, not once
      // per file): no test mocks a module, and fake timers are put back after each test.
      isolate: false,
    },
  }),
);
