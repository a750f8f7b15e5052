import type { ConversationSummary, ThreadMessage } from '../../domain/inbound/conversation.ts';
import type { InboundMessage } from '../../domain/inbound/inbound-message.ts';

/** What `add` did: the message as stored, and whether this call stored it. */
export interface InboundAddition {
  readonly message: InboundMessage;
  /** False when the carrier delivered it before: the first one is kept and comes back. */
  readonly added: boolean;
}

/**
 * Inbound messages, and the conversations they make with the account's outbound messages. Only
 * `live` outbound messages count: test messages never reach a phone, so nobody answers them.
 */
export interface InboundMessageRepository {
  /**
   * Stores the message. Idempotent per (carrier, carrier message id) when the id is given, also
   * against a concurrent add of the same message: a repeat stores nothing and returns the first.
   */
  add(message: InboundMessage): Promise<InboundAddition>;
  /**
   * The account of the newest live outbound message to `phone` that was not rejected (rejected
   * messages never left us), whatever its account; null when there is none.
   */
  lastSenderTo(phone: string): Promise<string | null>;
  /**
   * The numbers that replied to the account (an inbound message attributed to it), each with its
   * newest message in either direction, newest activity first (then by number), at most `limit`.
   */
  conversations(accountId: string, limit: number): Promise<readonly ConversationSummary[]>;
  /**
   * The newest `limit` messages between the account and `phone`, the inbound ones attributed to it
   * and its live outbound ones, oldest first (then by id).
   */
  thread(accountId: string, phone: string, limit: number): Promise<readonly ThreadMessage[]>;
}
