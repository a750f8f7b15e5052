/**
 * Whether a thrown error says the database cannot be reached right now (stopped, restarting,
 * failing over, the network down), rather than that a statement is wrong: the one place that
 * decides it, for the HTTP apps' 503 and the outage log (DatabaseOutage). Looks through MikroORM's
 * DriverException (which copies the driver's `code`), `cause` and AggregateError's `errors`.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of an unreachable server: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery),
 * 53300 too_many_connections.
 */
const UNREACHABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What node-postgres and its pool say when the connection is gone or none could be had in time. */
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|connection (?:was )?(?:closed|lost)/i;

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNREACHABLE_STATE.test(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}
