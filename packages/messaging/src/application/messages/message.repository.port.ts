import type { Money } from '@tuma/kernel';
import type { OutboundMessageStatus } from '../../domain/delivery/message-status.ts';
import type { MessageEnvironment, OutboundMessage } from '../../domain/messages/outbound-message.ts';

/** What makes two sends duplicates of each other. */
export interface DuplicateKey {
  readonly accountId: string;
  readonly environment: MessageEnvironment;
  readonly phone: string;
  readonly text: string;
}

/** A duplicate to look for: the key, sent at or after `since`. */
export interface DuplicateQuery {
  readonly key: DuplicateKey;
  readonly since: Date;
}

export interface MessageQuery {
  readonly accountId: string;
  /** Null: both environments. */
  readonly environment: MessageEnvironment | null;
  readonly status?: OutboundMessageStatus | undefined;
  readonly phone?: string | undefined;
  readonly batchId?: string | undefined;
  /** Bounds on created_at: `from` included, `to` excluded (the API's one date rule). */
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
  /** 0-based. */
  readonly page: number;
  readonly limit: number;
}

export interface MessagePage {
  /** Newest first. */
  readonly messages: readonly OutboundMessage[];
  readonly total: number;
}

export interface BatchTotals {
  readonly total: number;
  /** Status -> count, only statuses that occur. */
  readonly counts: Readonly<Partial<Record<OutboundMessageStatus, number>>>;
  /** Sum of the members' costs; null when the batch has no members. */
  readonly cost: Money | null;
}

/**
 * Outbound messages. Reads are scoped to one account; the `lock...` methods serve the workers and
 * hold the rows (PostgreSQL `for update`) until the current unit of work ends, so two workers never
 * decide about the same message at once.
 */
export interface MessageRepository {
  /** Inserts new messages, in bulk (a 100k-member batch is a handful of statements). */
  add(messages: readonly OutboundMessage[]): Promise<void>;
  /**
   * For each query, the newest message with its key created at or after its `since` that is not
   * failed or rejected (undefined at its index when there is none). Serializes callers with the
   * same keys until the end of the unit of work (keys taken in a fixed order), so two identical
   * concurrent sends cannot both miss each other. One or two statements whatever the number.
   */
  findRecentDuplicates(queries: readonly DuplicateQuery[]): Promise<readonly (OutboundMessage | undefined)[]>;
  find(accountId: string, id: string): Promise<OutboundMessage | undefined>;
  /** Those of `ids` that are the account's (any order). */
  findMany(accountId: string, ids: readonly string[]): Promise<readonly OutboundMessage[]>;
  list(query: MessageQuery): Promise<MessagePage>;
  batchTotals(accountId: string, batchId: string): Promise<BatchTotals>;
  /** Members of a batch, newest first (then by position, last first). */
  batchMembers(accountId: string, batchId: string, page: number, limit: number): Promise<readonly OutboundMessage[]>;
  /** The messages of `ids` that exist, of any account, as they are now (no lock: for `saveDeliveryIfUnchanged`). */
  findByIds(ids: readonly string[]): Promise<readonly OutboundMessage[]>;
  /** Locks and returns the messages of `ids` that exist. */
  lockByIds(ids: readonly string[]): Promise<readonly OutboundMessage[]>;
  /** Locks and returns the members of a batch at positions `fromSeq` to `toSeq` (both included), by position. */
  lockBatchRange(batchId: string, fromSeq: number, toSeq: number): Promise<readonly OutboundMessage[]>;
  /** The message that has `carrierMessageId` among its parts on `carrier`, as it is now (no lock). */
  findByCarrierMessageId(carrier: string, carrierMessageId: string): Promise<OutboundMessage | undefined>;
  /** Locks and returns the message that has `carrierMessageId` among its parts on `carrier`. */
  lockByCarrierMessageId(carrier: string, carrierMessageId: string): Promise<OutboundMessage | undefined>;
  /** Writes the delivery state (and carrier) of messages read before, in bulk. */
  saveDelivery(messages: readonly OutboundMessage[]): Promise<void>;
  /**
   * Writes each `after`'s delivery state (and carrier) where the row still has `before`'s (its
   * status, retry count and part outcomes), without reading or locking the rows first: one
   * statement. The ids written; a row something else changed meanwhile is left as it is.
   */
  saveDeliveryIfUnchanged(changes: readonly DeliveryChange[]): Promise<ReadonlySet<string>>;
}

/** A message's delivery as its writer last knew it, and as it is to be. */
export interface DeliveryChange {
  readonly before: OutboundMessage;
  readonly after: OutboundMessage;
}
