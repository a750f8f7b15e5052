import { UndoableList } from '@tuma/kernel/testing';
import { INBOUND_MESSAGE_STATUS } from '../domain/delivery/message-status.ts';
import type { OutboundMessage } from '../domain/messages/outbound-message.ts';
import { newestConversationFirst, oldestThreadMessageFirst, type ConversationSummary, type ThreadMessage } from '../domain/inbound/conversation.ts';
import type { InboundMessage } from '../domain/inbound/inbound-message.ts';
import type { InboundAddition, InboundMessageRepository } from '../application/inbound/inbound-message.repository.port.ts';

/** Every outbound message there is, of every account: what attribution and threads read. */
export type OutboundMessages = () => Iterable<OutboundMessage>;

const inboundInThread = (message: InboundMessage): ThreadMessage => ({
  id: message.id,
  text: message.text,
  direction: 'inbound',
  status: INBOUND_MESSAGE_STATUS,
  createdAt: message.receivedAt,
});

const outboundInThread = (message: OutboundMessage): ThreadMessage => ({
  id: message.id,
  text: message.text,
  direction: 'outbound',
  status: message.delivery.status,
  createdAt: message.createdAt,
});

/**
 * Inbound messages in memory, for unit tests and embedding. The outbound side of conversations is
 * read from `outbound`, e.g. the messages an embedding application keeps.
 */
export class InMemoryInboundMessageRepository implements InboundMessageRepository {
  private readonly messages = new UndoableList<InboundMessage>();

  constructor(private readonly outbound: OutboundMessages) {}

  async add(message: InboundMessage): Promise<InboundAddition> {
    const first =
      message.carrierMessageId === null ? undefined : this.messages.find((m) => m.carrier === message.carrier && m.carrierMessageId === message.carrierMessageId);
    if (first) return { message: first, added: false };
    this.messages.push(message);
    return { message, added: true };
  }

  async lastSenderTo(phone: string): Promise<string | null> {
    const sent = [...this.outbound()].filter((m) => m.phone === phone && m.environment === 'live' && m.delivery.status !== 'rejected');
    const newest = sent.sort((a, b) => oldestThreadMessageFirst(outboundInThread(a), outboundInThread(b))).at(-1);
    return newest?.accountId ?? null;
  }

  async conversations(accountId: string, limit: number): Promise<readonly ConversationSummary[]> {
    const repliers = new Set(this.messages.filter((m) => m.accountId === accountId).map((m) => m.from));
    return [...repliers]
      .map((phone): ConversationSummary => {
        const last = this.exchange(accountId, phone).at(-1)!;
        return { phone, lastText: last.text, lastDirection: last.direction, lastAt: last.createdAt };
      })
      .sort(newestConversationFirst)
      .slice(0, limit);
  }

  async thread(accountId: string, phone: string, limit: number): Promise<readonly ThreadMessage[]> {
    return this.exchange(accountId, phone).slice(-limit);
  }

  /** Every message between the account and the number, oldest first. */
  private exchange(accountId: string, phone: string): ThreadMessage[] {
    const inbound = this.messages.filter((m) => m.accountId === accountId && m.from === phone).map(inboundInThread);
    const outbound = [...this.outbound()].filter((m) => m.accountId === accountId && m.environment === 'live' && m.phone === phone).map(outboundInThread);
    return [...inbound, ...outbound].sort(oldestThreadMessageFirst);
  }
}
