import { ResultAsync, type Clock } from '@tuma/kernel';
import type { IdempotencyClaim, StoredResponse } from '../domain/idempotency-record.ts';
import type { IdempotencyKeyStore } from './idempotency-key-store.port.ts';

/**
 * After a request with a claimed key answered without committing an effect (a refusal such as 402
 * or 400 from the use case): keeps that answer for its repetitions. Answers committed with an
 * effect were kept in the effect's own unit of work (`IdempotentEffects`). Nothing happens when the
 * claim is no longer the record's owner or the record is answered already.
 */
export class RecordIdempotentResponse {
  constructor(
    private readonly store: IdempotencyKeyStore,
    private readonly clock: Clock,
  ) {}

  execute(claim: IdempotencyClaim, response: StoredResponse): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(this.store.complete([{ claim, response }], this.clock.now()));
  }
}
