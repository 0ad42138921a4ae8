import { defineConfig } from 'vitest/config';

// One runner for the whole tree: each package is a project, plus the end-to-end suite.
export default defineConfig({
  test: {
    projects: ['packages/*', 'e2e'],
  },
});
