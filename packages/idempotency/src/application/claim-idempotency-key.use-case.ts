import { err, GroupCommit, ok, ResultAsync, type Clock, type Result } from '@tuma/kernel';
import { idempotencyKeyInProgress, idempotencyKeyReused, type IdempotencyError } from '../domain/idempotency-errors.ts';
import { claimOf, decideClaim, newClaim, type IdempotencyClaim, type IdempotencyRecord, type IdempotentRequestSignature, type StoredResponse } from '../domain/idempotency-record.ts';
import type { IdempotencyKeyStore } from './idempotency-key-store.port.ts';

/** The request may run (it holds the key), or it is a repetition and gets the first answer again. */
export type ClaimOutcome = { readonly type: 'claimed'; readonly claim: IdempotencyClaim } | { readonly type: 'replay'; readonly response: StoredResponse };

/**
 * A takeover that lost its race means another request changed the record meanwhile: it is looked
 * at again (it is then answered, or in progress). Past this many rounds the key is busy.
 */
const ROUNDS = 3;

/** Most claims stored in one statement. */
const CLAIM_BATCH_MAX = 256;

/**
 * Before a request with an Idempotency-Key runs: claims the key for it (a committed record, so
 * every process sees it), or answers what the key already holds: the first response for the same
 * request, 422 for another request, 409 while the first is still running. A key whose request
 * stopped without an answer (its process died) is taken over once its lease has run out; a key
 * past its 24 hours is free again. Claims that arrive together are stored together (group commit:
 * one statement and one commit for a batch, a lone claim at once), as sends are.
 */
export class ClaimIdempotencyKey {
  /** Concurrent claims, stored in one statement. */
  private readonly claims: GroupCommit<IdempotencyRecord, IdempotencyRecord | undefined>;

  constructor(
    private readonly store: IdempotencyKeyStore,
    private readonly clock: Clock,
    private readonly leaseMs: number,
    /**
     * Told of a claim whose storing failed (the database unreachable): it may have committed all the
     * same (the answer lost on the way), and its request does not run, so it is to be released.
     */
    private readonly uncertain: (claim: IdempotencyClaim) => void = () => {},
  ) {
    this.claims = new GroupCommit((records) => this.store.insertOrFind(records), { maxBatch: CLAIM_BATCH_MAX });
  }

  execute(request: IdempotentRequestSignature): ResultAsync<ClaimOutcome, IdempotencyError> {
    return new ResultAsync(this.claim(request, ROUNDS));
  }

  private async claim(request: IdempotentRequestSignature, rounds: number): Promise<Result<ClaimOutcome, IdempotencyError>> {
    const now = this.clock.now();
    const fresh = newClaim(request, now, this.leaseMs);
    const existing = await this.claims.submit(fresh).catch((error: unknown) => this.failed(fresh, error));
    if (!existing) return ok({ type: 'claimed', claim: claimOf(fresh) });
    const decision = decideClaim(existing, request, now);
    switch (decision.type) {
      case 'replay':
        return ok({ type: 'replay', response: decision.response });
      case 'reused':
        return err(idempotencyKeyReused(existing.operation, decision.sameOperation));
      case 'in_progress':
        return err(idempotencyKeyInProgress(decision.retryAfterSeconds));
      case 'take_over':
        if (await this.store.replace(existing, fresh).catch((error: unknown) => this.failed(fresh, error))) return ok({ type: 'claimed', claim: claimOf(fresh) });
        return rounds > 1 ? this.claim(request, rounds - 1) : err(idempotencyKeyInProgress(1));
    }
  }

  private failed(claim: IdempotencyRecord, error: unknown): never {
    this.uncertain(claimOf(claim));
    throw error;
  }
}
