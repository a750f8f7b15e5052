import { ResultAsync } from '@tuma/kernel';
import type { IdempotencyClaim } from '../domain/idempotency-record.ts';
import type { IdempotencyKeyStore } from './idempotency-key-store.port.ts';

/**
 * After a request with a claimed key failed on our side (a 5xx: nothing of it committed): frees
 * the key, so that the client's retry runs the request again instead of replaying a fault. A
 * record answered meanwhile (its effect committed) is kept.
 */
export class ReleaseIdempotencyKey {
  constructor(private readonly store: IdempotencyKeyStore) {}

  execute(claim: IdempotencyClaim): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(this.store.release(claim));
  }
}
