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
  const releaseKey = new ReleaseIdempotencyKey(keyStore);
  return {
    // A claim that may have been stored though its request never ran is released once the database answers.
    claimKey: new ClaimIdempotencyKey(keyStore, clock, ports.leaseMs ?? DEFAULT_LEASE_MS, (claim) => releaseKey.releaseLater(claim)),
    recordResponse: new RecordIdempotentResponse(keyStore, clock),
    releaseKey,
    purgeExpired: new PurgeExpiredIdempotencyKeys(keyStore, clock),
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
