import { ApiError } from './errors.js';

/**
 * For the unit tests of a module's rules: the message key and parameters an `ApiError` refusal
 * carries, or null when the rule lets the call through (any other error is rethrown).
 */
export function refusal(run: () => unknown): { key: string | undefined; params: unknown } | null {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { key: error.options.key, params: error.options.params };
    throw error;
  }
  return null;
}
