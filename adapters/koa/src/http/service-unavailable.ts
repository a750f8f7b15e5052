import { HttpError } from './http-error.ts';

/**
 * Tells a fault that means "the database cannot be reached right now" from a bug, and notes it
 * (one log line per outage): `DatabaseOutage` of the MikroORM adapter. Without one every unexpected
 * fault is a 500.
 */
export interface OutageWatch {
  noted(error: unknown): boolean;
}

/** What a client is told to wait in an outage: the probe sees the database back within a second, and restarts and failovers take seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** 503 `service_unavailable` with Retry-After (docs/reliability.md). */
export const serviceUnavailable = (): HttpError =>
  new HttpError(
    503,
    'service_unavailable',
    `The service cannot reach its database right now; retry in ${OUTAGE_RETRY_AFTER_SECONDS} seconds`,
    undefined,
    { retry_after: OUTAGE_RETRY_AFTER_SECONDS },
    { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
  );

/** The answer to an unexpected fault: 503 when `outages` says the database is unreachable, else undefined (a 500, logged with its stack). */
export const outageAnswer = (error: unknown, outages: OutageWatch | undefined): HttpError | undefined => (outages?.noted(error) ? serviceUnavailable() : undefined);
