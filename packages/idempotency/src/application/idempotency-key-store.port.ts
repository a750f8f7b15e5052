import type { IdempotencyClaim, IdempotencyRecord, StoredResponse } from '../domain/idempotency-record.ts';

/** A response to keep for a claim. */
export interface ClaimResponse {
  readonly claim: IdempotencyClaim;
  readonly response: StoredResponse;
}

/**
 * Where keys' records live: one per (account, environment, key). Every change but `insertOrFind`
 * is conditional on the record still being in the state its caller saw (same owner, answered or
 * not), so two processes deciding about one key never both win.
 */
export interface IdempotencyKeyStore {
  /**
   * By position: stores each claim whose key is free in its scope and answers undefined for it;
   * for the others, answers the record that holds the key (writing nothing). Of two claims of one
   * key in one call, the first is stored and the second gets it. Outside any unit of work: each
   * stored claim is committed when this answers.
   */
  insertOrFind(claims: readonly IdempotencyRecord[]): Promise<readonly (IdempotencyRecord | undefined)[]>;
  /** Puts `fresh` in the place of `current` if the record still has current's owner and is still unanswered (or answered) as current was; whether it did. */
  replace(current: IdempotencyRecord, fresh: IdempotencyRecord): Promise<boolean>;
  /**
   * Inside the caller's unit of work: for each claim (by position), whether it is still its record's
   * owner and unanswered. Those that are stay locked until the unit of work ends, so nobody takes
   * them over before its writes and their responses commit together.
   */
  hold(claims: readonly IdempotencyClaim[]): Promise<readonly boolean[]>;
  /** Keeps each claim's response, where the claim is still its record's owner and unanswered. */
  complete(responses: readonly ClaimResponse[], at: Date): Promise<void>;
  /** Deletes the claim's record if it is still its owner's and unanswered: the key is free again. */
  release(claim: IdempotencyClaim): Promise<void>;
  /**
   * Deletes the claim's record if it is still its owner's, answered or not: for an effect undone
   * after its response was kept with it (a compensation in the caller's unit of work), so that the
   * key is free again and a retry runs the request.
   */
  forget(claim: IdempotencyClaim): Promise<void>;
  /** Deletes up to `limit` records whose lifetime ended by `now`; answers how many. */
  purgeExpired(now: Date, limit: number): Promise<number>;
}
