import { defineProject, mergeConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'console',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      // A DOM for components, storage, cookies and BroadcastChannel (happy-dom supports Node 20).
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      testTimeout: 20_000,
      // The set-up's beforeAll loads every locale namespace: seconds when the two cores are busy.
      hookTimeout: 30_000,
    },
  }),
);
