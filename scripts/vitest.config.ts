import { defineProject } from 'vitest/config';

// The launcher scripts' own logic (what setup may skip), tested without installing or building.
export default defineProject({
  test: {
    name: 'scripts',
    include: ['lib/**/*.test.ts'],
  },
});
