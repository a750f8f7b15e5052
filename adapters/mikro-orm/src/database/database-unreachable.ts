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

export function isDatabaseUnreachable(error: unknown): boolean {
  return anyWithin(error, ({ code, message }) => (typeof code === 'string' && (NETWORK_CODES.has(code) || UNREACHABLE_STATE.test(code))) || (typeof message === 'string' && DRIVER_MESSAGES.test(message)));
}

/** 40P01 deadlock_detected, 40001 serialization_failure: the transaction was chosen to give way; run again, it goes through. */
const GAVE_WAY_STATE = /^40(P01|001)$/;

/**
 * Whether a fault passes by itself: the database unreachable, or a transaction that gave way to
 * another (a deadlock, a serialization failure). Work that must not be lost meanwhile (the
 * carriers' answers a dispatch holds) is tried again on these, and only on these.
 */
export function isPassingDatabaseFault(error: unknown): boolean {
  return isDatabaseUnreachable(error) || anyWithin(error, ({ code }) => typeof code === 'string' && GAVE_WAY_STATE.test(code));
}

/** Whether `error`, or an error within it (`cause`, AggregateError's `errors`), satisfies `test`. */
function anyWithin(error: unknown, test: (fields: { readonly code?: unknown; readonly message?: unknown }) => boolean, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const fields = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (test(fields)) return true;
  if (Array.isArray(fields.errors) && fields.errors.some((inner) => anyWithin(inner, test, depth + 1))) return true;
  return anyWithin(fields.cause, test, depth + 1);
}
