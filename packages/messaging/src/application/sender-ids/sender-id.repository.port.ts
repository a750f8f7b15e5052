import type { Result } from '@tuma/kernel';
import type { SenderIdTakenError } from '../../domain/sender-ids/sender-id-errors.ts';
import type { NewSenderIdRequest, SenderIdRequest, SenderIdStatus } from '../../domain/sender-ids/sender-id-request.aggregate.ts';
import type { SenderIdApprovals } from './sender-id-approvals.port.ts';

export interface SenderIdListQuery {
  readonly status?: SenderIdStatus;
  readonly accountId?: string;
  /** 0-based. */
  readonly page: number;
  readonly limit: number;
}

export interface SenderIdPage {
  /** Newest first. */
  readonly requests: readonly SenderIdRequest[];
  readonly total: number;
}

/**
 * Sender-ID requests. A pending or approved request *holds* its name in each of its countries for
 * its account: no second request of the same account can hold the same name in the same country
 * (names compare exactly). A rejection releases what the request held.
 */
export interface SenderIdRepository extends SenderIdApprovals {
  /**
   * Stores a new pending request under the next id (1, 2, 3, ...) with everything it holds, in one
   * step: when the account already holds the name in some of the countries, nothing is stored and
   * the answer is a `conflict` naming exactly those countries. Concurrent adds of an overlapping
   * request: one wins.
   */
  add(request: NewSenderIdRequest): Promise<Result<SenderIdRequest, SenderIdTakenError>>;
  /** With `forUpdate` (inside a unit of work) the request stays locked until the unit of work ends. */
  findById(id: number, options?: { readonly forUpdate?: boolean }): Promise<SenderIdRequest | undefined>;
  /** Stores a decision (status, reason, fee, decision time); a rejection releases what the request held. */
  save(request: SenderIdRequest): Promise<void>;
  /** The account's requests, newest first. */
  listByAccount(accountId: string): Promise<readonly SenderIdRequest[]>;
  /** Requests of every account (or one), optionally of one status, newest first. */
  list(query: SenderIdListQuery): Promise<SenderIdPage>;
}
