import type { OptOut, OptOutOrigin } from '../../domain/opt-outs/opt-out.model.ts';

/** What `add` did: the entry as stored, and whether this call put it there. */
export interface OptOutAddition {
  readonly optOut: OptOut;
  /** False when the number was already on the list: the first entry is kept unchanged. */
  readonly added: boolean;
}

/**
 * An account's opt-out (STOP) list. Numbers are E.164 strings as `PhoneNumber.e164` gives them;
 * every call is scoped to one account, so accounts never see each other's entries.
 *
 * Sends ask `isOptedOut`; bulk sends and pre-checks ask `optedOutAmong` once for all their
 * recipients (one round trip whatever the number of recipients).
 */
export interface OptOutList {
  isOptedOut(accountId: string, phone: string): Promise<boolean>;
  /** Those of `phones` that are on the list (each once). */
  optedOutAmong(accountId: string, phones: readonly string[]): Promise<ReadonlySet<string>>;
  /** Puts the number on the list at `at`. Idempotent: a number already on it keeps its first entry. */
  add(accountId: string, phone: string, origin: OptOutOrigin, at: Date): Promise<OptOutAddition>;
  /** Takes the number off the list; false when it was not on it. */
  remove(accountId: string, phone: string): Promise<boolean>;
  /** Newest first (then by number), at most `limit` entries. */
  list(accountId: string, limit: number): Promise<readonly OptOut[]>;
}
