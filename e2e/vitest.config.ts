import { defineProject, mergeConfig } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';
import { scaled } from './support/timing.ts';

// End-to-end tests: the built stack (as `npm start` runs it, on ephemeral ports with a fresh
// database) driven through Debian's Chromium. Files run one at a time: they share one stack.
export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'e2e',
      include: ['tests/**/*.test.ts'],
      globalSetup: ['./support/global-setup.ts'],
      fileParallelism: false,
      // Limits grow with the machine's load when the run starts (support/timing.ts); the long flows
      // set their own from the load when their file starts.
      testTimeout: scaled(60_000),
      // expect.poll waits for the page to show a server's answer: as long as a locator would (10 s),
      // not vitest's 1 s default, which a busy machine overruns.
      expect: { poll: { timeout: scaled(10_000) } },
      hookTimeout: scaled(120_000),
    },
  }),
);
