import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole tree: each package is a project, plus the end-to-end suite.
export default defineConfig({
  test: {
    projects: ['packages/*', 'scripts', 'e2e'],
    // vitest's default is one worker fewer than the cores: a single one on the two-core machines
    // CI runs on, which left the second core idle while each file started.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
