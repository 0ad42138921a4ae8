import { defineProject, mergeConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: { name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
  }),
);
