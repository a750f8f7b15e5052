import { Money } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import type { OutboundMessageStatus } from '../domain/delivery/message-status.ts';
import type { BatchTotals, DeliveryChange, DuplicateQuery, MessagePage, MessageQuery, MessageRepository } from '../application/messages/message.repository.port.ts';
import { OutboundMessage } from '../domain/messages/outbound-message.ts';

/** Newest first; messages created in the same millisecond by id (ULIDs), then by batch position. */
const newestFirst = (a: OutboundMessage, b: OutboundMessage): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (b.batchSeq ?? 0) - (a.batchSeq ?? 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Messages in a Map, for unit tests and embedding; locks are no-ops (one caller at a time). */
export class InMemoryMessageRepository implements MessageRepository {
  private readonly messages = new UndoableMap<string, OutboundMessage>();

  async add(messages: readonly OutboundMessage[]): Promise<void> {
    for (const message of messages) {
      if (this.messages.has(message.id)) throw new Error(`Message ${message.id} exists already`);
    }
    for (const message of messages) this.messages.set(message.id, message);
  }

  async findRecentDuplicates(queries: readonly DuplicateQuery[]): Promise<readonly (OutboundMessage | undefined)[]> {
    return queries.map(({ key, since }) =>
      this.all()
        .filter(
          (m) =>
            m.accountId === key.accountId &&
            m.environment === key.environment &&
            m.phone === key.phone &&
            m.text === key.text &&
            m.createdAt.getTime() >= since.getTime() &&
            m.delivery.status !== 'failed' &&
            m.delivery.status !== 'rejected',
        )
        .sort(newestFirst)[0],
    );
  }

  async find(accountId: string, id: string): Promise<OutboundMessage | undefined> {
    const message = this.messages.get(id);
    return message?.accountId === accountId ? message : undefined;
  }

  async findMany(accountId: string, ids: readonly string[]): Promise<readonly OutboundMessage[]> {
    return [...new Set(ids)].flatMap((id) => {
      const message = this.messages.get(id);
      return message?.accountId === accountId ? [message] : [];
    });
  }

  async list(query: MessageQuery): Promise<MessagePage> {
    const matching = this.all()
      .filter(
        (m) =>
          m.accountId === query.accountId &&
          (query.environment === null || m.environment === query.environment) &&
          (query.status === undefined || m.delivery.status === query.status) &&
          (query.phone === undefined || m.phone === query.phone) &&
          (query.batchId === undefined || m.batchId === query.batchId) &&
          (query.from === undefined || m.createdAt.getTime() >= query.from.getTime()) &&
          (query.to === undefined || m.createdAt.getTime() < query.to.getTime()),
      )
      .sort(newestFirst);
    const start = query.page * query.limit;
    return { messages: matching.slice(start, start + query.limit), total: matching.length };
  }

  async batchTotals(accountId: string, batchId: string): Promise<BatchTotals> {
    const members = this.membersOf(accountId, batchId);
    const counts: Partial<Record<OutboundMessageStatus, number>> = {};
    for (const m of members) counts[m.delivery.status] = (counts[m.delivery.status] ?? 0) + 1;
    const cost = members.length === 0 ? null : members.reduce((sum, m) => sum.add(m.cost), Money.zero(members[0]!.cost.currency));
    return { total: members.length, counts, cost };
  }

  async batchMembers(accountId: string, batchId: string, page: number, limit: number): Promise<readonly OutboundMessage[]> {
    return this.membersOf(accountId, batchId)
      .sort(newestFirst)
      .slice(page * limit, page * limit + limit);
  }

  async findByIds(ids: readonly string[]): Promise<readonly OutboundMessage[]> {
    return [...new Set(ids)].flatMap((id) => this.messages.get(id) ?? []);
  }

  /** One process, one statement at a time: nothing to lock against. */
  lockByIds(ids: readonly string[]): Promise<readonly OutboundMessage[]> {
    return this.findByIds(ids);
  }

  async lockBatchRange(batchId: string, fromSeq: number, toSeq: number): Promise<readonly OutboundMessage[]> {
    return this.all()
      .filter((m) => m.batchId === batchId && m.batchSeq !== null && m.batchSeq >= fromSeq && m.batchSeq <= toSeq)
      .sort((a, b) => a.batchSeq! - b.batchSeq!);
  }

  async findByCarrierMessageId(carrier: string, carrierMessageId: string): Promise<OutboundMessage | undefined> {
    return this.all().find((m) => m.carrier === carrier && m.delivery.carrierMessageIds.includes(carrierMessageId));
  }

  lockByCarrierMessageId(carrier: string, carrierMessageId: string): Promise<OutboundMessage | undefined> {
    return this.findByCarrierMessageId(carrier, carrierMessageId);
  }

  async saveDelivery(messages: readonly OutboundMessage[]): Promise<void> {
    for (const message of messages) {
      const stored = this.messages.get(message.id);
      if (!stored) throw new Error(`Message ${message.id} does not exist`);
      this.messages.set(message.id, OutboundMessage.rehydrate({ ...stored, carrier: message.carrier, delivery: message.delivery }));
    }
  }

  async saveDeliveryIfUnchanged(changes: readonly DeliveryChange[]): Promise<ReadonlySet<string>> {
    const written = new Set<string>();
    for (const { before, after } of changes) {
      const stored = this.messages.get(before.id)?.delivery;
      const unchanged =
        stored && stored.status === before.delivery.status && stored.retryCount === before.delivery.retryCount && JSON.stringify(stored.partOutcomes) === JSON.stringify(before.delivery.partOutcomes);
      if (!unchanged) continue;
      await this.saveDelivery([after]);
      written.add(after.id);
    }
    return written;
  }

  private membersOf(accountId: string, batchId: string): OutboundMessage[] {
    return this.all().filter((m) => m.accountId === accountId && m.batchId === batchId);
  }

  /** Every message, of every account (what `InMemoryMessageReports` aggregates). */
  all(): OutboundMessage[] {
    return [...this.messages.values()];
  }
}
