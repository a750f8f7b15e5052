import type { Result } from '@tuma/kernel';
import type { ServiceStatus } from '../../domain/services/service-status.ts';
import type { KeywordTakenError } from '../../domain/services/two-way-errors.ts';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';

export interface ServiceListQuery {
  readonly status?: ServiceStatus;
  /** 0-based. */
  readonly page: number;
  readonly limit: number;
}

/**
 * Two-way services. A service that is not rejected or cancelled *holds* what it was given: a
 * shared one its keyword on its country's shared code (from the request on), a dedicated one its
 * number (from approval on). Ending a service frees them at once. On PostgreSQL: partial unique
 * indexes over the live rows, the keyword claimed by the insert itself.
 */
export interface TwoWayServiceRepository {
  /**
   * Stores a pending request under the next id (1, 2, 3, ...) in one conditional write: a shared
   * request whose keyword a live service of the country holds is not stored (`keyword_taken`).
   * Concurrent requests of one keyword: one wins.
   */
  add(service: Omit<TwoWayServiceSnapshot, 'id'>): Promise<Result<TwoWayServiceSnapshot, KeywordTakenError>>;
  save(service: TwoWayServiceSnapshot): Promise<void>;
  find(id: number): Promise<TwoWayServiceSnapshot | undefined>;
  /** Inside a unit of work: the row stays locked until it ends, so decisions, charges and cancels take turns. */
  lock(id: number): Promise<TwoWayServiceSnapshot | undefined>;
  /** The account's services, newest first. */
  listByAccount(accountId: string): Promise<readonly TwoWayServiceSnapshot[]>;
  /** Every account's services (or those of one status), newest first: the operator's review list. */
  list(query: ServiceListQuery): Promise<{ readonly services: readonly TwoWayServiceSnapshot[]; readonly total: number }>;
  /** The id of the live service holding the keyword (upper case) in the country. */
  keywordHolder(countryCode: string, keyword: string): Promise<number | undefined>;
  /** The id of the live dedicated service holding the number. */
  numberHolder(number: string): Promise<number | undefined>;
  /** The approved live services on a short code: the dedicated one, or the shared ones (inbound routing). */
  onNumber(number: string): Promise<readonly TwoWayServiceSnapshot[]>;
  /** Approved live services whose next charge is due by `now`: at most `limit` ids after `after`, ascending. */
  dueIds(now: Date, after: number | null, limit: number): Promise<readonly number[]>;
  /** The account's services that owe a fee (past due, or suspended for it): a top-up retries them. */
  unpaidIdsOf(accountId: string): Promise<readonly number[]>;
}
