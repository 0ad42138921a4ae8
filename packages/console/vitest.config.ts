import { defineProject, mergeConfig } from 'vitest/config';
import { machineFactor, sourceConditions } from '../../vitest.shared.ts';

// Limits grow with the machine's load when the run starts (a guard against a hang, not a budget).
const factor = machineFactor();

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'console',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      // A DOM for components, storage, cookies and BroadcastChannel (happy-dom supports Node 20).
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      // Files share their worker's modules (antd, React, the locales load once per worker, not once
      // per file): tests pass fakes in (src/test/fakes.ts), never module mocks, and the set-up puts
      // shared state back before each file.
      isolate: false,
      // A guard against a hung test, not a budget: antd forms take seconds when the run's other
      // workers and the e2e suite share the two cores.
      testTimeout: 45_000 * factor,
      // The set-up's beforeAll loads every locale namespace: seconds when the two cores are busy.
      hookTimeout: 30_000 * factor,
      // The set-up scales testing-library's waits (findBy, waitFor) by it too.
      env: { TRIALAB_LOAD_FACTOR: String(factor) },
    },
  }),
);
