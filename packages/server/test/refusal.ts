import { ApiError } from '../src/lib/errors.js';

/**
 * What a rule refuses with (its message key and parameters), or null when it lets the input pass:
 * the service tests of the modules compare refusals without a database. Other errors are thrown on.
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
