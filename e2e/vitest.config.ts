import { defineProject, mergeConfig } from 'vitest/config';
import { scaledLimits, sourceConditions } from '../vitest.shared.ts';

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
      // The files share their worker's modules (playwright's client, the contract's schemas load
      // once, not once per file: some 5 s of import per file on a busy machine). Each file still
      // runs anew; what support modules keep between files is meant to be kept (the logged-in
      // states of support/console/session.ts).
      isolate: false,
      // Limits grow with the machine's load when each file starts (vitest.shared.ts); the long
      // flows set their own the same way (support/timing.ts). expect.poll waits for the page to show
      // a server's answer: as long as a locator would (10 s), not vitest's 1 s default, which a busy
      // machine overruns.
      ...scaledLimits({ test: 60_000, hook: 120_000, poll: 10_000 }),
    },
  }),
);
