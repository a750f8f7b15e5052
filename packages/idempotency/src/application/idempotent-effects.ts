import { err, errAsync, ok, ResultAsync, type Clock, type Result } from '@tuma/kernel';
import { claimTakenOver, type IdempotencyKeyInProgressError } from '../domain/idempotency-errors.ts';
import type { IdempotencyClaim, StoredResponse } from '../domain/idempotency-record.ts';
import type { IdempotencyKeyStore } from './idempotency-key-store.port.ts';

/**
 * What a use case that commits an effect (a charge, a message) is handed for a request with an
 * Idempotency-Key: the request's claim, and the response a repetition gets for each outcome.
 */
export interface IdempotentRequest<Outcome> {
  readonly claim: IdempotencyClaim;
  /** The response a repetition gets for this outcome; undefined when it must not be kept (a fault: the key is freed instead). */
  respond(outcome: Outcome): StoredResponse | undefined;
}

/**
 * Keeps a request's response in the same unit of work as its effect, so that they commit together
 * or not at all: a process that dies after the commit leaves the response for the retry to replay,
 * and one that dies before leaves neither (the retry runs it, once the claim's lease has run out).
 * The claim is held (locked) at the start of the unit of work: a request that outlived its lease
 * and lost its key to a retry commits nothing.
 */
export class IdempotentEffects {
  constructor(
    private readonly store: IdempotencyKeyStore,
    private readonly clock: Clock,
  ) {}

  /**
   * `work` inside the caller's unit of work for one request: refused (409) when its claim was taken
   * over; when it succeeds, its response is kept with its writes. An Err rolls the unit of work
   * back: the caller's answer to it is kept afterwards, like any refusal.
   */
  within<T, E>(request: IdempotentRequest<Result<T, E>> | undefined, work: () => ResultAsync<T, E>): ResultAsync<T, E | IdempotencyKeyInProgressError> {
    if (!request) return work();
    return ResultAsync.fromSafePromise(this.hold([request])).andThen(([held]): ResultAsync<T, E | IdempotencyKeyInProgressError> =>
      held ? work().andThen((value) => ResultAsync.fromSafePromise(this.complete([{ request, outcome: ok(value) }])).map(() => value)) : errAsync(claimTakenOver()),
    );
  }

  /**
   * A batch of items written in the caller's one unit of work (a group commit), each with its own
   * outcome: `work` gets the items whose claim is held (or that have no key), in order, and every
   * outcome it answers is kept with its claim; an item whose claim was taken over is answered
   * `takenOver(error)` without being written.
   */
  async inBatch<Item, T, E>(
    items: readonly Item[],
    requestOf: (item: Item) => IdempotentRequest<Result<T, E>> | undefined,
    work: (held: readonly Item[]) => Promise<readonly Result<T, E>[]>,
  ): Promise<Result<T, E | IdempotencyKeyInProgressError>[]> {
    const requests = items.map(requestOf);
    const held = await this.hold(requests);
    const kept = items.filter((_, index) => held[index]);
    const outcomes = await work(kept);
    await this.complete(kept.map((item, index) => ({ request: requestOf(item), outcome: outcomes[index]! })));
    let next = 0;
    return items.map((_, index) => (held[index] ? outcomes[next++]! : err(claimTakenOver())));
  }

  /**
   * In the caller's unit of work that undoes a request's effect after its response was kept with it
   * (Verify's start: the carrier refused the SMS whose charge, verification and answer had
   * committed; the refund undoes it): frees the key, so that a retry runs the request again rather
   * than replaying a success that no longer holds.
   */
  async withdraw(request: Pick<IdempotentRequest<never>, 'claim'> | undefined): Promise<void> {
    if (request) await this.store.forget(request.claim);
  }

  /** By position: whether each request may commit its effect (its claim held until the unit of work ends); true where there is no key. */
  private async hold(requests: readonly (IdempotentRequest<never> | undefined)[]): Promise<boolean[]> {
    const keyed = requests.flatMap((request, index) => (request ? [{ index, claim: request.claim }] : []));
    const answer = requests.map(() => true);
    if (keyed.length === 0) return answer;
    const held = await this.store.hold(keyed.map(({ claim }) => claim));
    keyed.forEach(({ index }, at) => (answer[index] = held[at]!));
    return answer;
  }

  /** Keeps, in the caller's unit of work, the response of each request with a key (as its `respond` renders its outcome). */
  private async complete<Outcome>(finished: readonly { readonly request: IdempotentRequest<Outcome> | undefined; readonly outcome: Outcome }[]): Promise<void> {
    const responses = finished.flatMap(({ request, outcome }) => {
      const response = request?.respond(outcome);
      return request && response ? [{ claim: request.claim, response }] : [];
    });
    if (responses.length > 0) await this.store.complete(responses, this.clock.now());
  }
}
