import { defineProject } from 'vitest/config';

// The launcher scripts' own logic (what setup may skip, how the launcher waits), tested without
// installing, building or starting anything; and checks over the whole tree's texts (checks/).
export default defineProject({
  test: {
    name: 'scripts',
    include: ['lib/**/*.test.ts', 'checks/**/*.test.ts'],
  },
});
