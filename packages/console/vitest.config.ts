import { defineProject, mergeConfig } from 'vitest/config';
import { scaledLimits, sourceConditions } from '../../vitest.shared.ts';

// Guards against a hang, not budgets, scaled to the machine's load when each file starts
// (vitest.shared.ts): antd forms take seconds when the run's other workers and the e2e suite share
// the two cores, and the set-up's beforeAll loads every locale namespace. The set-up scales
// testing-library's waits (findBy, waitFor) by the same factor.
const limits = scaledLimits({ test: 45_000, hook: 30_000 });

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'console',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      // A DOM for components, storage, cookies and BroadcastChannel (happy-dom supports Node 20).
      environment: 'happy-dom',
      // Files share their worker's modules (antd, React, the locales load once per worker, not once
      // per file): tests pass fakes in (src/test/fakes.ts), never module mocks, and the set-up puts
      // shared state back before each file.
      isolate: false,
      ...limits,
      setupFiles: [...limits.setupFiles, './src/test/setup.ts'],
    },
  }),
);
