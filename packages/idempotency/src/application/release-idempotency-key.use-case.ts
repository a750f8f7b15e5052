import { ResultAsync } from '@tuma/kernel';
import type { IdempotencyClaim } from '../domain/idempotency-record.ts';
import type { IdempotencyKeyStore } from './idempotency-key-store.port.ts';

/** Claims remembered at most: an outage leaves the requests then in flight; a bound for a long one (the others wait for their lease). */
const MAX_UNRELEASED_CLAIMS = 10_000;

/**
 * After a request with a claimed key failed on our side (a 5xx: nothing of it committed): frees
 * the key, so that the client's retry runs the request again instead of replaying a fault. A
 * record answered meanwhile (its effect committed) is kept.
 *
 * A release that fails (the database unreachable: the request's own fault was most likely the
 * same) is remembered, and `retryUnreleased` tries it again once the database answers, so that an
 * outage does not lock its keys for their whole lease (docs/reliability.md). Safe however late: a
 * release deletes only a record still of this claim's owner and unanswered, and a request whose
 * effect committed committed its answer with it (IdempotentEffects), so that key keeps replaying.
 */
export class ReleaseIdempotencyKey {
  private readonly unreleased = new Map<string, IdempotencyClaim>();

  constructor(private readonly store: IdempotencyKeyStore) {}

  execute(claim: IdempotencyClaim): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(
      this.store.release(claim).catch((error: unknown) => {
        this.releaseLater(claim);
        throw error;
      }),
    );
  }

  /** How many claims wait for their release to be tried again. */
  get waiting(): number {
    return this.unreleased.size;
  }

  /**
   * Tries the remembered releases again, until one fails (the database gone again: it and the rest
   * stay remembered for its next return). Answers how many keys were released.
   */
  async retryUnreleased(): Promise<number> {
    let released = 0;
    for (const [owner, claim] of [...this.unreleased]) {
      const freed = await this.store.release(claim).then(() => true, () => false);
      if (!freed) break;
      this.unreleased.delete(owner);
      released++;
    }
    return released;
  }

  /** Remembers a claim to release at the next `retryUnreleased`: one whose request never ran, or whose release failed. */
  releaseLater(claim: IdempotencyClaim): void {
    if (this.unreleased.size >= MAX_UNRELEASED_CLAIMS) return;
    this.unreleased.set(claim.owner, claim);
  }
}
