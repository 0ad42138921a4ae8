import { defineProject, mergeConfig } from 'vitest/config';
import { scaledLimits, sourceConditions } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Starts (if needed) the local PostgreSQL 15 cluster: integration suites run on both engines.
      globalSetup: ['test/global-setup.ts'],
      // Limits guard against a hang, not budgets: they grow with the machine's load when each file
      // starts (vitest.shared.ts).
      ...scaledLimits({ test: 45_000, hook: 90_000 }),
      // Files share their worker process: the modules (the server, drizzle, PGlite) load once per
      // worker, not once per file. Nothing in src/ keeps state between servers but idempotent
      // caches, and each suite builds its own server on its own database.
      isolate: false,
    },
  }),
);
