import type { ForwardAttempt, ForwardLogEntry, ForwardOutcome } from '../../domain/forwards/forward-attempt.ts';
import type { Forward } from '../../domain/forwards/forward.ts';

export interface ForwardLogQuery {
  readonly accountId: string;
  readonly forwardId: string;
  /** The last id of the previous page (newest first). */
  readonly after?: string | undefined;
  readonly offset?: number | undefined;
  readonly limit: number;
}

/** Forwards (`mail_forward`) and what each re-sent (`mail_forward_attempt`). */
export interface ForwardRepository {
  /** Stores a new forward; false, writing nothing, when its domain has that alias already. */
  add(forward: Forward): Promise<boolean>;
  /** The account's forwards, newest first. */
  list(accountId: string): Promise<readonly Forward[]>;
  /** The account's forward; another account's id is not found. */
  find(accountId: string, id: string): Promise<Forward | undefined>;
  /** False when the account has no such forward. Its log goes with it. */
  remove(accountId: string, id: string): Promise<boolean>;
  /** The forward of the domain taking mail to `alias` (lower-case): that alias's, else the catch-all's. */
  matching(domainId: string, alias: string): Promise<Forward | undefined>;

  addAttempt(attempt: ForwardAttempt): Promise<void>;
  findAttempt(id: string): Promise<ForwardAttempt | undefined>;
  /** Settles a pending attempt and drops its message; false when it was settled already. */
  settleAttempt(id: string, outcome: Exclude<ForwardOutcome, 'pending'>, error: string | null, at: Date): Promise<boolean>;
  /** One forward's log, newest first. */
  log(query: ForwardLogQuery): Promise<readonly ForwardLogEntry[]>;
}
