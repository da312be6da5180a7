import pg from 'pg';

/**
 * PostgreSQL could not be reached for a connection (stopped, restarting, the network or the host
 * gone, the pool's wait for a connection over): whatever the socket or the server said, the pool
 * wraps it in this, so it is not mistaken for another service's network failure.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super(`PostgreSQL cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

const SERVER_CODES = new Set([
  '57P01', // admin_shutdown: a fast or immediate stop, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** A connection lost in the middle of a query: node-postgres hands the socket's error on as it is. */
const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** node-postgres's own words for a connection that ended under a query. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
];

/**
 * Whether a failure means PostgreSQL cannot be reached right now (restarting, stopped, shutting
 * down, out of connections, the connection cut), rather than a fault of the request or the code:
 * such a request is answered 503, and succeeds again once the database is back without restarting
 * the server (the pool drops dead connections and opens new ones).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  // Class 08 is "connection exception" (08000, 08003, 08006, ...).
  if (error instanceof pg.DatabaseError)
    return SERVER_CODES.has(error.code ?? '') || (error.code ?? '').startsWith('08');
  const code = (error as NodeJS.ErrnoException).code;
  if (code && SOCKET_CODES.has(code)) return true;
  return CLIENT_MESSAGES.some((pattern) => pattern.test(error.message));
}
