/** Conversations: the exchange between an account and each number that replied (the spec's "Conversation"). */
import type { MessageStatus } from '../delivery/message-status.ts';

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** One number that has replied to the account, with its newest message either way. */
export interface ConversationSummary {
  /** E.164. */
  readonly phone: string;
  readonly lastText: string;
  readonly lastDirection: MessageDirection;
  readonly lastAt: Date;
}

/** A message of a thread: inbound (`mo_...`, `received`) or outbound (`msg_...`, its delivery status). */
export interface ThreadMessage {
  readonly id: string;
  readonly text: string;
  readonly direction: MessageDirection;
  readonly status: MessageStatus;
  /** When it was received (inbound) or created (outbound). */
  readonly createdAt: Date;
}

/** The spec's limits: conversations up to 500, 100 by default; a thread up to 500, 200 by default. */
export const CONVERSATION_LIST_MAX_LIMIT = 500;
export const CONVERSATION_LIST_DEFAULT_LIMIT = 100;
export const THREAD_MAX_LIMIT = 500;
export const THREAD_DEFAULT_LIMIT = 200;

/** The order of conversations: newest activity first, then by number. */
export const newestConversationFirst = (a: ConversationSummary, b: ConversationSummary): number =>
  b.lastAt.getTime() - a.lastAt.getTime() || compareCodeUnits(a.phone, b.phone);

/** The order of a thread: oldest first, then by id (as PostgreSQL's "C" collation compares). */
export const oldestThreadMessageFirst = (a: ThreadMessage, b: ThreadMessage): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || compareCodeUnits(a.id, b.id);

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
