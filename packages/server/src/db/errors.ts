/** Drizzle wraps driver errors; the PostgreSQL error (with its SQLSTATE) is the `cause`. */
function driverError(error: unknown): { code?: unknown; message?: unknown } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const cause = (error as { cause?: unknown }).cause;
  if (typeof cause === 'object' && cause !== null) return cause as { code?: unknown; message?: unknown };
  return error as { code?: unknown; message?: unknown };
}

/** SQLSTATE of a failed query, e.g. 23505 for a unique violation. */
export function sqlState(error: unknown): string | undefined {
  const code = driverError(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

export function driverMessage(error: unknown): string {
  const message = driverError(error)?.message;
  return typeof message === 'string' ? message : String(error);
}

/** Name of the violated constraint or index, e.g. `users_job_number_uq`. */
export function constraintName(error: unknown): string | undefined {
  const constraint = (driverError(error) as { constraint?: unknown } | undefined)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}
