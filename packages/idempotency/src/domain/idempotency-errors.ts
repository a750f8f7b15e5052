import type { DomainError } from '@tuma/kernel';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency-key.value-object.ts';

/** The key was first used for another request: another route, or the same one with another body (422). */
export interface IdempotencyKeyReusedError extends DomainError {
  readonly type: 'idempotency_key_reused';
}

/** Another request with the key has not finished yet (409); `retryAfter` seconds is when to look again. */
export interface IdempotencyKeyInProgressError extends DomainError {
  readonly type: 'idempotency_key_in_progress';
  readonly retryAfter: number;
}

export type IdempotencyError = IdempotencyKeyReusedError | IdempotencyKeyInProgressError;

export const idempotencyKeyReused = (firstUsedFor: string, sameOperation: boolean): IdempotencyKeyReusedError => ({
  type: 'idempotency_key_reused',
  message: sameOperation
    ? `This ${IDEMPOTENCY_KEY_HEADER} was first used with a different body: send a new request with a new key`
    : `This ${IDEMPOTENCY_KEY_HEADER} was first used for ${firstUsedFor}: send a new request with a new key`,
});

export const idempotencyKeyInProgress = (retryAfter: number): IdempotencyKeyInProgressError => ({
  type: 'idempotency_key_in_progress',
  retryAfter,
  message: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being handled: retry in ${retryAfter} s for its answer`,
});

/** A request that outlived its lease and lost its key to a retry: the retry answers the key now. */
export const claimTakenOver = (): IdempotencyKeyInProgressError => idempotencyKeyInProgress(1);
