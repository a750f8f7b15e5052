import type { VerificationEnvironment, VerificationSnapshot } from '../../domain/verifications/verification.aggregate.ts';
import type { VerificationStatus } from '../../domain/verifications/verification-status.ts';

/** Whose verifications a call may see: one account's, in one environment (another's id is 404). */
export interface VerificationScope {
  readonly accountId: string;
  readonly environment: VerificationEnvironment;
}

export interface VerificationQuery extends VerificationScope {
  /** As of `now`: a pending verification past its expiry is `expired`. */
  readonly status?: VerificationStatus | undefined;
  readonly now: Date;
  /** E.164. */
  readonly to?: string | undefined;
  /** 0-based. */
  readonly page: number;
  readonly limit: number;
}

export interface VerificationPage {
  /** Newest first. */
  readonly items: readonly VerificationSnapshot[];
  readonly total: number;
}

/** One verification asked for by its caller: its id, as seen from the caller's scope. */
export interface ScopedId {
  readonly scope: VerificationScope;
  readonly id: string;
}

/** A verification as its writer read it, and as it is to be. */
export interface VerificationChange {
  readonly before: VerificationSnapshot;
  readonly after: VerificationSnapshot;
}

export interface VerificationRepository {
  /** New verifications, in one statement. */
  add(verifications: readonly VerificationSnapshot[]): Promise<void>;
  /** Changed verifications, in one statement. */
  save(verifications: readonly VerificationSnapshot[]): Promise<void>;
  find(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined>;
  /** Inside a unit of work: the row stays locked until it ends, so checks and resends of one verification take turns. */
  lock(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined>;
  /** `lock` for many at once (in id order, so concurrent lockers never deadlock): those found in their caller's scope. */
  lockAll(ids: readonly ScopedId[]): Promise<readonly VerificationSnapshot[]>;
  /** Those of `ids` found in their caller's scope, as they are now (no lock), in one statement. */
  findAll(ids: readonly ScopedId[]): Promise<readonly VerificationSnapshot[]>;
  /**
   * Writes each `after` where its row is still as `before` (its status, checks and sends: what
   * every change of a verification moves), without a lock, in one statement: the ids written.
   */
  saveIfUnchanged(changes: readonly VerificationChange[]): Promise<ReadonlySet<string>>;
  /** Inside a unit of work: those whose latest code went out in one of these SMS messages, locked in id order. */
  lockByLatestMessage(messageIds: readonly string[]): Promise<readonly VerificationSnapshot[]>;
  list(query: VerificationQuery): Promise<VerificationPage>;
  /** Pending verifications past their expiry become `expired` and lose their hash, at most `limit`: how many did. */
  expireDue(now: Date, limit: number): Promise<number>;
}
