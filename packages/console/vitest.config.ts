import { defineProject, mergeConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: { name: 'console', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
  }),
);
