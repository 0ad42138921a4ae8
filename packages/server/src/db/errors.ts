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

/** Node's socket errors of a connection that cannot be made or was cut. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres and PGlite say of a connection lost or never made (they set no code): the
 * server went away mid-query, a client of the pool broke, the pool's connect timeout, a closed pool
 * or embedded database (shutting down).
 */
const CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * Whether a query failed because the database could not be reached, not because of the query:
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shutting down, crashed or
 * starting up), 53300 (no connection slot left), a socket error or a lost connection. The request
 * is answered 503 (plugins/envelope.ts) and readiness is false until the database answers again.
 */
export function isConnectionError(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    const { code, message, cause } = at as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (SOCKET_ERRORS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') {
        return true;
      }
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    at = cause;
  }
  return false;
}
