import type { Clock } from '@tuma/kernel';
import { ClaimIdempotencyKey } from './application/claim-idempotency-key.use-case.ts';
import type { IdempotencyKeyStore } from './application/idempotency-key-store.port.ts';
import { PurgeExpiredIdempotencyKeys } from './application/purge-expired-idempotency-keys.use-case.ts';
import { RecordIdempotentResponse } from './application/record-idempotent-response.use-case.ts';
import { ReleaseIdempotencyKey } from './application/release-idempotency-key.use-case.ts';

/**
 * How long a claimed key is left to its request before a retry may take it over, when that request
 * never answered (its process died): longer than any request runs. A retry meanwhile gets 409.
 */
export const DEFAULT_LEASE_MS = 60_000;

export interface IdempotencyPorts {
  readonly keyStore: IdempotencyKeyStore;
  readonly clock: Clock;
  readonly leaseMs?: number;
}

/** The use cases around a request with an Idempotency-Key, built from their ports. */
export function createIdempotency(ports: IdempotencyPorts) {
  const { keyStore, clock } = ports;
  return {
    claimKey: new ClaimIdempotencyKey(keyStore, clock, ports.leaseMs ?? DEFAULT_LEASE_MS),
    recordResponse: new RecordIdempotentResponse(keyStore, clock),
    releaseKey: new ReleaseIdempotencyKey(keyStore),
    purgeExpired: new PurgeExpiredIdempotencyKeys(keyStore, clock),
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
