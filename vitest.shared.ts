import type { UserConfig } from 'vite';
import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Settings every vitest project shares: workspace packages resolve to their TypeScript sources
 * through the "@trialab/source" export condition, so tests never need a prior build.
 */
export const sourceConditions: UserConfig = {
  resolve: { conditions: ['@trialab/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@trialab/source', ...defaultServerConditions] } },
};
